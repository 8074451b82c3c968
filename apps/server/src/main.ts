import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/index.ts';

/** Reads config, migrates (inside buildApp), listens, and shuts down gracefully on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, close the database.
    app.close().then(
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
    `Pravesh API (${config.environment}, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}) on ${config.publicUrl}` +
      (config.docsEnabled ? `, docs at ${config.publicUrl}/docs` : ' (docs off: PRAVESH_DOCS_ENABLED=1 serves them)'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
