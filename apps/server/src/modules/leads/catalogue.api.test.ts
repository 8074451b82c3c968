import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CREDIT_CUSTOMERS,
  LEAD_ROUTES,
  OFFER_ROUTES,
  flattenOffers,
  type ApplyOfferResponse,
  type GetLeadsResponse,
  type OfferResponse,
} from '@pravesh/core';
import { runSeeders } from '../../cli/seed.ts';
import { seedDemoCreditCustomers } from '../credit/demo-customers.ts';
import { DEMO_OFFERS } from '../offers/demo-catalogue.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';

/**
 * Apply against the real offer catalogue (modules/offers findOfferForCustomer), no test seam: the
 * seeded demo catalogue and the demo credit customers, whose bureau files decide their
 * pre-approved offers. The scored customer applies to an offer the offers route showed them; the
 * no-hit customer, pre-approved for nothing, is refused the same offer and nothing is stored.
 */
describe.each(DATABASE_KINDS)('apply against the offer catalogue on %s', (kind) => {
  let server: SsoTestServer;
  let scored: SignedInCustomer;
  let noHit: SignedInCustomer;

  const call = <T>(method: 'GET' | 'POST', url: string, customer: SignedInCustomer, body?: object) =>
    testClient(server).call<T>(method, url, { proof: { sso: customer.accessToken }, body });

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    const context = { db: server.database.db, config: server.config, now: server.clock.now };
    await runSeeders(context);
    await seedDemoCreditCustomers(context);
    scored = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    noHit = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.noHit.mobileNo);
  });
  afterAll(() => server?.close());

  it('applies to a pre-approved offer of the catalogue and refuses it to a customer it is not offered to', async () => {
    const offers = await call<OfferResponse>('GET', OFFER_ROUTES.pcoOffers, scored);
    expect(offers.status).toBe(200);
    const offer = flattenOffers(offers.body.response!)[0]!;
    expect(offer).toBeDefined();

    const applied = await call<ApplyOfferResponse>('POST', LEAD_ROUTES.applyOffer, scored, {
      mobileNo: scored.mobileNo,
      payload: { visitId: 'visit-catalogue-1' },
      offerId: offer.offerId,
    });
    expect(applied.status).toBe(200);
    const { redirectUrl, leadId } = applied.body.response!;
    // The catalogue's apply page for the demo lenders, with only the reference added.
    expect(redirectUrl).toBe(`http://localhost:4100/partner/apply?ref=${leadId}`);
    const leads = await call<GetLeadsResponse>('GET', LEAD_ROUTES.getLeads, scored);
    expect(leads.body.response!.leads).toEqual([
      expect.objectContaining({
        leadId,
        offerId: offer.offerId,
        product: offer.productType,
        lenderId: offer.lender.id,
        lenderName: offer.lender.name,
        productName: offer.productName,
        partnerImage: offer.imageUrl.partnerImage,
      }),
    ]);

    // The scored customer's report comes from their random customer id, so in some runs they too are
    // offered only the secured card a NO_HIT customer gets: refuse a catalogue offer noHit lacks.
    const noHitOffers = await call<OfferResponse>('GET', OFFER_ROUTES.pcoOffers, noHit);
    const offeredToNoHit = new Set(flattenOffers(noHitOffers.body.response!).map(({ offerId }) => offerId));
    const notOffered = DEMO_OFFERS.find(({ offerId }) => !offeredToNoHit.has(offerId))!;
    const refused = await call<ApplyOfferResponse>('POST', LEAD_ROUTES.applyOffer, noHit, {
      mobileNo: noHit.mobileNo,
      payload: { visitId: 'visit-catalogue-2' },
      offerId: notOffered.offerId,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.statusCode).toBe('offerNotAvailable');
    expect((await call<GetLeadsResponse>('GET', LEAD_ROUTES.getLeads, noHit)).body.response!.leads).toEqual([]);
  });
});
