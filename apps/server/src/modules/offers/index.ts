import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { offersRoutes } from './routes.ts';
import { offersServiceFor } from './service.ts';

/**
 * The offers capability: pre-approved offers from the catalogue (seeded apart from
 * the migrations, `npm run seed`), decided per customer by core offerRules over the credit
 * module's stored pulls (read only), on the spec's paths (core OFFER_ROUTES).
 */
export const offersModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  offersRoutes(app, offersServiceFor(deps), deps.customerAuth);
  return Promise.resolve();
};
export { seedOfferCatalogue } from './seed.ts';
export { offersServiceFor, partnerImageUrl } from './service.ts';
export { OFFER_COMPONENTS, OFFER_CUSTOMER_PATHS, OFFER_ROUTE_ERRORS } from './openapi.ts';
