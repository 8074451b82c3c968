import { register } from 'node:module';
import { trace } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import FastifyOtelInstrumentation from '@fastify/otel';

/**
 * OpenTelemetry traces, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts imports this
 * file dynamically, before anything imports pg or ioredis, so their instrumentations can patch
 * them; nothing of OpenTelemetry is loaded otherwise). Spans: each Fastify request (@fastify/otel,
 * through Fastify's diagnostics channel), each PostgreSQL query (statement text only: no
 * parameter values), each Redis command (the command name only). The exporter reads the standard
 * OTEL_EXPORTER_OTLP_* variables; the service name is OTEL_SERVICE_NAME or "pravesh-api".
 */
export interface Tracing {
  shutdown(): Promise<void>;
}

export function startTracing(options: { exporter?: SpanExporter; synchronous?: boolean } = {}): Tracing {
  // ESM modules (pg and ioredis imported from our ESM code) are patched through import-in-the-middle.
  // Only the two drivers are wrapped: the hook would otherwise rewrap every module, our own TypeScript included.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'ioredis'] } });
  const exporter = options.exporter ?? new OTLPTraceExporter();
  const processor: SpanProcessor = options.synchronous
    ? new SimpleSpanProcessor(exporter)
    : new BatchSpanProcessor(exporter);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || 'pravesh-api' }),
    spanProcessors: [processor],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // Parameter values are customers' data (ASVS V7.1.1): the statement text only.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      // Keys can hold identifiers: the command name only.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
    },
  };
}
