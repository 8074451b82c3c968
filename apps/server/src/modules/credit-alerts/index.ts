import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { creditAlertRoutes } from './routes.ts';
import { createCreditAlertsService } from './service.ts';
import { createCreditAlertsStore } from './store.ts';

export { creditAlertsDataRightsPart } from './data-rights.ts';

/**
 * Credit alerts (spec 001 §7 creditAlerts): the changes between each bureau's two
 * latest stored pulls, explained, with the customer's read and subscription choices. Reads the
 * credit module's stored pulls through its own store, never the credit module's insides.
 */
export const creditAlertsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const service = createCreditAlertsService({ store: createCreditAlertsStore(deps.db), now: deps.now });
  creditAlertRoutes(app, { service, customerAuth: deps.customerAuth });
  return Promise.resolve();
};
export { CREDIT_ALERT_CUSTOMER_PATHS, CREDIT_ALERT_ROUTE_ERRORS } from './openapi.ts';
