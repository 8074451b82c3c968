import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
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
    // PGlite runs one statement at a time. On PostgreSQL two batches in flight keep the database
    // busy while the next one gathers, and a batch gathers what one event-loop turn has read from
    // the sockets ('turn'). Measured at 50 connections on 2 cores (bench/visit-ingestion.ts,
    // interleaved rounds): on PostgreSQL 2 × turn beat 2 × 1 ms by 4–8 % and 3 × turn by 6 %
    // (earlier, 2 × 1 ms beat 4 × 2 ms, 1 × 1 ms, 2 × 0 ms and 8 × 0 ms by 5–25 %); on PGlite
    // 1 × turn gave the same visits/s as 1 × 1 ms but a worse p99 (23–117 ms against 20–36 ms).
    maxConcurrentFlushes: database.kind === 'postgres' ? 2 : 1,
    maxWaitMs: database.kind === 'postgres' ? 'turn' : 1,
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
