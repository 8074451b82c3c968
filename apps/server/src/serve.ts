import { buildApp } from './app.ts';
import { loadConfig } from './config/index.ts';
import { createMetrics } from './observability/metrics.ts';
import { listenMetrics } from './observability/metrics-server.ts';

/** Reads config, migrates (inside buildApp), listens, and shuts down gracefully on signals. */
export interface ServeOptions {
  /** Runs after the server closed, before the process exits (the tracer flushes its spans). */
  beforeExit?: () => Promise<void>;
}

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
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, close the database.
    app.close().then(
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
