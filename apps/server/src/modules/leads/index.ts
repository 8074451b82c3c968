import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { createCustomerMobileCheck } from './customer-mobile.ts';
import type { OfferLookup } from './offer-lookup.ts';
import { leadRoutes } from './routes.ts';
import { createLeadsService } from './service.ts';
import { createLeadsStore } from './store.ts';

/**
 * Until the offer catalogue is wired in (modules/offers findOfferForCustomer), no offer is one a
 * customer may apply to: every apply is refused with offerNotAvailable, never a made-up offer.
 */
const NO_CATALOGUE: OfferLookup = { findOfferForCustomer: () => Promise.resolve(null) };

/** Leads (issue 14 §2): PCO/applyOffer, partner/quoteApply, getLeads, getUpdatedLeadDetails, partner routes. */
export const leadsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const service = createLeadsService({
    store: createLeadsStore(deps.db),
    offers: deps.providers.offerLookup ?? NO_CATALOGUE,
    isCustomersMobile: createCustomerMobileCheck(deps.db, deps.config),
    partners: deps.config.partners,
    now: deps.now,
  });
  leadRoutes(app, { service, customerAuth: deps.customerAuth });
  return Promise.resolve();
};
