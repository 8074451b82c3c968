import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_DATA_PATH,
  DEMO_PARTNER_KEY,
  LEAD_ROUTES,
  PARTNER_KEY_HEADER,
  RECENT_ACTIVITY_SITES,
  selectRecentActivity,
  type ApplyOfferResponse,
  type GetApplicationDataResponse,
  type GetLeadsResponse,
  type LeadDetailsResponse,
  type PartnerLeadResponse,
} from '@pravesh/core';
import { siteActivity } from '../../db/schema/activity.ts';
import { leadStatusHistory, leads } from '../../db/schema/leads.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import type { AppliableOffer, OfferLookup } from '../../lib/offer-lookup.ts';
import { testClient, type Envelope, type Proof } from '../../test/client.ts';
import { createCustomerMobileCheck } from './customer-mobile.ts';
import { createLeadsService } from './service.ts';
import { createLeadsStore } from './store.ts';

/**
 * A real OfferLookup (not a mock of this module): a catalogue of offers and the customers each is
 * pre-approved for, which tests change the way the offers module's rules would.
 */
class TestOfferCatalogue implements OfferLookup {
  private readonly offers = new Map<string, AppliableOffer>();
  private readonly approved = new Map<string, Set<string>>();

  add(offer: AppliableOffer): this {
    this.offers.set(offer.offerId, offer);
    return this;
  }

  preApprove(customerId: string, ...offerIds: string[]): void {
    const set = this.approved.get(customerId) ?? new Set<string>();
    for (const offerId of offerIds) set.add(offerId);
    this.approved.set(customerId, set);
  }

  findOfferForCustomer(customerId: string, offerId: string): Promise<AppliableOffer | null> {
    const offer = this.offers.get(offerId);
    return Promise.resolve(offer && this.approved.get(customerId)?.has(offerId) ? offer : null);
  }
}

const PERSONAL_LOAN: AppliableOffer = {
  offerId: 'PL-KOSHBANK-01',
  productType: 'PL',
  productName: 'Instant Personal Loan',
  imageUrl: { partnerImage: 'https://cdn.example.in/lenders/kosh-bank.png' },
  lender: { id: 'kosh-bank', name: 'Kosh Bank' },
};
const CREDIT_CARD: AppliableOffer = {
  offerId: 'CC-SAHYOG-02',
  productType: 'CC',
  productName: 'Sahyog Rewards Credit Card',
  imageUrl: { partnerImage: 'https://cdn.example.in/lenders/sahyog.png' },
  lender: { id: 'sahyog-finance', name: 'Sahyog Finance' },
  // The catalogue names this offer's own apply page; the lead's reference is added to it.
  applyUrl: 'https://apply.sahyog.example.in/cards/start?channel=kosh',
};
/** A lender with its own partner key (PRAVESH_PARTNER_KEYS below). */
const OWN_KEY_PARTNER_KEY = 'sahyog-finance-partner-key-0123456789abcdef';

