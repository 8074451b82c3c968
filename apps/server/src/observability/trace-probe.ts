/**
 * Run by tracing.test.ts in a process of its own (instrumentations patch modules as they load, so
 * the probe must start tracing before anything imports pg): for each database kind named in
 * PROBE_DATABASE_KINDS (comma-separated), one request to a route that reads the database, its spans
 * printed as one JSON line. One process for every kind: each start of one costs seconds.
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { startTracing } from './tracing.ts';

const exporter = new InMemorySpanExporter();
const tracing = startTracing({ exporter, synchronous: true });
const { getTestInstance } = await import('../test/instance.ts');
try {
  for (const kind of (process.env.PROBE_DATABASE_KINDS ?? 'pglite').split(',')) {
    const server = await getTestInstance(kind === 'postgres' ? 'postgres' : 'pglite');
    try {
      exporter.reset(); // the migrations' spans; only the request's are printed
      const reply = await server.app.inject({
        url: '/readyz',
        headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      });
      const spans = exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        traceId: span.spanContext().traceId,
        attributes: span.attributes,
      }));
      console.log(JSON.stringify({ kind, status: reply.statusCode, requestId: reply.headers['x-request-id'], spans }));
    } finally {
      await server.close();
    }
  }
} finally {
  await tracing.shutdown();
}
