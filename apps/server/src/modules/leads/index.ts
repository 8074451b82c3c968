import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { offersServiceFor } from '../offers/index.ts';
import { createCustomerMobileCheck } from './customer-mobile.ts';
import type { OfferLookup } from '../../lib/offer-lookup.ts';
import { startTicker } from '../../lib/ticker.ts';
import { leadRoutes } from './routes.ts';
import { createLeadsService } from './service.ts';
import { createLeadsStore } from './store.ts';

export { leadsDataRightsPart } from './data-rights.ts';

/**
 * The offer catalogue's answer (modules/offers findOfferForCustomer: the offer when it is
 * pre-approved for this customer and still valid), with the partner's apply page from the catalogue.
 */
function catalogueLookup(deps: ModuleDeps): OfferLookup {
  const offers = offersServiceFor(deps);
  return {
    async findOfferForCustomer(customerId, offerId) {
      const found = await offers.findOfferForCustomer(customerId, offerId);
      return found ? { ...found.offer, applyUrl: found.applyUrl } : null;
    },
  };
}

/**
 * Leads: PCO/applyOffer, partner/quoteApply, getLeads, getUpdatedLeadDetails, withdrawLead, partner
 * routes. A ticker on every instance expires stale applications (config/leads.ts; the store's
 * SKIP LOCKED lets instances run it together), so a lead expires even when nobody reads it.
 */
export const leadsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const service = createLeadsService({
    store: createLeadsStore(deps.db),
    offers: deps.providers.offerLookup ?? catalogueLookup(deps),
    isCustomersMobile: createCustomerMobileCheck(deps.db, deps.config),
    partners: deps.config.partners,
    now: deps.now,
    publicUrl: deps.config.publicUrl,
  });
  leadRoutes(app, { service, customerAuth: deps.customerAuth });
  startTicker(app, {
    intervalMs: deps.config.leads.expiryIntervalMs,
    name: 'lead expiry',
    log: deps.log,
    run: () => service.expireDue(),
  });
  return Promise.resolve();
};
