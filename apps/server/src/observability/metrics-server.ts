import Fastify, { type FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../config/observability.ts';
import type { Metrics } from './metrics.ts';
import { sendMetrics } from './plugin.ts';

/**
 * GET /metrics on a port of its own (PRAVESH_METRICS_PORT): reachable by the scraper's network
 * only, so it needs no token and never shares the API's rate limits or shield.
 */
export async function listenMetrics(metrics: Metrics, config: MetricsConfig): Promise<FastifyInstance | undefined> {
  if (config.port === undefined) return undefined;
  const server = Fastify({ logger: false });
  server.get('/metrics', (_request, reply) => sendMetrics(metrics, reply));
  await server.listen({ host: config.host, port: config.port });
  return server;
}
