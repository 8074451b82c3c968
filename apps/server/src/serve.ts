import { buildApp } from './app.ts';
import { loadConfig } from './config/index.ts';
import { stopGracefully } from './modules/health/index.ts';
import { createMetrics } from './observability/metrics.ts';
import { listenMetrics } from './observability/metrics-server.ts';

export interface ServeOptions {
  /** Runs after the server closed, before the process exits (the tracer flushes its spans). */
  beforeExit?: () => Promise<void>;
}

/** Reads config, migrates (inside buildApp), listens, and shuts down gracefully on signals. */
export async function serve(options: ServeOptions = {}): Promise<void> {
  const config = loadConfig();
  const metrics = createMetrics();
  const app = await buildApp(config, { metrics });
  const metricsServer = await listenMetrics(metrics, config.metrics);
  if (metricsServer) app.addHook('onClose', () => metricsServer.close());
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready at once; then stop accepting, let in-flight requests finish, flush, close the database.
    // Ctrl-C (SIGINT) on a laptop needs no balancer to notice first.
    const delayMs = signal === 'SIGTERM' ? config.database.shutdownDelayMs : 0;
    stopGracefully(app, signal, { delayMs }).then(
      async () => {
        await options.beforeExit?.().catch(() => undefined);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Pravesh API (${config.environment}, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}) on ${config.publicUrl}` +
      (config.docsEnabled ? `, docs at ${config.publicUrl}/docs` : ' (docs off: PRAVESH_DOCS_ENABLED=1 serves them)'),
  );
}
