import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  AGGREGATOR_BANKS,
  AGGREGATOR_ROUTES,
  ERRORS,
  type AccountsDetailResponse,
  type AggregatorRoute,
  type CreateConsentResponse,
  type DeactivateResponse,
  type DecideResponse,
  type DiscoverResponse,
  type GetStateResponse,
  type JourneyInitiateResponse,
  type JourneyStatusResponse,
  type RefreshResponse,
  type TransactionsResponse,
  type ConsentSummary,
  resumeStepOf,
} from '@pravesh/core';
import { buildApp } from '../../app.ts';
import { resultRows } from '../../db/client.ts';
import { aaAccounts, aaAudit, aaConsents, aaFetchJobs, aaTransactions } from '../../db/schema/aggregator.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { nextMobile, signInCustomer } from '../../test/customers.ts';
import { CONSENT_CHECK_INTERVAL_MS } from './consent-records.ts';
import { createAggregatorStore } from './store.ts';
import { DAY, HOUR, aggregatorTestKit, type CallOptions } from './test-kit.ts';

describe.each(DATABASE_KINDS)('aggregator OVI API on %s (spec 001 §7)', (kind) => {
  const kit = aggregatorTestKit(kind);
  const { clock, call, ok, signIn, linkedCustomer, fetchedCustomer, countOf } = kit;
  /** A customer with a fetched HDFC consent and a second bank (SBI) added and fetched: both banks' accounts. */
  async function customerWithTwoBanks() {
    const first = await fetchedCustomer('HDFC-FIP');
    const { customer } = first;
    const added = await ok<CreateConsentResponse>('consent', customer, {
      body: { mobileNo: customer.mobileNo, addAnotherBank: true },
    });
    const second = await linkedCustomer('SBI-FIP', customer, added.consent.consentHandle);
    clock.advance(3_000);
    const { accounts } = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    return { customer, first, second, accounts };
  }
  /** The customer's aggregator audit entries (aa_audit), read directly. */
  const auditOf = (customerId: string) =>
    kit.server.database.db.select().from(aaAudit).where(eq(aaAudit.customerId, customerId));

  it('journey/initiate: FINVU, the 23-bank table, top and popular banks, 8-digit OTP banks, consent window 365/730', async () => {
    const customer = await signIn();
    const started = await ok<JourneyInitiateResponse>('journeyInitiate', customer, { body: { source: 'myaccount' } });
    expect(started.aggregator).toBe('FINVU');
    expect(started.stateId).toBe('NO_USER_STATE_PRESENT');
    expect(started.banks).toHaveLength(AGGREGATOR_BANKS.length);
    expect(started.banks.length).toBe(23);
    expect(started.popularBanks).toEqual(['HDFC-FIP', 'SBI-FIP', 'ICICI-FIP', 'AXIS001', 'BARB0KIMXXX', 'FDRLFIPPROD']);
    expect(started.eightDigitOtpBanks).toEqual(['dhanagarbank', 'KarurVysyaBank-FIP']);
    expect(started.consentWindow).toMatchObject({ startDays: 365, endDays: 730 });
    expect(started.consentWindow.templateId).toBeTruthy();

    // The two test banks (and the development top list they lead) are for `local` only.
    const staging = await buildApp(
      { ...kit.server.config, environment: 'staging' },
      { database: kit.server.database, now: clock.now, providers: { aggregator: kit.sim }, logger: false },
    );
    try {
      await staging.ready();
      const shared = await ok<JourneyInitiateResponse>('journeyInitiate', customer, {
        body: { source: 'myaccount' },
        app: staging,
      });
      expect(shared.banks.map((bank) => bank.bankName).filter((name) => name.includes('(test)'))).toEqual([]);
      expect(shared.banks).toHaveLength(21);
      expect(shared.topBanks).toEqual(['HDFC-FIP', 'SBI-FIP', 'ICICI-FIP', 'AXIS001', 'KOTAK-FIP']);
    } finally {
      await staging.close();
    }
  });

  it('the journey: consent request → AA_LOGIN → discovered → linked with the bank OTP → CONSENT_GIVEN → data fetched', async () => {
    const customer = await signIn();
    const created = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    expect(created.stateId).toBe('AA_LOGIN');
    expect(created.aaCustomerId).toBe(`${customer.mobileNo}@finvu`);
    const detail = created.consent.ConsentDetail;
    expect(detail).toMatchObject({
      consentMode: 'STORE',
      fetchType: 'PERIODIC',
      consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
      fiTypes: ['DEPOSIT'],
      Purpose: { code: '102' },
      Frequency: { unit: 'HOUR', value: 1 },
      Customer: { id: `${customer.mobileNo}@finvu` },
    });
    expect(Date.parse(detail.consentExpiry) - Date.parse(detail.consentStart)).toBe(365 * DAY);
    expect(Date.parse(detail.FIDataRange.to) - Date.parse(detail.FIDataRange.from)).toBe(730 * DAY);
    expect(created.consent.consentRequestStatus).toBe('PENDING');
    // The stored copy keeps the number masked; the AA has it whole.
    const [stored] = await kit.server.database.db
      .select()
      .from(aaConsents)
      .where(eq(aaConsents.customerId, customer.customerId));
    expect(JSON.stringify(stored?.detail)).not.toContain(customer.mobileNo);
    expect(JSON.stringify(stored?.detail)).toContain(`XXXXXX${customer.mobileNo.slice(-4)}@finvu`);
    const consentHandle = created.consent.consentHandle;
    expect((await ok<GetStateResponse>('getState', customer)).stateId).toBe('AA_LOGIN');

    const none = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'finsharebank' } });
    expect([none.stateId, none.accounts]).toEqual(['ACCOUNT_CHECKED_NOT_DISCOVERED', []]);
    const found = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'HDFC-FIP' } });
    expect(found.stateId).toBe('ACCOUNT_DISCOVERED');
    expect(found.accounts.length).toBeGreaterThan(0);

    const accRefNumbers = found.accounts.map((account) => account.accRefNumber);
    const link = await ok<{ refNumber: string; otpLength: number }>('link', customer, {
      body: { consentHandle, fipId: 'HDFC-FIP', accRefNumbers },
    });
    expect(link.otpLength).toBe(6);
    const right = (await kit.sim.otpFor(link.refNumber)) as string;
    const wrong = await call('linkConfirm', customer, {
      body: { refNumber: link.refNumber, otp: right === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.statusMessage).toBe('OTP is Incorrect, Please enter valid OTP');
    const linked = await ok<DiscoverResponse>('linkConfirm', customer, {
      body: { refNumber: link.refNumber, otp: right },
    });
    expect(linked.stateId).toBe('ACCOUNT_LINKED');

    const decided = await ok<DecideResponse>('decide', customer, { body: { consentHandle, decision: 'APPROVE' } });
    expect(decided).toMatchObject({
      stateId: 'CONSENT_GIVEN',
      consentRequestStatus: 'APPROVED',
      consentStatus: 'ACTIVE',
    });

    // The FI request went out; the data is not ready for 3 s.
    const pending = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect([pending.fetchStatus, pending.bannerState]).toEqual(['IN_PROGRESS', 'data_fetch_in_progress']);
    const banner = await ok<JourneyStatusResponse>('journeyDataStatus', customer);
    expect([banner.bannerState, banner.button]).toEqual(['data_fetch_in_progress', null]);
    clock.advance(3_000);
    const done = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect([done.fetchStatus, done.bannerState, done.consentStatus]).toEqual(['COMPLETED', 'data_available', 'ACTIVE']);
    expect(done.accounts).toHaveLength(found.accounts.length);
    for (const account of done.accounts) {
      expect(account.maskedAccNumber).toMatch(/^X+\d{4}$/);
      expect(account.bankName).toBe('HDFC Bank');
    }
    const sum = done.accounts.reduce((total, account) => total + (account.currentBalance ?? 0), 0);
    expect(done.totalBalance).toBeCloseTo(sum, 2);
    expect(await ok<AccountsDetailResponse>('getAccountsDetail', customer)).toEqual(done);
    expect(await ok<JourneyStatusResponse>('journeyDataStatus', customer)).toMatchObject({
      bannerState: 'data_available',
      button: 'View Insights',
      stateId: 'CONSENT_GIVEN',
    });
    const applications = await ok<{ consents: { consentRequestStatus: string; consentStatus: string }[] }>(
      'userApplication',
      customer,
    );
    expect(applications.consents[0]).toMatchObject({ consentRequestStatus: 'APPROVED', consentStatus: 'ACTIVE' });

    // Asking again with an active consent answers it.
    const again = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    expect([again.stateId, again.consent.consentHandle]).toEqual(['CONSENT_ALREADY_GIVEN', consentHandle]);
  });

  it('"add another bank": a second consent request beside the active one; both banks\' accounts and balances', async () => {
    const first = await fetchedCustomer('HDFC-FIP');
    const customer = first.customer;
    const second = await ok<CreateConsentResponse>('consent', customer, {
      body: { mobileNo: customer.mobileNo, addAnotherBank: true },
    });
    expect(second.stateId).toBe('AA_LOGIN');
    expect(second.consent.consentHandle).not.toBe(first.consentHandle);
    await linkedCustomer('SBI-FIP', customer, second.consent.consentHandle);
    clock.advance(3_000);
    const both = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect(both.fetchStatus).toBe('COMPLETED');
    expect(new Set(both.accounts.map((account) => account.fipId))).toEqual(new Set(['HDFC-FIP', 'SBI-FIP']));
    expect(both.accounts.every((account) => account.currentBalance !== null)).toBe(true);
    expect(both.totalBalance).toBeGreaterThan(first.detail.totalBalance);
  });

  it('an 8-digit OTP bank asks for 8 digits; a rejected consent is "Verification Incomplete" (FAILED)', async () => {
    const customer = await signIn();
    const created = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    const consentHandle = created.consent.consentHandle;
    const found = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'dhanagarbank' } });
    const link = await ok<{ refNumber: string; otpLength: number }>('link', customer, {
      body: { consentHandle, fipId: 'dhanagarbank', accRefNumbers: found.accounts.map((a) => a.accRefNumber) },
    });
    expect(link.otpLength).toBe(8);
    expect(await kit.sim.otpFor(link.refNumber)).toMatch(/^\d{8}$/);
    const rejected = await ok<DecideResponse>('decide', customer, { body: { consentHandle, decision: 'REJECT' } });
    expect([rejected.consentRequestStatus, rejected.verificationStatus]).toEqual(['REJECTED', 'FAILED']);
    const status = await ok<JourneyStatusResponse>('journeyDataStatus', customer);
    expect([status.bannerState, status.button]).toEqual(['aa_not_initiated', 'Start Now']);
  });

  it('an approval the AA cannot turn into an artefact: request FAILED, "Verification Incomplete", nothing fetched', async () => {
    const customer = await signIn();
    const created = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    const consentHandle = created.consent.consentHandle;
    const found = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'SBI-FIP' } });
    const link = await ok<{ refNumber: string }>('link', customer, {
      body: { consentHandle, fipId: 'SBI-FIP', accRefNumbers: found.accounts.map((a) => a.accRefNumber) },
    });
    await ok('linkConfirm', customer, {
      body: { refNumber: link.refNumber, otp: await kit.sim.otpFor(link.refNumber) },
    });
    kit.sim.setArtefactFailure(true);
    const decided = await ok<DecideResponse>('decide', customer, { body: { consentHandle, decision: 'APPROVE' } });
    kit.sim.setArtefactFailure(false);
    expect(decided).toMatchObject({
      consentRequestStatus: 'FAILED',
      consentStatus: null,
      verificationStatus: 'FAILED',
    });
    const applications = await ok<{ consents: { consentRequestStatus: string; consentId: string | null }[] }>(
      'userApplication',
      customer,
    );
    expect(applications.consents[0]).toMatchObject({ consentRequestStatus: 'FAILED', consentId: null });
    const jobs = await kit.server.database.db
      .select()
      .from(aaFetchJobs)
      .where(eq(aaFetchJobs.customerId, customer.customerId));
    expect(jobs).toEqual([]);
    const status = await ok<JourneyStatusResponse>('journeyDataStatus', customer);
    expect([status.bannerState, status.fetchStatus]).toEqual(['aa_not_initiated', 'NOT_STARTED']);
  });

  it('accounts linked with the bank OTP and then declined are not listed, and the banner offers to start', async () => {
    const customer = await signIn();
    const created = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    const consentHandle = created.consent.consentHandle;
    const found = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'SBI-FIP' } });
    const { refNumber } = await ok<{ refNumber: string }>('link', customer, {
      body: { consentHandle, fipId: 'SBI-FIP', accRefNumbers: found.accounts.map((a) => a.accRefNumber) },
    });
    await ok('linkConfirm', customer, { body: { refNumber, otp: await kit.sim.otpFor(refNumber) } });
    await ok<DecideResponse>('decide', customer, { body: { consentHandle, decision: 'REJECT' } });
    const detail = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect([detail.accounts, detail.bannerState, detail.totalBalance]).toEqual([[], 'aa_not_initiated', 0]);
    expect((await ok<JourneyStatusResponse>('journeyDataStatus', customer)).bannerState).toBe('aa_not_initiated');
  });

  it('stateCapture records each of the seven Finvu state ids; bad input is refused and changes nothing', async () => {
    const customer = await signIn();
    const created = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    for (const stateId of [
      'AA_LOGIN',
      'ACCOUNT_CHECKED_NOT_DISCOVERED',
      'ACCOUNT_DISCOVERED',
      'ACCOUNT_LINKED',
      'CONSENT_ALREADY_GIVEN',
      'CONSENT_GIVEN',
      'NO_USER_STATE_PRESENT',
    ]) {
      const state = await ok<GetStateResponse>('stateCapture', customer, {
        body: { stateId, consentHandle: created.consent.consentHandle },
      });
      expect(state.stateId).toBe(stateId);
    }
    const bad = await call('stateCapture', customer, { body: { stateId: 'SOMETHING_ELSE' } });
    expect(bad.status).toBe(400);
    expect((await ok<GetStateResponse>('getState', customer)).stateId).toBe('NO_USER_STATE_PRESENT');
    const mismatch = await call('consent', customer, { body: { mobileNo: nextMobile('94') } });
    expect([mismatch.status, mismatch.body.statusCode]).toEqual([403, 'aaMobileMismatch']);
    expect((await call('consent', customer, { body: { mobileNo: '12345' } })).status).toBe(400);
  });

  it('stateCapture at each step brings a customer who left back to that step; another customer reaches none of it', async () => {
    const customer = await signIn();
    const created = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    const consentHandle = created.consent.consentHandle;
    const resume = async () => resumeStepOf(await ok<GetStateResponse>('getState', customer));
    // Select bank: AA_LOGIN with the consent request, which waits for the customer.
    const atBank = await ok<GetStateResponse>('stateCapture', customer, {
      body: { stateId: 'AA_LOGIN', consentHandle },
    });
    expect(atBank).toMatchObject({ stateId: 'AA_LOGIN', consentHandle, fipId: null, linked: [] });
    expect(atBank.consent).toMatchObject({ consentHandle, consentRequestStatus: 'PENDING' });
    expect(await resume()).toBe('selectBank');
    // Account type: discovery at a bank records the bank too.
    const found = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'AXIS001' } });
    await ok('stateCapture', customer, { body: { stateId: 'ACCOUNT_DISCOVERED', consentHandle, fipId: 'AXIS001' } });
    expect((await ok<GetStateResponse>('getState', customer)).fipId).toBe('AXIS001');
    expect(await resume()).toBe('accountType');
    // "Choose another bank" goes back a step, and so does the customer who comes back.
    await ok('stateCapture', customer, { body: { stateId: 'AA_LOGIN', consentHandle } });
    expect(await resume()).toBe('selectBank');
    // A bad bank or state changes nothing.
    for (const body of [
      { stateId: 'ACCOUNT_DISCOVERED', consentHandle, fipId: 'NO-SUCH-FIP' },
      { stateId: 'ACCOUNT_DISCOVERED', consentHandle: 'not-a-handle' },
    ]) {
      expect((await call('stateCapture', customer, { body })).status).toBe(400);
    }
    expect(await resume()).toBe('selectBank');
    // Access permissions: the linked accounts come back with the consent request.
    const accRefNumber = found.accounts[0]!.accRefNumber;
    const { refNumber } = await ok<{ refNumber: string }>('link', customer, {
      body: { consentHandle, fipId: 'AXIS001', accRefNumbers: [accRefNumber] },
    });
    const confirmed = await ok<DiscoverResponse>('linkConfirm', customer, {
      body: { refNumber, otp: await kit.sim.otpFor(refNumber) },
    });
    await ok('stateCapture', customer, { body: { stateId: 'ACCOUNT_LINKED', consentHandle, fipId: 'AXIS001' } });
    const atPermissions = await ok<GetStateResponse>('getState', customer);
    expect(atPermissions.linked).toEqual(confirmed.accounts);
    expect(atPermissions.linked).toHaveLength(1);
    expect(resumeStepOf(atPermissions)).toBe('permissions');

    // Another customer: their own empty state, and the owner's handle refused without a change.
    const intruder = await signIn();
    expect(await ok<GetStateResponse>('getState', intruder)).toMatchObject({
      stateId: 'NO_USER_STATE_PRESENT',
      consentHandle: null,
      fipId: null,
      consent: null,
      linked: [],
    });
    const refused = await call('stateCapture', intruder, {
      body: { stateId: 'AA_LOGIN', consentHandle, fipId: 'HDFC-FIP' },
    });
    expect([refused.status, refused.body.statusCode]).toEqual([404, 'aaNotFound']);
    expect((await ok<GetStateResponse>('getState', intruder)).consent).toBeNull();
    expect(await ok<GetStateResponse>('getState', customer)).toEqual(atPermissions);

    // Once approved, the journey starts at the landing (which offers the linked accounts).
    await ok<DecideResponse>('decide', customer, { body: { consentHandle, decision: 'APPROVE' } });
    expect(await resume()).toBe('landing');
  });

  it('FI/transaction: Credit, Debit and All, paged with totalRecords and pageCount, by date range', async () => {
    const { customer, detail } = await fetchedCustomer('SBI-FIP');
    const accountId = detail.accounts[0]!.accountId;
    const page = (query: string) =>
      ok<TransactionsResponse>('transaction', customer, { query: `accountId=${accountId}&${query}` });
    const all = await page('type=All');
    const credit = await page('type=Credit');
    const debit = await page('type=Debit');
    expect(all.totalRecords).toBe(credit.totalRecords + debit.totalRecords);
    expect(all.pageCount).toBe(Math.ceil(all.totalRecords / all.pageSize));
    expect(all.transactions).toHaveLength(all.pageSize);
    expect(credit.transactions.every((txn) => txn.type === 'CREDIT')).toBe(true);
    expect(debit.transactions.every((txn) => txn.type === 'DEBIT')).toBe(true);
    const second = await page('type=All&page=2');
    expect(second.transactions[0]!.transactionTimestamp <= all.transactions.at(-1)!.transactionTimestamp).toBe(true);
    expect(second.transactions.map((txn) => txn.txnId)).not.toContain(all.transactions[0]!.txnId);
    // Newest first; the last page holds the rest.
    const last = await page(`type=All&page=${all.pageCount}`);
    expect(last.transactions.length).toBe(all.totalRecords - (all.pageCount - 1) * all.pageSize);

    const month = await page('type=All&from=2026-10-01&to=2026-10-31');
    expect(month.totalRecords).toBeGreaterThan(10);
    expect(month.totalRecords).toBeLessThan(all.totalRecords);
    const monthAll: TransactionsResponse['transactions'] = [];
    for (let p = 1; p <= month.pageCount; p++)
      monthAll.push(...(await page(`type=All&from=2026-10-01&to=2026-10-31&page=${p}`)).transactions);
    expect(monthAll.every((txn) => txn.transactionTimestamp.startsWith('2026-10-'))).toBe(true);
    expect(monthAll.some((txn) => txn.narration.includes('SALARY'))).toBe(true);

    for (const query of ['type=Everything', 'page=0', 'from=2026-13-01', 'accountId=not-a-uuid']) {
      const bad = await call('transaction', customer, { query: `accountId=${accountId}&${query}` });
      expect(bad.status, query).toBe(400);
    }
    // A range that ends before it starts is refused with its own message; one day is a range.
    const backwards = await call('transaction', customer, {
      query: `accountId=${accountId}&from=2026-10-31&to=2026-10-01`,
    });
    expect([backwards.status, backwards.body.statusCode, backwards.body.statusMessage]).toEqual([
      400,
      'aaDateRangeInvalid',
      'Start date is after end date',
    ]);
    const oneDay = await page('type=All&from=2026-10-01&to=2026-10-01');
    expect(oneDay.transactions.every((txn) => monthAll.some((inMonth) => inMonth.txnId === txn.txnId))).toBe(true);
    expect(await countOf(aaTransactions, customer.customerId)).toBeGreaterThan(0);
  });

  it('refreshData: at most once an hour, never a second fetch while one runs; off → the spec 001 §8 message', async () => {
    const { customer, consentId } = await fetchedCustomer();
    const tooSoon = await ok<RefreshResponse>('refreshData', customer);
    expect(tooSoon.started).toBe(false);
    expect(Date.parse(tooSoon.nextRefreshAt as string)).toBeGreaterThan(clock.now());
    expect(await kit.sim.requestCount(consentId)).toBe(1);

    clock.advance(HOUR);
    const fresh = await signInCustomer(kit.server, customer.mobileNo);
    const started = await ok<RefreshResponse>('refreshData', fresh);
    expect([started.started, started.fetchStatus]).toEqual([true, 'IN_PROGRESS']);
    const again = await ok<RefreshResponse>('refreshData', fresh);
    expect([again.started, again.fetchStatus]).toEqual([false, 'IN_PROGRESS']);
    clock.advance(3_000);
    expect((await ok<AccountsDetailResponse>('fetchUserAccountInfo', fresh)).fetchStatus).toBe('COMPLETED');
    expect(await kit.sim.requestCount(consentId)).toBe(2);

    const off = await buildApp(
      { ...kit.server.config, aggregator: { ...kit.server.config.aggregator, refreshEnabled: false } },
      { database: kit.server.database, now: clock.now, providers: { aggregator: kit.sim }, logger: false },
    );
    try {
      await off.ready();
      const disabled = await call('refreshData', fresh, { app: off });
      expect([disabled.status, disabled.body.statusCode]).toEqual([503, 'dataRefreshDisabled']);
      expect(disabled.body.statusMessage).toBe(
        'Data refresh is temporarily disabled but will be back soon. We apologise for the inconvenience.',
      );
    } finally {
      await off.close();
    }
  });

  it('deActivateUserData revokes at the AA, deletes the fetched data and keeps an audit record', async () => {
    const { customer, consentId } = await fetchedCustomer();
    expect(await countOf(aaTransactions, customer.customerId)).toBeGreaterThan(0);

    // The AA failing: nothing is deleted.
    kit.sim.setFailure('unavailable', 'revokeConsent');
    const failed = await call('deActivateUserData', customer);
    kit.sim.setFailure('none', 'revokeConsent');
    expect([failed.status, failed.body.statusMessage]).toEqual([500, 'Some error occured, Please refresh the page']);
    expect(await countOf(aaAccounts, customer.customerId)).toBeGreaterThan(0);

    const done = await ok<DeactivateResponse>('deActivateUserData', customer);
    expect(done.consentStatus).toBe('REVOKED');
    expect(done.deletedTransactions).toBeGreaterThan(0);
    expect((await kit.sim.fetchConsent(consentId)).status).toBe('REVOKED');
    expect(await countOf(aaAccounts, customer.customerId)).toBe(0);
    expect(await countOf(aaTransactions, customer.customerId)).toBe(0);
    const audit = await auditOf(customer.customerId);
    expect(audit.map((entry) => entry.event)).toContain('DATA_DEACTIVATED');
    const after = await ok<AccountsDetailResponse>('getAccountsDetail', customer);
    expect([after.accounts, after.bannerState, after.consentStatus]).toEqual([[], 'aa_not_initiated', 'REVOKED']);
    const refresh = await call('refreshData', customer);
    expect([refresh.status, refresh.body.statusCode]).toEqual([409, 'aaConsentNotActive']);
  });

  it("asks the AA for the consent's state at most once a minute, not on every page", async () => {
    const { customer, detail, consentId } = await fetchedCustomer();
    const accountId = detail.accounts[0]!.accountId;
    const transactions = () => call('transaction', customer, { query: `accountId=${accountId}&type=All` });
    expect((await transactions()).status).toBe(200);
    const asked = vi.spyOn(kit.sim, 'fetchConsent');
    try {
      // Revoked in the AA's own app: pages within the minute answer from the stored state without
      // asking the AA (each load asking would show it at once) ...
      await kit.sim.revokeConsent(consentId);
      clock.advance(59_000);
      for (let i = 0; i < 3; i++) {
        expect((await transactions()).status).toBe(200);
        expect((await ok<JourneyStatusResponse>('journeyDataStatus', customer)).consentStatus).toBe('ACTIVE');
      }
      expect(asked).not.toHaveBeenCalled();
      // ... and the first page after it asks, once, and learns it.
      clock.advance(1_000);
      const revoked = await transactions();
      expect([revoked.status, revoked.body.statusCode]).toEqual([409, 'aaConsentNotActive']);
      expect((await ok<JourneyStatusResponse>('journeyDataStatus', customer)).consentStatus).toBe('REVOKED');
      expect(asked.mock.calls).toEqual([[consentId]]);
    } finally {
      asked.mockRestore();
    }
  });

  it("asks about all of a customer's consents in one check a minute; another customer has their own minute", async () => {
    const { customer, first, second, accounts } = await customerWithTwoBanks();
    const accountOf = (fipId: string) => accounts.find((account) => account.fipId === fipId)!.accountId;
    const other = await fetchedCustomer('ICICI-FIP');
    clock.advance(CONSENT_CHECK_INTERVAL_MS);

    const asked = vi.spyOn(kit.sim, 'fetchConsent');
    const askedAbout = () => asked.mock.calls.map(([consentId]) => consentId).sort();
    try {
      // The minute is up: the first page asks about both consents (one round), every other page of
      // the minute, on either bank's account, asks nothing.
      await ok('getAccountsDetail', customer);
      expect(askedAbout()).toEqual([first.consentId, second.consentId].sort());
      for (const fipId of ['HDFC-FIP', 'SBI-FIP']) {
        await ok('transaction', customer, { query: `accountId=${accountOf(fipId)}&type=All` });
      }
      await ok('insights', customer);
      await ok('userApplication', customer);
      await ok('journeyDataStatus', customer);
      expect(asked).toHaveBeenCalledTimes(2);

      // Another customer's pages are not held back by the first's check.
      await ok('getAccountsDetail', other.customer);
      expect(askedAbout()).toEqual([first.consentId, second.consentId, other.consentId].sort());

      // The second bank's consent revoked at the AA: still shown within the minute, then one round
      // (both consents again) learns it, whichever account's page comes first.
      await kit.sim.revokeConsent(second.consentId);
      asked.mockClear();
      clock.advance(CONSENT_CHECK_INTERVAL_MS - 1_000);
      await ok('transaction', customer, { query: `accountId=${accountOf('SBI-FIP')}&type=All` });
      expect(asked).not.toHaveBeenCalled();
      clock.advance(1_000);
      await ok('transaction', customer, { query: `accountId=${accountOf('HDFC-FIP')}&type=All` });
      expect(askedAbout()).toEqual([first.consentId, second.consentId].sort());
      const revoked = await call('transaction', customer, { query: `accountId=${accountOf('SBI-FIP')}&type=All` });
      expect([revoked.status, revoked.body.statusCode]).toEqual([409, 'aaConsentNotActive']);
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      asked.mockRestore();
    }
  });

  it('a pending consent request is asked about once a minute too, not on every read', async () => {
    const customer = await signIn();
    const { consent } = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    const asked = vi.spyOn(kit.sim, 'consentHandleStatus');
    const statusOfRequest = async () =>
      (await ok<{ consents: ConsentSummary[] }>('userApplication', customer)).consents.map(
        (row) => row.consentRequestStatus,
      );
    try {
      for (let i = 0; i < 3; i++) expect(await statusOfRequest()).toEqual(['PENDING']);
      expect(asked.mock.calls).toEqual([[consent.consentHandle]]);
      clock.advance(CONSENT_CHECK_INTERVAL_MS);
      expect(await statusOfRequest()).toEqual(['PENDING']);
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      asked.mockRestore();
    }
  });

  it("a request approved in the AA's own app is taken up at the next check: its consent stored and its data fetched", async () => {
    const customer = await signIn();
    const { consent } = await ok<CreateConsentResponse>('consent', customer, { body: { mobileNo: customer.mobileNo } });
    const consentHandle = consent.consentHandle;
    const found = await ok<DiscoverResponse>('discover', customer, { body: { consentHandle, fipId: 'HDFC-FIP' } });
    const { refNumber } = await ok<{ refNumber: string }>('link', customer, {
      body: { consentHandle, fipId: 'HDFC-FIP', accRefNumbers: found.accounts.map((account) => account.accRefNumber) },
    });
    await ok('linkConfirm', customer, { body: { refNumber, otp: await kit.sim.otpFor(refNumber) } });
    expect((await ok<JourneyStatusResponse>('journeyDataStatus', customer)).consentStatus).toBeNull();

    // The customer leaves the page and approves in the AA's app: we are not told.
    const approved = await kit.sim.decideConsent(consentHandle, 'APPROVE');
    const consentId = approved.consentId as string;
    clock.advance(CONSENT_CHECK_INTERVAL_MS);
    const status = await ok<JourneyStatusResponse>('journeyDataStatus', customer);
    expect(status.consentStatus).toBe('ACTIVE');
    const [stored] = await kit.server.database.db
      .select()
      .from(aaConsents)
      .where(eq(aaConsents.consentHandle, consentHandle));
    expect([stored?.consentId, stored?.consentStatus]).toEqual([consentId, 'ACTIVE']);
    expect((await ok<GetStateResponse>('getState', customer)).stateId).toBe('CONSENT_GIVEN');

    // Its data is fetched by the screen's polls (every 20 s, spec 001 §9) as after an approval on
    // our page: the first asks the AA for it, the next reads it. Once, and audited once.
    clock.advance(3_000);
    expect((await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer)).fetchStatus).toBe('IN_PROGRESS');
    clock.advance(20_000);
    const detail = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect(detail.fetchStatus).toBe('COMPLETED');
    expect(detail.accounts.length).toBeGreaterThan(0);
    expect(await kit.server.database.db.$count(aaFetchJobs, eq(aaFetchJobs.consentId, consentId))).toBe(1);
    clock.advance(CONSENT_CHECK_INTERVAL_MS);
    await ok('journeyDataStatus', customer);
    const given = await auditOf(customer.customerId);
    expect(given.filter((entry) => entry.event === 'CONSENT_GIVEN')).toHaveLength(1);
  });

  it('erases the data fetched under a consent revoked in the AA app, and lists its accounts no more', async () => {
    const { customer, second, accounts } = await customerWithTwoBanks();
    expect(new Set(accounts.map((account) => account.fipId))).toEqual(new Set(['HDFC-FIP', 'SBI-FIP']));
    const sbiAccounts = accounts.filter((account) => account.fipId === 'SBI-FIP');
    const hdfcTotal = accounts
      .filter((account) => account.fipId === 'HDFC-FIP')
      .reduce((sum, account) => sum + (account.currentBalance ?? 0), 0);

    // Revoked in the AA's app (DPDP Act §8(7): erased on withdrawal of consent; ReBIT: the FIU's use ends).
    await kit.sim.revokeConsent(second.consentId);
    clock.advance(CONSENT_CHECK_INTERVAL_MS);
    const after = await ok<AccountsDetailResponse>('getAccountsDetail', customer);
    expect(after.accounts.map((account) => account.fipId)).toEqual(
      accounts.filter((account) => account.fipId === 'HDFC-FIP').map((account) => account.fipId),
    );
    expect(after.totalBalance).toBeCloseTo(hdfcTotal, 2);
    const kept = await kit.server.database.db
      .select()
      .from(aaTransactions)
      .where(
        inArray(
          aaTransactions.accountId,
          sbiAccounts.map((account) => account.accountId),
        ),
      );
    expect(kept).toEqual([]);
    const page = await call('transaction', customer, { query: `accountId=${sbiAccounts[0]!.accountId}&type=All` });
    expect([page.status, page.body.statusCode]).toEqual([409, 'aaConsentNotActive']);
    const audit = await auditOf(customer.customerId);
    expect(audit.filter((entry) => entry.event === 'CONSENT_REVOKED_DATA_ERASED')).toHaveLength(1);
  });

  it("deletes a customer's fetched transactions through an index on customer_id (migration 0030), not a scan", async () => {
    const { db } = kit.server.database;
    await db.transaction(async (tx) => {
      // Forbidding sequential scans shows whether an index can serve the deletion at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = resultRows<{ 'QUERY PLAN': string }>(
        await tx.execute(
          sql`explain delete from aa_transactions where customer_id = '00000000-0000-4000-8000-000000000000'`,
        ),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('aa_transactions_customer_idx');
    });
  });

  it('a consent revoked at the AA mid-fetch ends the fetch FAILED; an expired consent shows "View Details"', async () => {
    const { customer, consentId } = await linkedCustomer();
    await kit.sim.revokeConsent(consentId);
    clock.advance(3_000);
    const after = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect([after.fetchStatus, after.consentStatus, after.bannerState]).toEqual([
      'FAILED',
      'REVOKED',
      'aa_not_initiated',
    ]);
    expect(after.accounts.every((account) => account.currentBalance === null)).toBe(true);

    const expiring = await fetchedCustomer();
    clock.advance(366 * DAY);
    const fresh = await signInCustomer(kit.server, expiring.customer.mobileNo);
    const status = await ok<JourneyStatusResponse>('journeyDataStatus', fresh);
    expect([status.bannerState, status.button, status.consentStatus]).toEqual([
      'consent_expired',
      'View Details',
      'EXPIRED',
    ]);
  });

  it('an AA that fails answers "Some error occured, Please refresh the page"; a failing fetch retries on the schedule', async () => {
    const customer = await signIn();
    kit.sim.setFailure('unavailable', 'requestConsent');
    const down = await call('consent', customer, { body: { mobileNo: customer.mobileNo } });
    kit.sim.setFailure('none', 'requestConsent');
    expect([down.status, down.body.statusCode, down.body.statusMessage]).toEqual([
      500,
      ERRORS.aggregatorPageError.code,
      'Some error occured, Please refresh the page',
    ]);

    kit.sim.setFailure('timeout', 'requestData');
    const { customer: linked, consentId } = await linkedCustomer('ICICI-FIP', customer);
    const [job] = await kit.server.database.db.select().from(aaFetchJobs).where(eq(aaFetchJobs.consentId, consentId));
    expect([job?.status, job?.attempts]).toEqual(['QUEUED', 1]);
    expect(job!.runAfter.getTime() - clock.now()).toBe(20_000);
    kit.sim.setFailure('none', 'requestData');
    clock.advance(20_000);
    await ok('fetchUserAccountInfo', linked);
    clock.advance(3_000);
    expect((await ok<AccountsDetailResponse>('fetchUserAccountInfo', linked)).fetchStatus).toBe('COMPLETED');
  });

  it("refuses another customer's consent, link and account on every route", async () => {
    const owner = await fetchedCustomer();
    const ownerAccount = owner.detail.accounts[0]!.accountId;
    const intruder = await signIn();

    const refused: [AggregatorRoute, CallOptions, number][] = [
      ['transaction', { query: `accountId=${ownerAccount}` }, 404],
      ['statement', { query: `accountId=${ownerAccount}&months=3` }, 404],
      ['insights', { query: `accountId=${ownerAccount}` }, 404],
      ['discover', { body: { consentHandle: owner.consentHandle, fipId: 'HDFC-FIP' } }, 404],
      ['link', { body: { consentHandle: owner.consentHandle, fipId: 'HDFC-FIP', accRefNumbers: ['x'] } }, 404],
      ['decide', { body: { consentHandle: owner.consentHandle, decision: 'REJECT' } }, 404],
      ['stateCapture', { body: { stateId: 'CONSENT_GIVEN', consentHandle: owner.consentHandle } }, 404],
      ['consent', { body: { mobileNo: owner.customer.mobileNo } }, 403],
      ['refreshData', {}, 409],
    ];
    for (const [route, options, status] of refused) {
      const reply = await call(route, intruder, options);
      expect(reply.status, route).toBe(status);
    }
    // linkConfirm with a reference that is not the intruder's pending link.
    const otherLink = await linkedCustomerPendingRef();
    const confirm = await call('linkConfirm', intruder, {
      body: { refNumber: otherLink, otp: await kit.sim.otpFor(otherLink) },
    });
    expect(confirm.status).toBe(404);

    // The reads answer the intruder's own (empty) state, nothing of the owner's.
    for (const route of [
      'getAccountsDetail',
      'fetchUserAccountInfo',
      'userApplication',
      'getState',
      'journeyDataStatus',
      'insights',
    ] as const) {
      const reply = await call(route, intruder);
      expect(reply.status, route).toBe(200);
      const text = JSON.stringify(reply.body);
      expect(text, route).not.toContain(ownerAccount);
      expect(text, route).not.toContain(owner.consentHandle);
    }
    // The intruder deactivating deletes nothing of the owner's.
    await ok('deActivateUserData', intruder);
    expect(await countOf(aaAccounts, owner.customer.customerId)).toBeGreaterThan(0);
    expect((await kit.sim.fetchConsent(owner.consentId)).status).toBe('ACTIVE');

    // And nothing answers without the customer's access token, however good the input.
    const handle = owner.consentHandle;
    const valid: Partial<Record<AggregatorRoute, CallOptions>> = {
      consent: { body: { mobileNo: owner.customer.mobileNo } },
      stateCapture: { body: { stateId: 'AA_LOGIN' } },
      discover: { body: { consentHandle: handle, fipId: 'HDFC-FIP' } },
      link: { body: { consentHandle: handle, fipId: 'HDFC-FIP', accRefNumbers: ['x'] } },
      linkConfirm: { body: { refNumber: handle, otp: '123456' } },
      decide: { body: { consentHandle: handle, decision: 'APPROVE' } },
      transaction: { query: `accountId=${ownerAccount}` },
      statement: { query: `accountId=${ownerAccount}&months=1` },
      insights: { query: `accountId=${ownerAccount}` },
    };
    for (const route of Object.keys(AGGREGATOR_ROUTES) as AggregatorRoute[]) {
      const reply = await call(route, null, valid[route] ?? {});
      expect([reply.status, reply.body.statusCode], route).toEqual([401, 'tokenNotValidated']);
    }
  });

  /** A customer with a linking request waiting for its OTP; answers the request's reference. */
  async function linkedCustomerPendingRef(): Promise<string> {
    const who = await signIn();
    const created = await ok<CreateConsentResponse>('consent', who, { body: { mobileNo: who.mobileNo } });
    const consentHandle = created.consent.consentHandle;
    const found = await ok<DiscoverResponse>('discover', who, { body: { consentHandle, fipId: 'AXIS001' } });
    const { refNumber } = await ok<{ refNumber: string }>('link', who, {
      body: { consentHandle, fipId: 'AXIS001', accRefNumbers: [found.accounts[0]!.accRefNumber] },
    });
    return refNumber;
  }

  it('a restart mid-fetch loses nothing and fetches once; two instances polling at once fetch once', async () => {
    // The first FI request times out: the job waits, QUEUED, for its retry 20 s later.
    kit.sim.setFailure('timeout', 'requestData');
    const { customer, consentId } = await linkedCustomer('AXIS001');
    kit.sim.setFailure('none', 'requestData');
    const [queued] = await kit.server.database.db
      .select()
      .from(aaFetchJobs)
      .where(eq(aaFetchJobs.consentId, consentId));
    expect([queued?.status, queued?.attempts]).toEqual(['QUEUED', 1]);
    // The lease: of two runs claiming the due job at the same moment, one wins.
    const store = createAggregatorStore(kit.server.database.db);
    const at = new Date(clock.now() + 20_000);
    const lease = new Date(at.getTime() + 1_000);
    const claims = await Promise.all([
      store.claimJob(queued!.jobId, at, lease),
      store.claimJob(queued!.jobId, at, lease),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await store.updateJob(queued!.jobId, {}, at);
    // Another server process on the same database (the first may be gone: nothing of the fetch lives in it).
    const restarted = await buildApp(kit.server.config, {
      database: kit.server.database,
      now: clock.now,
      providers: { aggregator: kit.sim },
      logger: false,
    });
    try {
      await restarted.ready();
      clock.advance(20_000);
      // Both instances find the job due at once; its lease lets only one ask the AA.
      const [one, two] = await Promise.all([
        call<AccountsDetailResponse>('fetchUserAccountInfo', customer, { app: restarted }),
        call<AccountsDetailResponse>('fetchUserAccountInfo', customer),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(await kit.sim.requestCount(consentId)).toBe(1);
      clock.advance(3_000);
      const done = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer, { app: restarted });
      expect(done.fetchStatus).toBe('COMPLETED');
      expect(await kit.sim.requestCount(consentId)).toBe(1);
      const jobs = await kit.server.database.db.select().from(aaFetchJobs).where(eq(aaFetchJobs.consentId, consentId));
      expect(jobs.map((job) => job.status)).toEqual(['COMPLETED']);
    } finally {
      await restarted.close();
    }
  });

  it('a restart while the FI request is out and the dying process held the job: resumed after its lease, fetched and stored once', async () => {
    const { customer, consentId } = await linkedCustomer('ICICI-FIP');
    // Approval sent the FI request: the session is open at the AA, its data not ready for 3 s.
    const [requested] = await kit.server.database.db
      .select()
      .from(aaFetchJobs)
      .where(eq(aaFetchJobs.consentId, consentId));
    expect([requested?.status, requested?.sessionId === null]).toEqual(['REQUESTED', false]);
    expect(await kit.sim.requestCount(consentId)).toBe(1);
    // The process claims the job for its FI fetch step and dies before finishing: its lease stays.
    const store = createAggregatorStore(kit.server.database.db);
    const claimed = await store.claimJob(requested!.jobId, new Date(clock.now()), new Date(clock.now() + 60_000));
    expect(claimed).toBeDefined();
    const restarted = await buildApp(kit.server.config, {
      database: kit.server.database,
      now: clock.now,
      providers: { aggregator: kit.sim },
      logger: false,
    });
    try {
      await restarted.ready();
      clock.advance(3_000);
      // The data is ready, but the job is still the dead process's until its lease lapses.
      const waiting = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer, { app: restarted });
      expect(waiting.fetchStatus).toBe('IN_PROGRESS');
      clock.advance(60_000);
      const done = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer, { app: restarted });
      expect(done.fetchStatus).toBe('COMPLETED');
      expect(done.accounts.every((account) => account.currentBalance !== null)).toBe(true);
      const stored = await countOf(aaTransactions, customer.customerId);
      expect(stored).toBeGreaterThan(0);
      // Polls on either instance afterwards ask nothing more of the AA and store nothing twice.
      await ok('fetchUserAccountInfo', customer, { app: restarted });
      await ok('fetchUserAccountInfo', customer);
      expect(await kit.sim.requestCount(consentId)).toBe(1);
      expect(await countOf(aaTransactions, customer.customerId)).toBe(stored);
      const jobs = await kit.server.database.db.select().from(aaFetchJobs).where(eq(aaFetchJobs.consentId, consentId));
      expect(jobs.map((job) => job.status)).toEqual(['COMPLETED']);
    } finally {
      await restarted.close();
    }
  });
});
