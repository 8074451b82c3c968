import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { dashboardPages } from './pages.ts';
import { myAccountRoutes } from './routes.ts';
import { createMyAccountService } from './service.ts';
import { createMyAccountStore } from './store.ts';

/**
 * My Account (spec 001): the session calls the dashboard's shell makes, and the dashboard
 * single-page app itself under /myaccount/.
 */
export const myAccountModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { config, now } = deps;
  myAccountRoutes(app, {
    service: createMyAccountService({
      store: createMyAccountStore(deps.db, deps.tokenLiveness),
      // The customer's number, email and personal details are sealed at rest with the shared cipher.
      pii: deps.pii,
      now,
    }),
    customerAuth: deps.customerAuth,
  });
  await dashboardPages(app, { config });
};
