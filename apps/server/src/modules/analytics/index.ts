import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { createMobileHasher } from './mobile-hash.ts';
import { watchWriteQueue, writeQueueOptions } from '../health/index.ts';
import { analyticsRoutes } from './routes.ts';
import { createAnalyticsStore } from './store.ts';

/**
 * Analytics events (spec 000 §7 pbguc/event/produce). One insert per event gave ≈ 0.09 of the
 * shielded no-op route's throughput (issue 13 §3); events go in as the visits do, one multi-row
 * insert per batch, with the same batching per database kind (modules/visits/index.ts has the
 * measurements). Queued events are written before the database closes.
 */
export const analyticsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const store = createAnalyticsStore(deps.db, {
    hashMobile: createMobileHasher(deps.config.piiHashKey),
    maxConcurrentFlushes: deps.database.kind === 'postgres' ? 2 : 1,
    maxWaitMs: deps.database.kind === 'postgres' ? 'turn' : 1,
    queue: writeQueueOptions(deps, 'analytics event'),
    now: deps.now,
  });
  watchWriteQueue(deps, 'analytics event', store);
  analyticsRoutes(app, store);
  app.addHook('onClose', () => store.drain());
  return Promise.resolve();
};
export { normaliseMobile } from './mobile-hash.ts';
