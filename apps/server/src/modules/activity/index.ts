import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { activityRoutes } from './routes.ts';
import { createActivityService } from './service.ts';
import { createActivityStore } from './store.ts';

export { activityDataRightsPart } from './data-rights.ts';

/** The shared-activity capability: pbguc/activity and pbguc/getApplicationData. */
export const activityModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  activityRoutes(app, createActivityService(createActivityStore(deps.db), deps.now), deps.customerAuth);
  return Promise.resolve();
};
