import { describe, expect, it } from 'vitest';
import {
  categoriseTransaction,
  istDateOf,
  monthsUpTo,
  type AccountsDetailResponse,
  type CreateConsentResponse,
  type InsightsResponse,
  type TransactionsResponse,
} from '@pravesh/core';
import type { SignedInCustomer } from '../../test/customers.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { aggregatorTestKit } from './test-kit.ts';
import { CONSENT_CHECK_INTERVAL_MS } from './consent-records.ts';

describe.each(DATABASE_KINDS)('FI/insights, View Insights, on %s', (kind) => {
  const kit = aggregatorTestKit(kind);
  const { call, ok, fetchedCustomer } = kit;

  /** Every transaction of the type that FI/transaction lists for the account between the dates. */
  async function listed(
    customer: SignedInCustomer,
    accountId: string,
    type: 'Credit' | 'Debit',
    from: string,
    to: string,
  ) {
    const all: TransactionsResponse['transactions'] = [];
    for (let page = 1; ; page++) {
      const reply = await ok<TransactionsResponse>('transaction', customer, {
        query: `accountId=${accountId}&type=${type}&from=${from}&to=${to}&page=${page}`,
      });
      all.push(...reply.transactions);
      if (page >= reply.pageCount) return all;
    }
  }
  const paise = (rupees: number) => Math.round(rupees * 100);
  const total = (txns: readonly { amount: number }[]) => txns.reduce((sum, txn) => sum + paise(txn.amount), 0);

  it("one account: 12 months of money in and out and 3 months' spending by category, as its transactions say", async () => {
    const { customer, detail } = await fetchedCustomer('HDFC-FIP');
    const account = detail.accounts[0]!;
    const insights = await ok<InsightsResponse>('insights', customer, { query: `accountId=${account.accountId}` });
    expect(insights.asOf).toBe(account.balanceDateTime);
    const asOfDate = istDateOf(Date.parse(insights.asOf!));
    expect(insights.months).toHaveLength(12);
    expect(insights.months.at(-1)!.month).toBe(asOfDate.slice(0, 7));
    expect(insights.months.map((m) => m.month)).toEqual([...insights.months.map((m) => m.month)].sort());

    // The current month and the one before, summed from FI/transaction's own listing.
    for (const month of insights.months.slice(-2)) {
      const from = `${month.month}-01`;
      const end = new Date(Date.UTC(Number(month.month.slice(0, 4)), Number(month.month.slice(5)), 0));
      const to = end.toISOString().slice(0, 10) < asOfDate ? end.toISOString().slice(0, 10) : asOfDate;
      expect(paise(month.inflow), month.month).toBe(
        total(await listed(customer, account.accountId, 'Credit', from, to)),
      );
      expect(paise(month.outflow), month.month).toBe(
        total(await listed(customer, account.accountId, 'Debit', from, to)),
      );
      expect(month.inflow).toBeGreaterThan(0);
    }

    const period = monthsUpTo(asOfDate, 3);
    const debits = await listed(customer, account.accountId, 'Debit', period.from, period.to);
    const spent = total(debits);
    expect(insights.categories.reduce((sum, c) => sum + paise(c.amount), 0)).toBe(spent);
    for (const { category, amount, share } of insights.categories) {
      expect(paise(amount), category).toBe(total(debits.filter((txn) => categoriseTransaction(txn) === category)));
      expect(share).toBeCloseTo(paise(amount) / spent, 3);
    }
    const amounts = insights.categories.map((c) => c.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // A salaried customer's spending: rent, an EMI, food, groceries; salary is income, never spending.
    const names = insights.categories.map((c) => c.category);
    for (const expected of ['rent', 'emi', 'food', 'groceries']) expect(names).toContain(expected);
    expect(names).not.toContain('salary');
  });

  it('without accountId: every fetched account of the customer, the sums of each', async () => {
    const first = await fetchedCustomer('HDFC-FIP');
    const { customer } = first;
    const second = await ok<CreateConsentResponse>('consent', customer, {
      body: { mobileNo: customer.mobileNo, addAnotherBank: true },
    });
    await kit.linkedCustomer('SBI-FIP', customer, second.consent.consentHandle);
    kit.clock.advance(3_000);
    const detail = await ok<AccountsDetailResponse>('fetchUserAccountInfo', customer);
    expect(detail.accounts.length).toBeGreaterThan(1);
    const all = await ok<InsightsResponse>('insights', customer);
    const each = await Promise.all(
      detail.accounts.map((account) =>
        ok<InsightsResponse>('insights', customer, { query: `accountId=${account.accountId}` }),
      ),
    );
    // Both were fetched on the same day, so their 12 months and 3-month windows line up.
    for (const [index, month] of all.months.entries()) {
      expect(paise(month.inflow)).toBe(each.reduce((sum, one) => sum + paise(one.months[index]!.inflow), 0));
      expect(paise(month.outflow)).toBe(each.reduce((sum, one) => sum + paise(one.months[index]!.outflow), 0));
    }
    const spent = (one: InsightsResponse) => one.categories.reduce((sum, c) => sum + paise(c.amount), 0);
    expect(spent(all)).toBe(each.reduce((sum, one) => sum + spent(one), 0));
  });

  it('nothing fetched: 12 zero months, no categories, asOf null; a revoked consent leaves its data out', async () => {
    const newcomer = await kit.signIn();
    const empty = await ok<InsightsResponse>('insights', newcomer);
    expect(empty.asOf).toBeNull();
    expect(empty.months).toHaveLength(12);
    expect(empty.months.every((m) => m.inflow === 0 && m.outflow === 0)).toBe(true);
    expect(empty.months.at(-1)!.month).toBe(istDateOf(kit.clock.now()).slice(0, 7));
    expect(empty.categories).toEqual([]);

    const pending = await kit.linkedCustomer('ICICI-FIP');
    const pendingAccount = (await ok<AccountsDetailResponse>('getAccountsDetail', pending.customer)).accounts[0]!;
    const early = await call('insights', pending.customer, { query: `accountId=${pendingAccount.accountId}` });
    expect([early.status, early.body.statusCode]).toEqual([409, 'aaDataNotReady']);
    expect((await ok<InsightsResponse>('insights', pending.customer)).asOf).toBeNull();

    const revoked = await fetchedCustomer('AXIS001');
    expect((await ok<InsightsResponse>('insights', revoked.customer)).asOf).not.toBeNull();
    await kit.sim.revokeConsent(revoked.consentId);
    // The pages ask the AA for the consent's state at most once a minute (consent-records.ts).
    kit.clock.advance(CONSENT_CHECK_INTERVAL_MS + 1_000);
    const after = await ok<InsightsResponse>('insights', revoked.customer);
    expect([after.asOf, after.categories]).toEqual([null, []]);
    const one = await call('insights', revoked.customer, {
      query: `accountId=${revoked.detail.accounts[0]!.accountId}`,
    });
    expect([one.status, one.body.statusCode]).toEqual([409, 'aaConsentNotActive']);
  });

  it("bad input is 400; another customer's account aaNotFound; without it the intruder sees only their own (nothing)", async () => {
    const owner = await fetchedCustomer('HDFC-FIP');
    const intruder = await kit.signIn();
    const bad = await call('insights', intruder, { query: 'accountId=not-a-uuid' });
    expect(bad.status).toBe(400);
    const theirs = await call('insights', intruder, { query: `accountId=${owner.detail.accounts[0]!.accountId}` });
    expect([theirs.status, theirs.body.statusCode]).toEqual([404, 'aaNotFound']);
    const own = await ok<InsightsResponse>('insights', intruder);
    expect([own.asOf, own.categories]).toEqual([null, []]);
    const unsigned = await call('insights', null);
    expect([unsigned.status, unsigned.body.statusCode]).toEqual([401, 'tokenNotValidated']);
  });
});
