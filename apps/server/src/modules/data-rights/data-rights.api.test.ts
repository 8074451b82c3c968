import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_ROUTES,
  DATA_RIGHTS_CONTRACT_ID,
  DATA_RIGHTS_ROUTES,
  type AccountDeletionResponse,
  type ConsentHistoryResponse,
  type AccountsDetailResponse,
  type DataExportFile,
  type DataExportResponse,
} from '@pravesh/core';
import { accountActivity } from '../../db/schema/account-activity.ts';
import { addOnPurchases } from '../../db/schema/add-ons.ts';
import { aaAccounts, aaAudit, aaConsents, aaJourneyStates, aaTransactions } from '../../db/schema/aggregator.ts';
import { consentLedger } from '../../db/schema/consent.ts';
import { creditPulls } from '../../db/schema/credit.ts';
import { accountDeletions } from '../../db/schema/data-rights.ts';
import { leads } from '../../db/schema/leads.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { customerPreferences } from '../../db/schema/preferences.ts';
import { ssoCustomers, ssoSessions } from '../../db/schema/sso.ts';
import { testClient } from '../../test/client.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { aggregatorTestKit } from '../aggregator/test-kit.ts';
import { invoicesServiceFor } from '../invoices/index.ts';
import { ERASED_PARTNER_STATUS } from '../leads/data-rights.ts';

const DAY = 86_400_000;

