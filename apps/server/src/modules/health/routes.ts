import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/** Liveness and readiness for orchestrators: /readyz fails while the database is unreachable. */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await database.ping();
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'database unreachable', database: database.kind });
  });
}
