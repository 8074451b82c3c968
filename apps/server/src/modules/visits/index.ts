import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { ingestionBatchingFor } from '../../lib/group-commit.ts';
import { watchWriteQueue, writeQueueOptions } from '../health/index.ts';
import { visitRoutes } from './routes.ts';
import { createVisitService } from './service.ts';
import { createVisitStore } from './store.ts';
import { createVisitorCookie } from './visitor-cookie.ts';

/**
 * The visits capability: batched store, visitor cookie, service and route. Queued visits are
 * written before the database closes (onClose hooks run in reverse order of registration, after
 * in-flight requests have finished).
 */
export const visitsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const { database, config, now } = deps;
  const store = createVisitStore(database.db, {
    ...ingestionBatchingFor(database.kind),
    queue: writeQueueOptions(deps, 'visit'),
  });
  watchWriteQueue(deps, 'visit', store);
  const cookie = createVisitorCookie({
    environment: config.environment,
    keys: config.cookieKeys,
    activeKid: config.activeCookieKid,
    domain: config.cookieDomain,
  });
  visitRoutes(app, createVisitService({ store, cookie, now }));
  app.addHook('onClose', () => store.drain());
  return Promise.resolve();
};
