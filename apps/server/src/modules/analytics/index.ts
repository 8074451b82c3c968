import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createMobileHasher } from './mobile-hash.ts';
import { analyticsRoutes } from './routes.ts';
import { createAnalyticsStore, type AnalyticsStore } from './store.ts';

/**
 * The analytics capability: a batched event store and pbguc/event/produce. One insert per event
 * gave ≈ 0.09 of the shielded no-op route's throughput (issue 13 §3); events now go in as the
 * visits do, one multi-row insert per batch, with the same batching per database kind (see
 * modules/visits/index.ts for the measurements). Queued events are written before the database
 * closes (onClose hooks run in reverse order of registration).
 */
export function registerAnalytics(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: AppConfig,
  now?: () => number,
): AnalyticsStore {
  const store = createAnalyticsStore(database.db, {
    hashMobile: createMobileHasher(config.piiHashKey),
    maxConcurrentFlushes: database.kind === 'postgres' ? 2 : 1,
    maxWaitMs: database.kind === 'postgres' ? 'turn' : 1,
    now,
  });
  analyticsRoutes(app, store);
  app.addHook('onClose', () => store.drain());
  return store;
}
