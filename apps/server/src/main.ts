/**
 * The server's entry point. Tracing starts first, and only when an OTLP endpoint is configured
 * (OpenTelemetry's own variable): its instrumentations patch pg and ioredis as they are imported,
 * so everything else is imported after it, and nothing of OpenTelemetry loads otherwise.
 */
import { ConfigError } from './config/shared.ts';

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
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}
