import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { hubRoutes } from './routes.ts';

/** The cross-site storage hub page (spec 000 §5) and its bundle. */
export const hubModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  await hubRoutes(app, { config: deps.config });
};