/** DPDP Act 2023 §11 (export) and §12 (erasure) in My Account, over real HTTP and migrations. */
describe.each(DATABASE_KINDS)('data-protection rights on %s', (kind) => {
  let server: SsoTestServer;

  const call = <T>(method: 'GET' | 'POST', url: string, customer: SignedInCustomer | undefined) =>
    testClient(server).call<T>(method, url, {
      accessToken: customer?.accessToken,
      body: method === 'POST' ? {} : undefined,
    });
  const exportOf = (customer: SignedInCustomer) =>
    call<DataExportResponse>('GET', DATA_RIGHTS_ROUTES.dataExport, customer);
  const ledgerActions = async (customerId: string) =>
    (
      await server.database.db
        .select({ action: consentLedger.action })
        .from(consentLedger)
        .where(and(eq(consentLedger.customerId, customerId), eq(consentLedger.contractId, DATA_RIGHTS_CONTRACT_ID)))
        .orderBy(consentLedger.seq)
    ).map((row) => row.action);

  const activityKinds = async (customerId: string) =>
    (
      await server.database.db
        .select({ kind: accountActivity.kind })
        .from(accountActivity)
        .where(eq(accountActivity.customerId, customerId.toLowerCase()))
    )
      .map((row) => row.kind)
      // The test clock stands still: equal times, so compare as sets.
      .sort();

  async function seedCreditPull(customerId: string): Promise<void> {
    const at = new Date(server.clock.now());
    await server.database.db.insert(creditPulls).values({
      pullId: randomUUID(),
      customerId,
      bureau: 'CIBIL',
      version: 1,
      provider: 'simulator',
      providerReference: 'ref-1',
      scoreState: 'SCORE',
      score: 760,
      dateApplied: at,
      pulledAt: at,
      nextRefreshAt: new Date(at.getTime() + 30 * DAY),
      consentReference: 'consent-1',
      scoreHistory: [],
    });
  }

  async function readyExport(customer: SignedInCustomer) {
    await expect
      .poll(async () => (await exportOf(customer)).body.response?.export?.status, { timeout: 10_000 })
      .toBe('READY');
    return (await exportOf(customer)).body.response!.export!;
  }

  // The server and its simulated account aggregator (the kit starts and closes them), so a customer
  // can link a bank and have its data fetched through the journey before asking for erasure.
  const bank = aggregatorTestKit(kind, { env: { PRAVESH_DATA_RIGHTS_WORKER_MS: '50' } });
  beforeAll(() => {
    server = bank.server;
  });

  /** The customer's bank linked through the journey and its data fetched (spec 001 §4). */
  async function fetchedBankData(customer: SignedInCustomer, fipId: string) {
    const linked = await bank.linkedCustomer(fipId, customer);
    server.clock.advance(3_000);
    expect((await bank.ok<AccountsDetailResponse>('fetchUserAccountInfo', customer)).fetchStatus).toBe('COMPLETED');
    return linked;
  }

  /** A customer's rows in each table of the account aggregator module, read directly. */
  async function bankRows(customerId: string) {
    const db = server.database.db;
    return {
      consents: await db.select().from(aaConsents).where(eq(aaConsents.customerId, customerId)),
      accounts: await db.$count(aaAccounts, eq(aaAccounts.customerId, customerId)),
      transactions: await db.$count(aaTransactions, eq(aaTransactions.customerId, customerId)),
      journey: await db.$count(aaJourneyStates, eq(aaJourneyStates.customerId, customerId)),
    };
  }

  /** A paid add-on and its GST invoice, issued as the payment's settlement issues it. */
  async function paidWithInvoice(customer: SignedInCustomer) {
    const at = new Date(server.clock.now());
    const purchaseId = randomUUID();
    await server.database.db.insert(addOnPurchases).values({
      purchaseId,
      customerId: customer.customerId,
      addOn: 'CREDIT_HEALTH',
      idempotencyKey: `key-${purchaseId}`,
      status: 'SUCCESS',
      amountPaise: 58_882,
      taxableValuePaise: 49_900,
      gstPaise: 8_982,
      gstPercent: 18,
      currency: 'INR',
      description: 'Credit Health Report (12 months)',
      sacCode: '998599',
      provider: 'simulator',
      createdAt: at,
      updatedAt: at,
      paidAt: at,
    });
    await invoicesServiceFor({ db: server.database.db, config: server.config, now: server.clock.now }).issueInvoice({
      purchaseId,
      customerId: customer.customerId,
      recipient: { name: 'Ana Rao', mobile: customer.mobileNo, state: 'Karnataka' },
      description: 'Credit Health Report (12 months)',
      taxablePaise: 49_900,
      paidAt: at,
    });
  }

  const purchasesAndInvoicesOf = async (customerId: string) => ({
    purchases: await server.database.db.select().from(addOnPurchases).where(eq(addOnPurchases.customerId, customerId)),
    invoices: await server.database.db.select().from(invoices).where(eq(invoices.customerId, customerId)),
  });

  it('keeps the consent history readable after a data-rights request: it lists consents, not the request', async () => {
    const ana = await signInCustomer(server);
    expect((await call('POST', DATA_RIGHTS_ROUTES.dataExport, ana)).status).toBe(200);
    expect(await ledgerActions(ana.customerId)).toContain('export_requested');
    const client = testClient(server);
    const json = await client.call<ConsentHistoryResponse>('POST', CONSENT_ROUTES.history, {
      accessToken: ana.accessToken,
      body: { customerId: ana.customerId },
    });
    expect([json.status, json.body.response]).toEqual([200, { customerId: ana.customerId, current: [], entries: [] }]);
    const csv = await client.inject('POST', CONSENT_ROUTES.history, {
      accessToken: ana.accessToken,
      body: { customerId: ana.customerId, format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(DATA_RIGHTS_CONTRACT_ID);
  });

  it('builds an export in the background that only its owner can download, while the link lasts', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    await seedCreditPull(ana.customerId);

    expect((await exportOf(ana)).body.response).toEqual({ export: null });
    const started = await call<DataExportResponse>('POST', DATA_RIGHTS_ROUTES.dataExport, ana);
    expect(started.status).toBe(200);
    expect(['QUEUED', 'BUILDING', 'READY']).toContain(started.body.response!.export!.status);
    const ready = await readyExport(ana);
    expect(ready.progress).toBe(100);
    const path = ready.downloadPath!;
    // The link names the export's random id only: no number, no customer id.
    expect(path).not.toContain(ana.mobileNo);
    expect(path).not.toContain(ana.customerId);

    const file = await call<DataExportFile>('GET', path, ana);
    expect(file.status).toBe(200);
    const content = JSON.parse(gunzipSync(Buffer.from(file.body.response!.dataBase64, 'base64')).toString('utf8')) as {
      account: unknown;
      creditReports: { bureauPulls: unknown[] };
      consents: { action: string }[];
    };
    expect(content.account).toMatchObject({ customerId: ana.customerId, mobileNumber: ana.mobileNo });
    expect(content.creditReports.bureauPulls).toEqual([expect.objectContaining({ bureau: 'CIBIL', score: 760 })]);
    expect(content.consents.map((entry) => entry.action)).toContain('export_requested');
    expect(Object.keys(content)).toEqual(
      expect.arrayContaining(['personalDetails', 'bankAccounts', 'applications', 'purchasesAndInvoices']),
    );

    // Another customer with the owner's link learns nothing; so does no token, or a forged link.
    expect(await call('GET', path, ravi)).toMatchObject({
      status: 404,
      body: { status: false, statusCode: 'dataExportNotFound' },
    });
    expect((await call('GET', path, undefined)).status).toBe(401);
    expect((await call('GET', `${path.slice(0, -3)}abc`, ana)).status).toBe(404);
    // The link lasts minutes; the screen asks for a fresh one.
    server.clock.advance(6 * 60_000);
    expect(await call('GET', path, ana)).toMatchObject({ status: 410, body: { statusCode: 'dataExportLinkExpired' } });
    expect((await call('GET', (await exportOf(ana)).body.response!.export!.downloadPath!, ana)).status).toBe(200);

    expect(await ledgerActions(ana.customerId)).toEqual(['export_requested', 'export_ready']);
    // And in the customer's recent account activity (My Account, Active devices).
    expect(await activityKinds(ana.customerId)).toEqual(['dataExportReady', 'dataExportRequested']);
    expect(await activityKinds(ravi.customerId)).toEqual([]);
    expect(await ledgerActions(ravi.customerId)).toEqual([]);
  });

  it('deletes an account after the cooling-off period, keeping what the law requires and telling partners', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    await seedCreditPull(ana.customerId);
    await seedCreditPull(ravi.customerId);
    await server.database.db
      .insert(customerPreferences)
      .values({ customerId: ana.customerId, sms: false, updatedAt: new Date(server.clock.now()) });
    const leadId = randomUUID();
    const at = new Date(server.clock.now());
    await server.database.db.insert(leads).values({
      leadId,
      customerId: ana.customerId,
      offerId: 'offer-1',
      product: 'PL',
      lenderId: 'lender-1',
      lenderName: 'Example Bank',
      productName: 'Personal Loan',
      status: 'SUBMITTED',
      continueUrl: 'https://partner.example.in/continue/1',
      createdAt: at,
      updatedAt: at,
    });
    // A card the lender already issued: decided, not the customer's to withdraw (core lifecycle).
    const issuedCardId = randomUUID();
    await server.database.db.insert(leads).values({
      leadId: issuedCardId,
      customerId: ana.customerId,
      offerId: 'offer-2',
      product: 'CC',
      lenderId: 'lender-2',
      lenderName: 'Example Card Bank',
      productName: 'Rewards Card',
      status: 'CARD_ISSUED',
      continueUrl: 'https://partner.example.in/continue/2',
      createdAt: at,
      updatedAt: at,
    });
    const anasBank = await fetchedBankData(ana, 'HDFC-FIP');
    const ravisBank = await fetchedBankData(ravi, 'SBI-FIP');
    const anasBankBefore = await bankRows(ana.customerId);
    const ravisBankBefore = await bankRows(ravi.customerId);
    expect(anasBankBefore.journey).toBe(1);
    expect(Math.min(anasBankBefore.accounts, anasBankBefore.transactions)).toBeGreaterThan(0);
    await paidWithInvoice(ana);
    const anasInvoicesBefore = await purchasesAndInvoicesOf(ana.customerId);
    expect([anasInvoicesBefore.purchases.length, anasInvoicesBefore.invoices.length]).toEqual([1, 1]);

    const db = server.database.db;
    const before = await call<AccountDeletionResponse>('GET', DATA_RIGHTS_ROUTES.accountDeletion, ana);
    expect(before.body.response).toMatchObject({ request: null, coolingOffDays: 7 });
    expect(before.body.response!.kept.map((record) => record.title)).toEqual([
      'GST invoices and the payments behind them',
      'Your bank-sharing consents',
      'Your consent record',
    ]);

    const asked = await call<AccountDeletionResponse>('POST', DATA_RIGHTS_ROUTES.accountDeletion, ana);
    expect(asked.body.response!.request).toMatchObject({
      status: 'SCHEDULED',
      eraseAfter: new Date(server.clock.now() + 7 * DAY).toISOString(),
    });
    // Cancellable during the cooling-off period; a second cancel has nothing to cancel.
    const cancelled = await call<AccountDeletionResponse>('POST', DATA_RIGHTS_ROUTES.accountDeletionCancel, ana);
    expect(cancelled.body.response!.request).toMatchObject({ status: 'CANCELLED' });
    expect(await call('POST', DATA_RIGHTS_ROUTES.accountDeletionCancel, ana)).toMatchObject({
      status: 409,
      body: { statusCode: 'accountDeletionNotScheduled' },
    });
    await call('POST', DATA_RIGHTS_ROUTES.accountDeletion, ana);
    expect(await activityKinds(ana.customerId)).toEqual([
      'accountDeletionCancelled',
      'accountDeletionRequested',
      'accountDeletionRequested',
    ]);

    // Not before the period ends (the ticker runs every 50 ms).
    server.clock.advance(6 * DAY);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db.$count(creditPulls, eq(creditPulls.customerId, ana.customerId))).toBe(1);
    expect(
      await db.$count(ssoSessions, and(eq(ssoSessions.customerId, ana.customerId), isNull(ssoSessions.revokedAt))),
    ).toBe(1);
    server.clock.advance(DAY + 1000);
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select({ status: accountDeletions.status })
              .from(accountDeletions)
              .where(and(eq(accountDeletions.customerId, ana.customerId), eq(accountDeletions.status, 'ERASED')))
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);

    // Sessions revoked.
    const live = await db.select().from(ssoSessions).where(eq(ssoSessions.customerId, ana.customerId));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    // Bureau pulls and preferences erased; the number and email are gone.
    expect(await db.$count(creditPulls, eq(creditPulls.customerId, ana.customerId))).toBe(0);
    expect(await db.$count(customerPreferences, eq(customerPreferences.customerId, ana.customerId))).toBe(0);
    const [account] = await db.select().from(ssoCustomers).where(eq(ssoCustomers.customerId, ana.customerId));
    expect(account).toMatchObject({ mobileEnc: null, mobileHash: null, emailEnc: null, passwordHash: null });
    expect(await activityKinds(ana.customerId)).toEqual([]);
    // The partner's read of the lead says the application is withdrawn.
    const [lead] = await db.select().from(leads).where(eq(leads.leadId, leadId));
    expect(lead).toMatchObject({ status: 'WITHDRAWN', partnerStatus: ERASED_PARTNER_STATUS });
    // The issued card keeps its status (the lifecycle allows it only COMPLETED); its lender is told.
    const [card] = await db.select().from(leads).where(eq(leads.leadId, issuedCardId));
    expect(card).toMatchObject({ status: 'CARD_ISSUED', partnerStatus: ERASED_PARTNER_STATUS });
    // The consent ledger keeps every step.
    expect(await ledgerActions(ana.customerId)).toEqual([
      'erasure_requested',
      'erasure_cancelled',
      'erasure_requested',
      'erased',
    ]);
    // Bank data: the consent revoked at the aggregator first, then the linked accounts, their fetched
    // balances and transactions and the journey deleted; the revoked consent request stays as the
    // record of what was shared (its number masked, spec 001 §5).
    expect((await bank.sim.fetchConsent(anasBank.consentId)).status).toBe('REVOKED');
    const anasBankAfter = await bankRows(ana.customerId);
    expect(anasBankAfter).toMatchObject({ accounts: 0, transactions: 0, journey: 0 });
    expect(anasBankAfter.consents.map((consent) => consent.consentStatus)).toEqual(['REVOKED']);
    expect(JSON.stringify(anasBankAfter.consents)).not.toContain(ana.mobileNo);
    // GST invoices and the payments behind them are all still there, unchanged (CGST Act §36).
    expect(await purchasesAndInvoicesOf(ana.customerId)).toEqual(anasInvoicesBefore);
    // Another customer's data is untouched.
    expect((await bank.sim.fetchConsent(ravisBank.consentId)).status).toBe('ACTIVE');
    const ravisBankAfter = await bankRows(ravi.customerId);
    expect(ravisBankAfter).toEqual({ ...ravisBankBefore, consents: ravisBankAfter.consents });
    expect(ravisBankAfter.consents.map((consent) => consent.consentStatus)).toEqual(['ACTIVE']);
    expect(await db.$count(creditPulls, eq(creditPulls.customerId, ravi.customerId))).toBe(1);
    expect(
      await db.$count(ssoSessions, and(eq(ssoSessions.customerId, ravi.customerId), isNull(ssoSessions.revokedAt))),
    ).toBe(1);
    // The number signs up afresh as a new customer.
    const returning = await signInCustomer(server, ana.mobileNo);
    expect(returning.customerId).not.toBe(ana.customerId);
  });

  it('finishes an erasure when the aggregator cannot revoke the bank consent, and says so in the audit', async () => {
    const ana = await signInCustomer(server);
    const anasBank = await fetchedBankData(ana, 'AXIS001');
    expect((await call('POST', DATA_RIGHTS_ROUTES.accountDeletion, ana)).status).toBe(200);
    bank.sim.setFailure('unavailable', 'revokeConsent');
    try {
      server.clock.advance(7 * DAY + 1000);
      await expect
        .poll(
          async () =>
            server.database.db.$count(
              accountDeletions,
              and(eq(accountDeletions.customerId, ana.customerId), eq(accountDeletions.status, 'ERASED')),
            ),
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      bank.sim.setFailure('none', 'revokeConsent');
    }
    // Every part ran, the account's last: our copy of the bank data is gone and the number too.
    expect(await bankRows(ana.customerId)).toMatchObject({ accounts: 0, transactions: 0, journey: 0 });
    const [account] = await server.database.db
      .select()
      .from(ssoCustomers)
      .where(eq(ssoCustomers.customerId, ana.customerId));
    expect(account).toMatchObject({ mobileEnc: null, mobileHash: null });
    // The consent the aggregator could not revoke is recorded for the operator to revoke there.
    const audit = await server.database.db.select().from(aaAudit).where(eq(aaAudit.customerId, ana.customerId));
    expect(audit.find((entry) => entry.event === 'DATA_DEACTIVATED')?.detail).toMatchObject({
      notRevokedAtAggregator: [anasBank.consentId],
    });
  });
});
