import { describe, expect, it } from 'vitest';
import {
  formatAmountFigures,
  formatRupees,
  istDateOf,
  monthsUpTo,
  type DeactivateResponse,
  type StatementPdfResponse,
  type TransactionsResponse,
} from '@pravesh/core';
import { buildApp } from '../../app.ts';
import { holderName } from '../../providers/aggregator/simulator.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { pdfPageCount, pdfText } from '../../test/pdf.ts';
import { aggregatorTestKit, type Linked } from './test-kit.ts';
import type { SignedInCustomer } from '../../test/customers.ts';
import { CONSENT_CHECK_INTERVAL_MS } from './consent-records.ts';

const JSON_ONLY = 'application/json';
const slashes = (date: string) => date.replaceAll('-', '/');

describe.each(DATABASE_KINDS)('statement PDF, fi/transaction, on %s (spec 001 §5, §7)', (kind) => {
  const kit = aggregatorTestKit(kind);
  const { call, ok, fetchedCustomer } = kit;

  /** Every transaction FI/transaction lists for the account in the period, newest first. */
  async function listed(customer: SignedInCustomer, accountId: string, from: string, to: string) {
    const all: TransactionsResponse['transactions'] = [];
    for (let page = 1; ; page++) {
      const reply = await ok<TransactionsResponse>('transaction', customer, {
        query: `accountId=${accountId}&type=All&from=${from}&to=${to}&page=${page}`,
      });
      all.push(...reply.transactions);
      if (page >= reply.pageCount) return all;
    }
  }

  const statement = (customer: SignedInCustomer, query: string, accept?: string) =>
    kit.inject('statement', customer, { query, ...(accept ? { accept } : {}) });

  let owner: Linked & { accountId: string; asOfDate: string };
  async function fetchedOwner() {
    if (owner) return owner;
    const fetched = await fetchedCustomer('HDFC-FIP');
    const account = fetched.detail.accounts[0]!;
    owner = { ...fetched, accountId: account.accountId, asOfDate: istDateOf(Date.parse(account.balanceDateTime!)) };
    return owner;
  }

  it('a PDF attachment for a browser, the same PDF in base64 for a JSON client', async () => {
    const { customer, accountId } = await fetchedOwner();
    const file = await statement(customer, `accountId=${accountId}&months=1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const period = monthsUpTo(owner.asOfDate, 1);
    const last4 = (
      await ok<{ accounts: { maskedAccNumber: string }[] }>('getAccountsDetail', customer)
    ).accounts[0]!.maskedAccNumber.slice(-4);
    const fileName = `statement-${last4}-${period.from}-to-${period.to}.pdf`;
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const json = await statement(customer, `accountId=${accountId}&months=1`, JSON_ONLY);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const body = json.json<{ status: boolean; statusCode: string; response: StatementPdfResponse }>();
    expect([body.status, body.statusCode]).toEqual([true, 'success']);
    expect(body.response.fileName).toBe(fileName);
    expect(body.response.contentType).toBe('application/pdf');
    // The same document, byte for byte (its date is the data's, not the download's).
    expect(Buffer.from(body.response.base64, 'base64').equals(file.rawPayload)).toBe(true);
    const both = await statement(customer, `accountId=${accountId}&months=1`, 'application/json, application/pdf');
    expect(both.headers['content-type']).toBe('application/pdf');
  });

  it('holds the bank, holder, masked account, period, balances and every transaction of 1, 2 and 3 months', async () => {
    const { customer, accountId, asOfDate } = await fetchedOwner();
    const detail = await ok<{ accounts: { accountId: string; maskedAccNumber: string; ifscCode: string }[] }>(
      'getAccountsDetail',
      customer,
    );
    const account = detail.accounts.find((a) => a.accountId === accountId)!;
    const rowCounts: number[] = [];
    for (const months of [1, 2, 3]) {
      const pdf = (await statement(customer, `accountId=${accountId}&months=${months}`)).rawPayload;
      const text = pdfText(pdf);
      const period = monthsUpTo(asOfDate, months);
      expect(text).toContain('HDFC Bank');
      expect(text).toContain('Account Statement');
      expect(text).toContain(holderName(customer.mobileNo));
      // spec 001 §5: the last 4 characters, the rest as X.
      expect(account.maskedAccNumber).toMatch(/^X+\d{4}$/);
      expect(text).toContain(account.maskedAccNumber);
      expect(text).toContain(account.ifscCode);
      expect(text).toContain(`${slashes(period.from)} to ${slashes(period.to)}`);
      // spec 001 §5 YYYY/MM/DD: no date in another format.
      expect(text).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);

      const txns = (await listed(customer, accountId, period.from, period.to)).reverse();
      expect(txns.length).toBeGreaterThan(months * 15);
      rowCounts.push(txns.length);
      const lines = text.split('\n');
      for (const txn of txns) {
        // Each row on its line: date, reference, the amount and the balance after it, Indian grouping.
        const line = lines.find((l) => l.includes(txn.reference));
        expect(line, txn.reference).toBeDefined();
        expect(line).toContain(slashes(txn.transactionTimestamp.slice(0, 10)));
        expect(line).toContain(formatAmountFigures(Math.round(txn.amount * 100)));
        expect(line).toContain(formatAmountFigures(Math.round(txn.currentBalance * 100)));
      }
      const first = txns[0]!;
      const opening = Math.round(
        (first.currentBalance + (first.type === 'CREDIT' ? -first.amount : first.amount)) * 100,
      );
      const closing = Math.round(txns.at(-1)!.currentBalance * 100);
      const credits = txns.filter((t) => t.type === 'CREDIT').reduce((s, t) => s + Math.round(t.amount * 100), 0);
      const debits = txns.filter((t) => t.type === 'DEBIT').reduce((s, t) => s + Math.round(t.amount * 100), 0);
      expect(opening + credits - debits).toBe(closing);
      for (const figure of [opening, credits, debits, closing]) expect(text).toContain(formatRupees(figure));
      expect(text).toMatch(new RegExp(`Transactions\\s+${txns.length}\\b`));

      // Page breaks: every page has the table's header and its "Page n of N".
      const pages = pdfPageCount(pdf);
      if (months === 3) expect(pages).toBeGreaterThan(1);
      expect(text.match(/Date\s+Narration\s+Reference\s+Debit \(₹\)\s+Credit \(₹\)\s+Balance \(₹\)/g)).toHaveLength(
        pages,
      );
      for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    }
    expect(rowCounts[0]! < rowCounts[1]! && rowCounts[1]! < rowCounts[2]!).toBe(true);
  });

  it('refuses bad input with 400 and an unknown account with aaNotFound', async () => {
    const { customer, accountId } = await fetchedOwner();
    for (const query of [
      `accountId=${accountId}`,
      `accountId=${accountId}&months=0`,
      `accountId=${accountId}&months=4`,
      `accountId=${accountId}&months=1.5`,
      `accountId=${accountId}&months=three`,
      'accountId=not-a-uuid&months=1',
      'months=1',
    ]) {
      const reply = await call('statement', customer, { query });
      expect(reply.status, query).toBe(400);
      expect(reply.body.status, query).toBe(false);
    }
    const unknown = await call('statement', customer, { query: `accountId=${crypto.randomUUID()}&months=1` });
    expect([unknown.status, unknown.body.statusCode]).toEqual([404, 'aaNotFound']);
  });

  it("another customer's account answers aaNotFound, as an unknown one does", async () => {
    const { accountId } = await fetchedOwner();
    const intruder = await kit.signIn();
    for (const accept of [JSON_ONLY, undefined]) {
      const reply = await statement(intruder, `accountId=${accountId}&months=3`, accept);
      expect(reply.statusCode).toBe(404);
      expect(reply.json<{ statusCode: string }>().statusCode).toBe('aaNotFound');
    }
  });

  it('not fetched yet: aaDataNotReady; revoked at the AA: aaConsentNotActive (list too); deactivated: aaDataDeleted', async () => {
    const pending = await kit.linkedCustomer('SBI-FIP');
    const pendingAccount = (await ok<{ accounts: { accountId: string }[] }>('getAccountsDetail', pending.customer))
      .accounts[0]!.accountId;
    const early = await call('statement', pending.customer, { query: `accountId=${pendingAccount}&months=1` });
    expect([early.status, early.body.statusCode]).toEqual([409, 'aaDataNotReady']);
    expect(early.body.statusMessage).toBe(
      'We are still fetching this account from your bank. Please try again in a few minutes.',
    );

    const revoked = await fetchedCustomer('ICICI-FIP');
    await kit.sim.revokeConsent(revoked.consentId);
    // The pages ask the AA for the consent's state at most once a minute (consent-records.ts).
    kit.clock.advance(CONSENT_CHECK_INTERVAL_MS + 1_000);
    const afterRevoke = await call('statement', revoked.customer, {
      query: `accountId=${revoked.detail.accounts[0]!.accountId}&months=1`,
    });
    expect([afterRevoke.status, afterRevoke.body.statusCode]).toEqual([409, 'aaConsentNotActive']);
    // Nor the transaction list: revoked data is no longer ours to show.
    const listAfterRevoke = await call('transaction', revoked.customer, {
      query: `accountId=${revoked.detail.accounts[0]!.accountId}&type=All&page=1`,
    });
    expect([listAfterRevoke.status, listAfterRevoke.body.statusCode]).toEqual([409, 'aaConsentNotActive']);

    const leaving = await fetchedCustomer('AXIS001');
    const leavingAccount = leaving.detail.accounts[0]!.accountId;
    await ok<DeactivateResponse>('deActivateUserData', leaving.customer);
    const gone = await call('statement', leaving.customer, { query: `accountId=${leavingAccount}&months=1` });
    expect([gone.status, gone.body.statusCode]).toEqual([410, 'aaDataDeleted']);
    const goneList = await call('transaction', leaving.customer, {
      query: `accountId=${leavingAccount}&type=All&page=1`,
    });
    expect([goneList.status, goneList.body.statusCode]).toEqual([410, 'aaDataDeleted']);
    expect(gone.body.statusMessage).toBe(
      'This account was unlinked and its data deleted. Link it again to see its statement.',
    );
    // Someone else asking for that id learns nothing: not found.
    const other = await call('statement', pending.customer, { query: `accountId=${leavingAccount}&months=1` });
    expect([other.status, other.body.statusCode]).toEqual([404, 'aaNotFound']);
  });

  it('the statement download switch off (spec 001 §9) answers aaStatementDisabled', async () => {
    const { customer, accountId } = await fetchedOwner();
    const off = await buildApp(
      { ...kit.server.config, aggregator: { ...kit.server.config.aggregator, statementEnabled: false } },
      { database: kit.server.database, now: kit.clock.now, providers: { aggregator: kit.sim }, logger: false },
    );
    try {
      await off.ready();
      const reply = await call('statement', customer, { query: `accountId=${accountId}&months=1`, app: off });
      expect([reply.status, reply.body.statusCode]).toEqual([503, 'aaStatementDisabled']);
    } finally {
      await off.close();
    }
  });
});
