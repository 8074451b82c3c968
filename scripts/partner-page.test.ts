import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoServer, type DemoServer } from '@pravesh/demo';
import {
  DEMO_PARTNER_KEY,
  applicationReference,
  LEAD_ROUTES,
  PARTNER_KEY_HEADER,
  type ApplyOfferResponse,
} from '@pravesh/core';
import { DATABASE_KINDS } from '../apps/server/src/test/instance.ts';
import { nextMobile, signInCustomer, ssoServer, type SsoTestServer } from '../apps/server/src/test/customers.ts';

/**
 * Apply → partner page, end to end over real HTTP: the API (a test instance,
 * listening) creates a lead for a signed-in customer; the demo site's partner page, given only the
 * continue URL's reference, fetches the lead from the API with its partner key and shows it. Here,
 * not in apps/demo, because only scripts may use both apps.
 */
const OFFER = {
  offerId: 'PL-KOSHBANK-01',
  productType: 'PL',
  productName: 'Instant Personal Loan',
  imageUrl: { partnerImage: '' },
  lender: { id: 'kosh-bank', name: 'Kosh Bank' },
};

describe.each(DATABASE_KINDS)('the demo partner page with the API on %s', (kind) => {
  let api: SsoTestServer;
  let demo: DemoServer;
  let apiUrl: string;
  const approved = new Set<string>();

  beforeAll(async () => {
    api = await ssoServer(kind, {
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' },
      providers: {
        offerLookup: {
          findOfferForCustomer: (customerId, offerId) =>
            Promise.resolve(approved.has(customerId) && offerId === OFFER.offerId ? OFFER : null),
        },
      },
    });
    apiUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
    demo = await createDemoServer({
      port: 0,
      host: '127.0.0.1',
      siteId: 2,
      siteName: 'Homepage',
      apiUrl,
      logger: false,
    });
    await demo.listen();
  });
  afterAll(async () => {
    await demo?.close();
    await api?.close();
  });

  it('shows the lead behind the continue URL: lender, product, reference, status and next steps', async () => {
    const customer = await signInCustomer(api, nextMobile('94'));
    approved.add(customer.customerId);
    const applied = await api.app.inject({
      method: 'POST',
      url: LEAD_ROUTES.applyOffer,
      headers: { 'pb-pass-token': await api.token(2, { authenticationToken: { sso: customer.accessToken } }) },
      payload: { mobileNo: customer.mobileNo, payload: { visitId: 'visit-partner-1' }, offerId: OFFER.offerId },
    });
    const { redirectUrl, leadId } = applied.json<{ response: ApplyOfferResponse }>().response;
    const continueUrl = new URL(redirectUrl);
    expect(continueUrl.pathname).toBe('/partner/apply');

    // The customer's browser follows the continue URL to the partner (here the demo server).
    const page = await fetch(`${demo.url}${continueUrl.pathname}${continueUrl.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<title>Kosh Bank · Continue your application</title>');
    expect(html).toContain('<h1 id="lead-title">Continue your Instant Personal Loan application</h1>');
    // A short reference a person can read out, not the lead's raw id.
    expect(html).toContain(`<code>${applicationReference(leadId)}</code>`);
    // In either case: the id is lower-case hex, so an upper-case search alone could never find it.
    expect(html.toLowerCase()).not.toContain(leadId.toLowerCase());
    expect(html).toContain('Application started');
    expect(html).toContain('Complete your application with the lender to get a decision.');
    expect(html).toContain('Review the Key Facts Statement');
    expect(html).not.toContain(customer.mobileNo);
    expect(html).not.toMatch(/%[A-Z_]+%/);

    // A status the lender reports shows on the next visit.
    const reported = await fetch(`${apiUrl}${LEAD_ROUTES.partnerLeadStatus}`, {
      method: 'POST',
      headers: { [PARTNER_KEY_HEADER]: DEMO_PARTNER_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ reference: leadId, status: 'ACTION_REQUIRED', partnerStatus: 'KYC_PENDING' }),
    });
    expect(reported.status).toBe(200);
    const again = await (await fetch(`${demo.url}${continueUrl.pathname}${continueUrl.search}`)).text();
    expect(again).toContain('data-tone="warning">Action required</span>');
  });

  it('answers an unknown or missing reference with a designed not-found page', async () => {
    const unknown = await fetch(`${demo.url}/partner/apply?ref=1b4e28ba-2fa1-41d2-883f-0016d3cca427`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('We couldn&#39;t find this application');
    const missing = await fetch(`${demo.url}/partner/apply`);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('We couldn&#39;t find this application');
  });
});
