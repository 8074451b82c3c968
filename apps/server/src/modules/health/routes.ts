import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Readiness } from '../../lib/readiness.ts';

/**
 * Liveness and readiness for orchestrators: /healthz answers while the process runs; /readyz
 * fails while the write path is stuck or the database does not answer in time, and once shutdown
 * has begun (readiness.ts).
 */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle, readiness: Readiness): void {
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const answer = await readiness.check();
    return reply
      .status(answer.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: answer.ready ? 'ready' : answer.reason, database: database.kind });
  });
}
