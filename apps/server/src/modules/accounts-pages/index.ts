import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { accountsPagesRoutes } from './routes.ts';

/** The accounts service's pages (/listener, /authorize, /logout) and their bundles. */
export const accountsPagesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  await accountsPagesRoutes(app, { config: deps.config });
};
