import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { preferencesRoutes } from './routes.ts';
import { createPreferencesService } from './service.ts';
import { createPreferencesStore } from './store.ts';

export { preferencesDataRightsPart } from './data-rights.ts';

/**
 * Communication preferences (spec 001 §2 preferences, §3, §7 commbox). What the
 * preferences decide is in contact.ts: mayContact, and sendMarketing, the one way a marketing
 * message leaves the product.
 */
export const preferencesModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  preferencesRoutes(app, {
    service: createPreferencesService({ store: createPreferencesStore(deps.db), now: deps.now }),
    customerAuth: deps.customerAuth,
  });
  return Promise.resolve();
};