describe.each(DATABASE_KINDS)('leads API on %s', (kind) => {
  let server: SsoTestServer;
  const catalogue = new TestOfferCatalogue().add(PERSONAL_LOAN).add(CREDIT_CARD);

  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown, proof?: Proof) =>
    testClient(server).call<T>(method, url, { body, proof });
  const applyBody = (customer: SignedInCustomer, offerId = PERSONAL_LOAN.offerId) => ({
    mobileNo: customer.mobileNo,
    payload: { visitId: 'visit-apply-1' },
    offerId,
  });
  const apply = (body: unknown, proof: Proof | undefined) =>
    call<ApplyOfferResponse>('POST', LEAD_ROUTES.applyOffer, body, proof);
  const asCustomer = (customer: SignedInCustomer): Proof => ({ sso: customer.accessToken });

  async function partner<T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    key: string | null = DEMO_PARTNER_KEY,
  ) {
    const reply = await server.app.inject({
      method,
      url,
      headers: key === null ? {} : { [PARTNER_KEY_HEADER]: key },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: reply.statusCode, body: reply.json<Envelope<T>>() };
  }

  const counts = async () => ({
    leads: await server.database.db.$count(leads),
    history: await server.database.db.$count(leadStatusHistory),
    activity: await server.database.db.$count(siteActivity),
  });

  async function customerWithOffers(): Promise<SignedInCustomer> {
    const customer = await signInCustomer(server, nextMobile('95'));
    catalogue.preApprove(customer.customerId, PERSONAL_LOAN.offerId, CREDIT_CARD.offerId);
    return customer;
  }

  beforeAll(async () => {
    server = await ssoServer(kind, {
      providers: { offerLookup: catalogue },
      env: {
        PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000',
        PRAVESH_PARTNER_KEYS: `*=${DEMO_PARTNER_KEY},sahyog-finance=${OWN_KEY_PARTNER_KEY}`,
      },
    });
  });
  afterAll(() => server?.close());

  it('creates a lead for a pre-approved offer and answers the partner continue URL with an opaque reference', async () => {
    const customer = await customerWithOffers();
    const reply = await apply(applyBody(customer), asCustomer(customer));
    expect(reply.status).toBe(200);
    const { redirectUrl, leadId, status, created } = reply.body.response!;
    expect(reply.body.status).toBe(true);
    expect({ status, created }).toEqual({ status: 'CREATED', created: true });
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:4100/partner/apply');
    expect([...url.searchParams]).toEqual([['ref', leadId]]);
    // Nothing about the customer or their token travels to the partner in the address.
    for (const secret of [customer.mobileNo, customer.customerId, customer.accessToken]) {
      expect(redirectUrl).not.toContain(secret);
    }

    const [row] = await server.database.db.select().from(leads).where(eq(leads.leadId, leadId));
    expect(row).toMatchObject({
      customerId: customer.customerId,
      offerId: PERSONAL_LOAN.offerId,
      product: 'PL',
      lenderId: 'kosh-bank',
      lenderName: 'Kosh Bank',
      productName: 'Instant Personal Loan',
      partnerImage: PERSONAL_LOAN.imageUrl.partnerImage,
      status: 'CREATED',
      partnerStatus: null,
      continueUrl: redirectUrl,
      visitId: 'visit-apply-1',
      siteId: 2,
    });

    const listed = await call<GetLeadsResponse>('GET', LEAD_ROUTES.getLeads, undefined, {
      header: customer.accessToken,
    });
    expect(listed.body.response!.leads).toEqual([
      expect.objectContaining({
        leadId,
        status: 'CREATED',
        statusLabel: 'Application started',
        continueUrl: redirectUrl,
      }),
    ]);
  });

  it('answers a retried apply with the same lead and URL, storing nothing more', async () => {
    const customer = await customerWithOffers();
    const first = await apply(applyBody(customer), asCustomer(customer));
    const before = await counts();
    const again = await apply(applyBody(customer), { header: customer.accessToken });
    const viaDashboard = await call<ApplyOfferResponse>(
      'POST',
      LEAD_ROUTES.quoteApply,
      { offerId: PERSONAL_LOAN.offerId },
      asCustomer(customer),
    );
    expect(again.status).toBe(200);
    expect(again.body.response).toEqual({ ...first.body.response, created: false });
    expect(viaDashboard.body.response).toEqual({ ...first.body.response, created: false });
    expect(await counts()).toEqual(before);
  });

  it('creates one lead when the same apply arrives many times at once', async () => {
    const customer = await customerWithOffers();
    const before = await counts();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? apply(applyBody(customer, CREDIT_CARD.offerId), asCustomer(customer))
          : call<ApplyOfferResponse>(
              'POST',
              LEAD_ROUTES.quoteApply,
              { offerId: CREDIT_CARD.offerId },
              asCustomer(customer),
            ),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    const ids = new Set(replies.map((reply) => reply.body.response!.leadId));
    const urls = new Set(replies.map((reply) => reply.body.response!.redirectUrl));
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
    expect(replies.filter((reply) => reply.body.response!.created)).toHaveLength(1);
    const url = new URL([...urls][0]!);
    expect(`${url.origin}${url.pathname}`).toBe('https://apply.sahyog.example.in/cards/start');
    expect([...url.searchParams]).toEqual([
      ['channel', 'kosh'],
      ['ref', [...ids][0]],
    ]);
    const after = await counts();
    expect(after.leads - before.leads).toBe(1);
    expect(after.history - before.history).toBe(1);
  });

  it('refuses an apply without a token, with a foreign token or number, or for an offer not pre-approved, storing nothing', async () => {
    const a = await customerWithOffers();
    const b = await signInCustomer(server, nextMobile('95'));
    const before = await counts();
    const refusals: [string, Awaited<ReturnType<typeof apply>>, number, string][] = [
      ['no token', await apply(applyBody(a), undefined), 401, 'tokenNotValidated'],
      ['a forged token', await apply(applyBody(a), { header: `${a.accessToken}x` }), 401, 'tokenNotValidated'],
      // B's own token with A's number: B cannot apply as A.
      ["another customer's token", await apply(applyBody(a), asCustomer(b)), 403, 'applyMobileMismatch'],
      [
        "a number not the customer's",
        await apply({ ...applyBody(a), mobileNo: nextMobile('93') }, asCustomer(a)),
        403,
        'applyMobileMismatch',
      ],
      ['an unknown offer', await apply(applyBody(a, 'PL-NOBODY-99'), asCustomer(a)), 404, 'offerNotAvailable'],
      // The offer exists and is pre-approved for A, not for B.
      ['an offer not pre-approved', await apply(applyBody(b), asCustomer(b)), 404, 'offerNotAvailable'],
      [
        'no visit',
        await apply({ mobileNo: a.mobileNo, offerId: PERSONAL_LOAN.offerId }, asCustomer(a)),
        400,
        'requiredField',
      ],
    ];
    for (const [what, reply, status, code] of refusals) {
      expect(reply.status, what).toBe(status);
      expect(reply.body.status, what).toBe(false);
      expect(reply.body.statusCode, what).toBe(code);
    }
    expect(refusals[0]![1].body.statusMessage).toBe('Token not validated');
    expect(await counts()).toEqual(before);
  });

  it("records the apply in the customer's recent activity (spec 000 §3 data item)", async () => {
    const customer = await customerWithOffers();
    const { leadId, redirectUrl } = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    const read = await call<GetApplicationDataResponse>(
      'POST',
      APPLICATION_DATA_PATH,
      { visitorId: randomUUID(), customerId: customer.customerId },
      asCustomer(customer),
    );
    expect(read.status).toBe(200);
    const siteId = RECENT_ACTIVITY_SITES.PL_MARKETPLACE.siteId;
    const item = read.body.response!.sites[String(siteId)]!.data.find((entry) => entry.id === leadId);
    expect(item).toMatchObject({
      type: 'lead',
      product: 'PL',
      title: 'Instant Personal Loan',
      subtitle: 'Kosh Bank · Application started',
      continueUrl: redirectUrl,
      application: [
        {
          id: leadId,
          partnerId: 'kosh-bank',
          partnerName: 'Kosh Bank',
          productName: 'Instant Personal Loan',
          state: 'CREATED',
          continueUrl: redirectUrl,
        },
      ],
    });
    // What the nudge's Recent Activity tile shows from those entries.
    const rows = selectRecentActivity(read.body.response!.sites);
    expect(rows).toEqual([expect.objectContaining({ id: leadId, title: 'Personal Loan', continueUrl: redirectUrl })]);
  });

  it("never lets customer B read A's leads", async () => {
    const a = await customerWithOffers();
    const b = await customerWithOffers();
    const { leadId } = (await apply(applyBody(a), asCustomer(a))).body.response!;
    const bList = await call<GetLeadsResponse>('GET', LEAD_ROUTES.getLeads, undefined, asCustomer(b));
    expect(bList.body.response!.leads).toEqual([]);
    const bRead = await call<LeadDetailsResponse>(
      'GET',
      `${LEAD_ROUTES.getUpdatedLeadDetails}?leadId=${leadId}`,
      undefined,
      asCustomer(b),
    );
    expect(bRead.status).toBe(404);
    expect(bRead.body.statusCode).toBe('leadNotFound');
    const noToken = await call('GET', LEAD_ROUTES.getLeads);
    expect(noToken.status).toBe(401);
    const aRead = await call<LeadDetailsResponse>(
      'GET',
      `${LEAD_ROUTES.getUpdatedLeadDetails}?leadId=${leadId}`,
      undefined,
      asCustomer(a),
    );
    expect(aRead.body.response).toMatchObject({ leadId, history: [{ status: 'CREATED', partnerStatus: null }] });
  });

  it('moves a lead through its lifecycle as the partner reports, keeping its raw status and refusing what the table forbids', async () => {
    const customer = await customerWithOffers();
    const { leadId } = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    const report = (status: string, partnerStatus: string, key?: string | null) =>
      partner<PartnerLeadResponse>(
        'POST',
        LEAD_ROUTES.partnerLeadStatus,
        { reference: leadId, status, partnerStatus },
        key,
      );

    expect((await report('SUBMITTED', 'APP_SUBMITTED', null)).status).toBe(401);
    expect((await report('SUBMITTED', 'APP_SUBMITTED', 'not-a-partner-key-at-all-0000000000')).body.statusCode).toBe(
      'partnerKeyInvalid',
    );
    // Kosh Bank's lead is not Sahyog Finance's to see or move.
    expect((await report('SUBMITTED', 'APP_SUBMITTED', OWN_KEY_PARTNER_KEY)).status).toBe(404);

    expect((await report('SUBMITTED', 'APP_SUBMITTED')).body.response).toMatchObject({
      status: 'SUBMITTED',
      partnerStatus: 'APP_SUBMITTED',
    });
    expect((await report('ACTION_REQUIRED', 'KYC_PENDING')).status).toBe(200);
    // The same status with a new word is recorded; an exact repeat is not.
    expect((await report('ACTION_REQUIRED', 'INCOME_PROOF_PENDING')).status).toBe(200);
    expect((await report('ACTION_REQUIRED', 'INCOME_PROOF_PENDING')).status).toBe(200);
    const skipped = await report('COMPLETED', 'CLOSED');
    expect(skipped.status).toBe(409);
    expect(skipped.body.statusCode).toBe('leadTransitionRefused');
    // A loan is disbursed, never "card issued".
    expect((await report('SUBMITTED', 'DOCS_RECEIVED')).status).toBe(200);
    expect((await report('SANCTIONED', 'APPROVED')).status).toBe(200);
    expect((await report('CARD_ISSUED', 'CARD_DISPATCHED')).status).toBe(409);
    expect((await report('DISBURSED', 'DISBURSAL_DONE')).status).toBe(200);

    const details = await call<LeadDetailsResponse>(
      'GET',
      `${LEAD_ROUTES.getUpdatedLeadDetails}?leadId=${leadId}`,
      undefined,
      asCustomer(customer),
    );
    expect(details.body.response).toMatchObject({
      status: 'DISBURSED',
      partnerStatus: 'DISBURSAL_DONE',
      statusLabel: 'Disbursed',
    });
    expect(details.body.response!.history.map((entry) => [entry.status, entry.partnerStatus])).toEqual([
      ['CREATED', null],
      ['SUBMITTED', 'APP_SUBMITTED'],
      ['ACTION_REQUIRED', 'KYC_PENDING'],
      ['ACTION_REQUIRED', 'INCOME_PROOF_PENDING'],
      ['SUBMITTED', 'DOCS_RECEIVED'],
      ['SANCTIONED', 'APPROVED'],
      ['DISBURSED', 'DISBURSAL_DONE'],
    ]);
    // Recent activity follows the lead.
    const read = await call<GetApplicationDataResponse>(
      'POST',
      APPLICATION_DATA_PATH,
      { visitorId: randomUUID(), customerId: customer.customerId },
      asCustomer(customer),
    );
    const item = read.body.response!.sites[String(RECENT_ACTIVITY_SITES.PL_MARKETPLACE.siteId)]!.data.find(
      (entry) => entry.id === leadId,
    );
    expect(item).toMatchObject({ subtitle: 'Kosh Bank · Disbursed', application: [{ state: 'DISBURSED' }] });
  });

  it('refuses any change to a closed lead but answers an exact repeat of its last report unchanged', async () => {
    const customer = await customerWithOffers();
    const { leadId } = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    const report = (status: string, partnerStatus: string) =>
      partner<PartnerLeadResponse>('POST', LEAD_ROUTES.partnerLeadStatus, { reference: leadId, status, partnerStatus });
    expect((await report('REJECTED', 'CREDIT_POLICY')).status).toBe(200);
    // A retry of the report that closed it: the same answer, nothing added.
    expect((await report('REJECTED', 'CREDIT_POLICY')).body.response).toMatchObject({
      status: 'REJECTED',
      partnerStatus: 'CREDIT_POLICY',
    });
    // A new word on a closed lead is a change: refused, as a new status would be.
    const rewritten = await report('REJECTED', 'SOMETHING_ELSE');
    expect([rewritten.status, rewritten.body.statusCode]).toEqual([409, 'leadTransitionRefused']);
    const details = await call<LeadDetailsResponse>(
      'GET',
      `${LEAD_ROUTES.getUpdatedLeadDetails}?leadId=${leadId}`,
      undefined,
      asCustomer(customer),
    );
    expect(details.body.response!.history.map((entry) => [entry.status, entry.partnerStatus])).toEqual([
      ['CREATED', null],
      ['REJECTED', 'CREDIT_POLICY'],
    ]);
  });

  it('starts a new lead when the last one for the offer has closed', async () => {
    const customer = await customerWithOffers();
    const first = (await apply(applyBody(customer, CREDIT_CARD.offerId), asCustomer(customer))).body.response!;
    const withdrawn = await partner<PartnerLeadResponse>(
      'POST',
      LEAD_ROUTES.partnerLeadStatus,
      { reference: first.leadId, status: 'WITHDRAWN', partnerStatus: 'CUSTOMER_CANCELLED' },
      OWN_KEY_PARTNER_KEY,
    );
    expect(withdrawn.body.response).toMatchObject({ status: 'WITHDRAWN' });
    const second = (await apply(applyBody(customer, CREDIT_CARD.offerId), asCustomer(customer))).body.response!;
    expect(second.created).toBe(true);
    expect(second.leadId).not.toBe(first.leadId);
    expect((await report(second.leadId)).status).toBe(200);

    function report(reference: string) {
      return partner('GET', `${LEAD_ROUTES.partnerLead}?ref=${reference}`, undefined, OWN_KEY_PARTNER_KEY);
    }
  });

  it('expires an application the lender has not moved for 30 days, and lets the customer apply again', async () => {
    let customer = await customerWithOffers();
    // Access tokens live minutes, not days: the customer signs in again after each jump in time.
    const later = async (days: number) => {
      server.clock.advance(days * 86_400_000);
      customer = await signInCustomer(server, customer.mobileNo);
    };
    const first = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    await later(29);
    let listed = await call<GetLeadsResponse>('GET', LEAD_ROUTES.getLeads, undefined, asCustomer(customer));
    expect(listed.body.response!.leads.map((lead) => lead.status)).toEqual(['CREATED']);
    expect((await apply(applyBody(customer), asCustomer(customer))).body.response).toMatchObject({
      leadId: first.leadId,
      created: false,
    });

    await later(1);
    listed = await call<GetLeadsResponse>('GET', LEAD_ROUTES.getLeads, undefined, asCustomer(customer));
    expect(listed.body.response!.leads).toEqual([
      expect.objectContaining({ leadId: first.leadId, status: 'EXPIRED', statusLabel: 'Expired' }),
    ]);
    const details = await call<LeadDetailsResponse>(
      'GET',
      `${LEAD_ROUTES.getUpdatedLeadDetails}?leadId=${first.leadId}`,
      undefined,
      asCustomer(customer),
    );
    expect(details.body.response!.history.map((entry) => entry.status)).toEqual(['CREATED', 'EXPIRED']);
    // The lender can no longer move it; the customer gets a new application.
    const late = await partner('POST', LEAD_ROUTES.partnerLeadStatus, {
      reference: first.leadId,
      status: 'SUBMITTED',
      partnerStatus: 'LATE_SUBMIT',
    });
    expect(late.status).toBe(409);
    const again = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    expect(again).toMatchObject({ created: true, status: 'CREATED' });
    expect(again.leadId).not.toBe(first.leadId);
  });

  it('lets a partner read the lead behind a reference with its key, and nothing without it', async () => {
    const customer = await customerWithOffers();
    const { leadId } = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    const read = await partner<PartnerLeadResponse>('GET', `${LEAD_ROUTES.partnerLead}?ref=${leadId}`);
    expect(read.status).toBe(200);
    expect(read.body.response).toMatchObject({
      reference: leadId,
      lenderName: 'Kosh Bank',
      productName: 'Instant Personal Loan',
      status: 'CREATED',
      nextStep: 'Complete your application with the lender to get a decision.',
    });
    expect(JSON.stringify(read.body)).not.toContain(customer.mobileNo);
    expect(JSON.stringify(read.body)).not.toContain(customer.customerId);
    expect((await partner('GET', `${LEAD_ROUTES.partnerLead}?ref=${leadId}`, undefined, null)).status).toBe(401);
    // Neither the partner key nor the customer's number or token reaches the logs.
    const logs = server.logs.join('\n');
    expect(logs).toContain(LEAD_ROUTES.partnerLead);
    for (const secret of [DEMO_PARTNER_KEY, customer.mobileNo, customer.accessToken])
      expect(logs).not.toContain(secret);
    expect((await partner('GET', `${LEAD_ROUTES.partnerLead}?ref=${randomUUID()}`)).status).toBe(404);
  });

  const withdraw = (leadId: unknown, proof: Proof | undefined) =>
    call<LeadDetailsResponse>('POST', LEAD_ROUTES.withdrawLead, { leadId }, proof);
  const leadRow = async (leadId: string) =>
    (await server.database.db.select().from(leads).where(eq(leads.leadId, leadId)))[0];

  it('lets the customer withdraw an undecided application: the history records it and the partner reads it', async () => {
    const customer = await customerWithOffers();
    const { leadId } = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    expect(
      (
        await partner('POST', LEAD_ROUTES.partnerLeadStatus, {
          reference: leadId,
          status: 'ACTION_REQUIRED',
          partnerStatus: 'KYC_PENDING',
        })
      ).status,
    ).toBe(200);

    const reply = await withdraw(leadId, asCustomer(customer));
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({
      leadId,
      status: 'WITHDRAWN',
      statusLabel: 'Withdrawn',
      // The partner's own last word stays beside ours.
      partnerStatus: 'KYC_PENDING',
    });
    expect(reply.body.response!.history.map((entry) => entry.status)).toEqual([
      'CREATED',
      'ACTION_REQUIRED',
      'WITHDRAWN',
    ]);

    // The partner is told through the lead's status, and can no longer move it.
    const read = await partner<PartnerLeadResponse>('GET', `${LEAD_ROUTES.partnerLead}?ref=${leadId}`);
    expect(read.body.response).toMatchObject({ reference: leadId, status: 'WITHDRAWN' });
    const late = await partner('POST', LEAD_ROUTES.partnerLeadStatus, {
      reference: leadId,
      status: 'SUBMITTED',
      partnerStatus: 'DOCS_RECEIVED',
    });
    expect(late.status).toBe(409);

    // A retried withdrawal answers the same lead and records nothing more.
    const before = await counts();
    const again = await withdraw(leadId, { header: customer.accessToken });
    expect(again.status).toBe(200);
    expect(again.body.response).toEqual(reply.body.response);
    expect(await counts()).toEqual(before);

    // Recent activity follows, and the customer may apply to the offer again.
    const activity = await call<GetApplicationDataResponse>(
      'POST',
      APPLICATION_DATA_PATH,
      { visitorId: randomUUID(), customerId: customer.customerId },
      asCustomer(customer),
    );
    const item = activity.body.response!.sites[String(RECENT_ACTIVITY_SITES.PL_MARKETPLACE.siteId)]!.data.find(
      (entry) => entry.id === leadId,
    );
    expect(item).toMatchObject({ subtitle: 'Kosh Bank · Withdrawn', application: [{ state: 'WITHDRAWN' }] });
    const next = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    expect(next.created).toBe(true);
    expect(next.leadId).not.toBe(leadId);
  });

  it('refuses to withdraw an application the lender has decided, changing nothing', async () => {
    const customer = await customerWithOffers();
    const { leadId } = (await apply(applyBody(customer), asCustomer(customer))).body.response!;
    for (const [status, partnerStatus] of [
      ['SUBMITTED', 'APP_SUBMITTED'],
      ['SANCTIONED', 'APPROVED'],
    ]) {
      await partner('POST', LEAD_ROUTES.partnerLeadStatus, { reference: leadId, status, partnerStatus });
    }
    const before = { row: await leadRow(leadId), counts: await counts() };
    const reply = await withdraw(leadId, asCustomer(customer));
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      status: false,
      statusCode: 'leadNotWithdrawable',
      statusMessage: 'Application already decided',
    });
    expect({ row: await leadRow(leadId), counts: await counts() }).toEqual(before);
  });

  it("never lets customer B withdraw A's application, nor anyone without a token", async () => {
    const a = await customerWithOffers();
    const b = await customerWithOffers();
    const { leadId } = (await apply(applyBody(a), asCustomer(a))).body.response!;
    const before = { row: await leadRow(leadId), counts: await counts() };
    const refusals: [string, Awaited<ReturnType<typeof withdraw>>, number, string][] = [
      ["another customer's token", await withdraw(leadId, asCustomer(b)), 404, 'leadNotFound'],
      ['no token', await withdraw(leadId, undefined), 401, 'tokenNotValidated'],
      ['a forged token', await withdraw(leadId, { header: `${a.accessToken}x` }), 401, 'tokenNotValidated'],
      ['an unknown lead', await withdraw(randomUUID(), asCustomer(a)), 404, 'leadNotFound'],
    ];
    for (const [what, reply, status, code] of refusals) {
      expect(reply.status, what).toBe(status);
      expect(reply.body.statusCode, what).toBe(code);
    }
    const malformed = await withdraw('not-a-lead-id', asCustomer(a));
    expect(malformed.status).toBe(400);
    expect(malformed.body.status).toBe(false);
    expect({ row: await leadRow(leadId), counts: await counts() }).toEqual(before);
    expect(before.row!.status).toBe('CREATED');
  });

  it('expires stale applications on schedule without anyone reading them, once each when instances run it together', async () => {
    const customers = await Promise.all([customerWithOffers(), customerWithOffers()]);
    const stale: string[] = [];
    for (const customer of customers) {
      for (const offerId of [PERSONAL_LOAN.offerId, CREDIT_CARD.offerId]) {
        stale.push((await apply(applyBody(customer, offerId), asCustomer(customer))).body.response!.leadId);
      }
    }
    server.clock.advance(30 * 86_400_000);
    // A lead the lender moved just now is not stale.
    const fresh = await customerWithOffers();
    const freshLead = (await apply(applyBody(fresh), asCustomer(fresh))).body.response!.leadId;

    // Two instances' tickers: each its own service over the same database, small batches.
    const instance = () =>
      createLeadsService({
        store: createLeadsStore(server.database.db),
        offers: catalogue,
        isCustomersMobile: createCustomerMobileCheck(server.database.db, server.config),
        partners: server.config.partners,
        now: server.clock.now,
        publicUrl: server.config.publicUrl,
      });
    const [first, second] = [instance(), instance()];
    const expired = await Promise.all([first.expireDue(1), second.expireDue(1)]);
    expect(expired[0] + expired[1]).toBeGreaterThanOrEqual(stale.length);
    expect(await first.expireDue(1)).toBe(0);

    for (const leadId of stale) {
      expect((await leadRow(leadId))!.status).toBe('EXPIRED');
      const entries = await server.database.db
        .select()
        .from(leadStatusHistory)
        .where(eq(leadStatusHistory.leadId, leadId));
      expect(entries.map((entry) => entry.status)).toEqual(['CREATED', 'EXPIRED']);
    }
    expect((await leadRow(freshLead))!.status).toBe('CREATED');
    // The partner sees it expired without the customer having come back.
    const read = await partner<PartnerLeadResponse>('GET', `${LEAD_ROUTES.partnerLead}?ref=${stale[0]}`);
    expect(read.body.response).toMatchObject({ status: 'EXPIRED' });
  });
});
