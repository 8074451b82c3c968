import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { stopGracefully } from './modules/health/shutdown.ts';

/** Reads config, migrates (inside buildApp), listens, and shuts down gracefully on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready at once; then stop accepting, let in-flight requests finish, flush, close the database.
    // Ctrl-C (SIGINT) on a laptop needs no balancer to notice first.
    const delayMs = signal === 'SIGTERM' ? config.database.shutdownDelayMs : 0;
    stopGracefully(app, signal, { delayMs }).then(
      () => process.exit(0),
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
    `Pravesh API (${config.environment}, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}) on ${config.publicUrl}, docs at ${config.publicUrl}/docs`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof DataDirLockedError) {
    console.error(`error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
