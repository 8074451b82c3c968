import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
// The customer's number and email are sealed at rest by the sign-on module's cipher; My Account
// reads them with the same configuration rather than a second copy of the rule.
import { createPiiCipher } from '../sso/customers/pii.ts';
import { dashboardPages } from './pages.ts';
import { myAccountRoutes } from './routes.ts';
import { createMyAccountService } from './service.ts';
import { createMyAccountStore } from './store.ts';

/**
 * My Account (spec 001, issue 15): the session calls the dashboard's shell makes, and the dashboard
 * single-page app itself under /myaccount/.
 */
export const myAccountModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { config, now } = deps;
  myAccountRoutes(app, {
    service: createMyAccountService({
      store: createMyAccountStore(deps.db, deps.tokenLiveness),
      pii: createPiiCipher(config.pii, config.piiHashKey),
      now,
    }),
    customerAuth: deps.customerAuth,
  });
  await dashboardPages(app, { config });
};
