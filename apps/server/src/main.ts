/**
 * The server's entry point. Tracing starts first, and only when an OTLP endpoint is configured
 * (OpenTelemetry's own variable): its instrumentations patch pg and ioredis as they are imported,
 * so everything else is imported after it, and nothing of OpenTelemetry loads otherwise.
 */
import { ConfigError } from './config/shared.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

try {
  let beforeExit: (() => Promise<void>) | undefined;
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import('./observability/tracing.ts');
    const tracing = startTracing();
    beforeExit = () => tracing.shutdown();
  }
  const { serve } = await import('./serve.ts');
  await serve({ beforeExit });
} catch (error) {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirLockedError) console.error(`error: ${error.message}`);
  else console.error(error);
  process.exit(1);
}
