import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { visitRoutes } from './routes.ts';
import { createVisitService } from './service.ts';
import { createVisitStore, type VisitStore } from './store.ts';
import { createVisitorCookie } from './visitor-cookie.ts';

/**
 * The visits capability: batched store, visitor cookie, service and route. Queued visits are
 * written before the database closes (onClose hooks run in reverse order of registration, after
 * in-flight requests have finished).
 */
export function registerVisits(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: AppConfig,
  now?: () => number,
): VisitStore {
  const store = createVisitStore(database.db, {
    // PGlite runs one statement at a time; a pg pool (10 by default) takes a few batches at once
    // and keeps connections free for every other route.
    maxConcurrentFlushes: database.kind === 'postgres' ? 4 : 1,
  });
  const cookie = createVisitorCookie({
    environment: config.environment,
    keys: config.cookieKeys,
    activeKid: config.activeCookieKid,
    domain: config.cookieDomain,
  });
  visitRoutes(app, createVisitService({ store, cookie, now }));
  app.addHook('onClose', () => store.drain());
  return store;
}
