import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { createMobileHasher } from './mobile-hash.ts';
import { analyticsRoutes } from './routes.ts';
import { createAnalyticsStore } from './store.ts';

/** Analytics events (spec 000 §7 pbguc/event/produce). */
export const analyticsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  analyticsRoutes(app, createAnalyticsStore(deps.db, { hashMobile: createMobileHasher(deps.config.piiHashKey) }));
  return Promise.resolve();
};
