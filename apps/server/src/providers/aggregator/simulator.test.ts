import { describe, expect, it } from 'vitest';
import { AGGREGATOR_BANKS, TRANSACTION_MODES, aggregatorCustomerId } from '@pravesh/core';
import { createClock } from '../../test/customers.ts';
import { createOutboxStore } from '../sms/outbox.ts';
import { aggregatorOtpToOutbox } from './index.ts';
import { HANDLE_TTL_MS, SESSION_TTL_MS, createAggregatorSimulator, discoverableAccounts } from './simulator.ts';
import { accountHistory, accountSeed } from './transactions.ts';
import { AggregatorError, type ConsentDetail } from './types.ts';

const DAY = 86_400_000;
const MOBILE = '9876543210';

function detail(start: number, validDays = 365): ConsentDetail {
  return {
    consentStart: new Date(start).toISOString(),
    consentExpiry: new Date(start + validDays * DAY).toISOString(),
    consentMode: 'STORE',
    fetchType: 'PERIODIC',
    consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
    fiTypes: ['DEPOSIT'],
    DataConsumer: { id: 'KOSH-FIU', type: 'FIU' },
    Customer: { id: aggregatorCustomerId(MOBILE), Identifiers: [{ type: 'MOBILE', value: MOBILE }] },
    Purpose: {
      code: '102',
      refUri: 'https://api.rebit.org.in/aa/purpose/102.xml',
      text: 'spending',
      Category: { type: 'string' },
    },
    FIDataRange: { from: new Date(start - 730 * DAY).toISOString(), to: new Date(start).toISOString() },
    DataLife: { unit: 'MONTH', value: 1 },
    Frequency: { unit: 'HOUR', value: 1 },
  };
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AggregatorError) return error.kind;
    throw error;
  }
  return 'resolved';
}

/** A simulator with an approved consent on HDFC (or the given bank). */
async function approved(fipId = 'HDFC-FIP', options: { validDays?: number; readyMs?: number } = {}) {
  const clock = createClock();
  const sim = createAggregatorSimulator({ now: clock.now, dataReadyDelayMs: options.readyMs ?? 3_000 });
  const { consentHandle } = await sim.requestConsent(detail(clock.now(), options.validDays));
  const found = await sim.discoverAccounts(consentHandle, fipId);
  const { refNumber, otpLength } = await sim.linkAccounts(
    consentHandle,
    fipId,
    found.map((a) => a.accRefNumber),
  );
  const linked = await sim.confirmLink(refNumber, (await sim.otpFor(refNumber)) as string);
  const decided = await sim.decideConsent(consentHandle, 'APPROVE');
  return { clock, sim, consentHandle, consentId: decided.consentId as string, linked, otpLength, decided };
}

describe('aggregator simulator (ReBIT v2.0.0)', () => {
  it('consent request: PENDING → READY on approval → APPROVED once the FIU fetched the artefact', async () => {
    const clock = createClock();
    const sim = createAggregatorSimulator({ now: clock.now });
    const { consentHandle } = await sim.requestConsent(detail(clock.now()));
    expect((await sim.consentHandleStatus(consentHandle)).status).toBe('PENDING');
    const [account] = await sim.discoverAccounts(consentHandle, 'SBI-FIP');
    // Approving with nothing linked is refused: there is nothing to share.
    expect(await rejection(sim.decideConsent(consentHandle, 'APPROVE'))).toBe('invalidState');
    const { refNumber } = await sim.linkAccounts(consentHandle, 'SBI-FIP', [account!.accRefNumber]);
    await sim.confirmLink(refNumber, (await sim.otpFor(refNumber))!);
    const decided = await sim.decideConsent(consentHandle, 'APPROVE');
    expect(decided.status).toBe('READY');
    const artefact = await sim.fetchConsent(decided.consentId!);
    expect(artefact.status).toBe('ACTIVE');
    expect(artefact.ConsentDetail.Customer.id).toBe(`${MOBILE}@finvu`);
    expect((await sim.consentHandleStatus(consentHandle)).status).toBe('APPROVED');
  });

  it("consent request: REJECTED on the customer's no, EXPIRED when nobody acts in time, FAILED when the AA fails", async () => {
    const clock = createClock();
    const sim = createAggregatorSimulator({ now: clock.now });
    const rejected = await sim.requestConsent(detail(clock.now()));
    expect((await sim.decideConsent(rejected.consentHandle, 'REJECT')).status).toBe('REJECTED');
    const ignored = await sim.requestConsent(detail(clock.now()));
    clock.advance(HANDLE_TTL_MS + 1);
    expect((await sim.consentHandleStatus(ignored.consentHandle)).status).toBe('EXPIRED');
    expect(await rejection(sim.discoverAccounts(ignored.consentHandle, 'HDFC-FIP'))).toBe('invalidState');
    sim.setFailure('unavailable', 'requestConsent');
    expect(await rejection(sim.requestConsent(detail(clock.now())))).toBe('unavailable');
    sim.setFailure('none', 'requestConsent');
    sim.setFailure('timeout');
    expect(await rejection(sim.consentHandleStatus(rejected.consentHandle))).toBe('timeout');
  });

  it('consent: ACTIVE → PAUSED → ACTIVE → REVOKED, and EXPIRED by time on a fake clock', async () => {
    const { sim, clock, consentId } = await approved('HDFC-FIP', { validDays: 2 });
    await sim.setConsentPaused(consentId, true);
    expect((await sim.fetchConsent(consentId)).status).toBe('PAUSED');
    expect(
      await rejection(sim.requestData(consentId, { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })),
    ).toBe('consentNotActive');
    await sim.setConsentPaused(consentId, false);
    expect((await sim.fetchConsent(consentId)).status).toBe('ACTIVE');
    clock.advance(2 * DAY);
    expect((await sim.fetchConsent(consentId)).status).toBe('EXPIRED');

    const other = await approved();
    await other.sim.revokeConsent(other.consentId);
    expect((await other.sim.fetchConsent(other.consentId)).status).toBe('REVOKED');
  });

  it('FI session: ACTIVE (PENDING) → data ready (READY) → COMPLETED (DELIVERED) with deposit data', async () => {
    const { sim, clock, consentId, linked } = await approved('HDFC-FIP');
    const range = { from: new Date(clock.now() - 730 * DAY).toISOString(), to: new Date(clock.now()).toISOString() };
    const { sessionId } = await sim.requestData(consentId, range);
    const early = await sim.fetchData(sessionId);
    expect(early.session.status).toBe('ACTIVE');
    expect(early.session.accounts.every((a) => a.FIStatus === 'PENDING')).toBe(true);
    expect(early.accounts).toEqual([]);
    clock.advance(3_000);
    const done = await sim.fetchData(sessionId);
    expect(done.session.status).toBe('COMPLETED');
    expect(done.session.accounts.map((a) => a.FIStatus)).toEqual(linked.map(() => 'DELIVERED'));
    const account = done.accounts[0]!;
    expect(account.Summary.status).toBe('ACTIVE');
    expect(account.Summary.ifscCode).toMatch(/^[A-Z]{4}0\d{6}$/);
    const txns = account.Transactions.Transaction;
    expect(txns.length).toBeGreaterThan(24 * 15);
    const last = txns.at(-1)!;
    expect(account.Summary.currentBalance).toBe(last.currentBalance);
    for (const txn of txns) {
      expect(TRANSACTION_MODES).toContain(txn.mode);
      expect(txn.currentBalance).toBeGreaterThanOrEqual(0);
      expect(txn.transactionTimestamp).toMatch(/\+05:30$/);
    }
    const narrations = txns.map((t) => t.narration).join('\n');
    for (const kind of ['SALARY', 'UPI/', 'POS/', '/EMI', 'INT.PD', 'REFUND']) expect(narrations).toContain(kind);
    // At most one FI request an hour (ReBIT Frequency).
    expect(await rejection(sim.requestData(consentId, range))).toBe('frequencyExceeded');
    clock.advance(3_600_000);
    await sim.requestData(consentId, range);
    // Received: the first, the refused one, the one an hour later.
    expect(await sim.requestCount(consentId)).toBe(3);
  });

  it('FI session: revoked mid-fetch FAILS with accounts DENIED; a bank timeout FAILS with TIMEOUT; unfetched EXPIRES', async () => {
    const { sim, clock, consentId } = await approved();
    const range = { from: new Date(clock.now() - DAY).toISOString(), to: new Date(clock.now()).toISOString() };
    const { sessionId } = await sim.requestData(consentId, range);
    await sim.revokeConsent(consentId);
    clock.advance(3_000);
    const revoked = await sim.fetchData(sessionId);
    expect(revoked.session.status).toBe('FAILED');
    expect(revoked.session.accounts.every((a) => a.FIStatus === 'DENIED')).toBe(true);
    expect(revoked.accounts).toEqual([]);

    const slow = await approved();
    await slow.sim.setBankTimeout(slow.consentId, true);
    const timedOut = await slow.sim.requestData(slow.consentId, range);
    slow.clock.advance(3_000);
    const failed = await slow.sim.fetchData(timedOut.sessionId);
    expect([failed.session.status, failed.session.accounts[0]?.FIStatus]).toEqual(['FAILED', 'TIMEOUT']);

    const late = await approved();
    const unfetched = await late.sim.requestData(late.consentId, range);
    late.clock.advance(SESSION_TTL_MS + 1);
    expect((await late.sim.fetchData(unfetched.sessionId)).session.status).toBe('EXPIRED');
  });

  it('consent request: PENDING → FAILED when the AA cannot make the artefact; an expired request cannot be approved', async () => {
    const clock = createClock();
    const sim = createAggregatorSimulator({ now: clock.now });
    const { consentHandle } = await sim.requestConsent(detail(clock.now()));
    const [account] = await sim.discoverAccounts(consentHandle, 'HDFC-FIP');
    const { refNumber } = await sim.linkAccounts(consentHandle, 'HDFC-FIP', [account!.accRefNumber]);
    await sim.confirmLink(refNumber, (await sim.otpFor(refNumber))!);
    sim.setArtefactFailure(true);
    const failed = await sim.decideConsent(consentHandle, 'APPROVE');
    sim.setArtefactFailure(false);
    expect([failed.status, failed.consentId]).toEqual(['FAILED', null]);
    // FAILED is final: neither time nor a second answer moves it.
    clock.advance(HANDLE_TTL_MS + 1);
    expect((await sim.consentHandleStatus(consentHandle)).status).toBe('FAILED');
    expect(await rejection(sim.decideConsent(consentHandle, 'APPROVE'))).toBe('invalidState');

    const late = await sim.requestConsent(detail(clock.now()));
    clock.advance(HANDLE_TTL_MS + 1);
    expect(await rejection(sim.decideConsent(late.consentHandle, 'APPROVE'))).toBe('invalidState');
    expect(await rejection(sim.decideConsent(late.consentHandle, 'REJECT'))).toBe('invalidState');
    expect((await sim.consentHandleStatus(late.consentHandle)).status).toBe('EXPIRED');
    // A decided request stays as decided.
    const rejected = await sim.requestConsent(detail(clock.now()));
    await sim.decideConsent(rejected.consentHandle, 'REJECT');
    clock.advance(HANDLE_TTL_MS + 1);
    expect((await sim.consentHandleStatus(rejected.consentHandle)).status).toBe('REJECTED');
  });

  it('consent: PAUSED → REVOKED, PAUSED → EXPIRED by time; REVOKED and EXPIRED are final', async () => {
    const paused = await approved();
    await paused.sim.setConsentPaused(paused.consentId, true);
    await paused.sim.revokeConsent(paused.consentId);
    expect((await paused.sim.fetchConsent(paused.consentId)).status).toBe('REVOKED');
    // Resuming, revoking again or time passing: still REVOKED; no data.
    await paused.sim.setConsentPaused(paused.consentId, false);
    await paused.sim.revokeConsent(paused.consentId);
    paused.clock.advance(400 * DAY);
    expect((await paused.sim.fetchConsent(paused.consentId)).status).toBe('REVOKED');
    const range = {
      from: new Date(paused.clock.now() - DAY).toISOString(),
      to: new Date(paused.clock.now()).toISOString(),
    };
    expect(await rejection(paused.sim.requestData(paused.consentId, range))).toBe('consentNotActive');

    const expiring = await approved('HDFC-FIP', { validDays: 1 });
    await expiring.sim.setConsentPaused(expiring.consentId, true);
    expiring.clock.advance(DAY - 1);
    expect((await expiring.sim.fetchConsent(expiring.consentId)).status).toBe('PAUSED');
    expiring.clock.advance(1);
    expect((await expiring.sim.fetchConsent(expiring.consentId)).status).toBe('EXPIRED');
    // Neither resuming nor revoking brings an expired consent back or changes its status.
    await expiring.sim.setConsentPaused(expiring.consentId, false);
    await expiring.sim.revokeConsent(expiring.consentId);
    expect((await expiring.sim.fetchConsent(expiring.consentId)).status).toBe('EXPIRED');
    expect(await rejection(expiring.sim.requestData(expiring.consentId, range))).toBe('consentNotActive');
  });

  it('FI session: accounts PENDING → READY on the clock; COMPLETED is final and delivered once, revocation after or not', async () => {
    const { sim, clock, consentId } = await approved('HDFC-FIP', { readyMs: 5_000 });
    const range = { from: new Date(clock.now() - 30 * DAY).toISOString(), to: new Date(clock.now()).toISOString() };
    const { sessionId } = await sim.requestData(consentId, range);
    clock.advance(4_999);
    const waiting = await sim.sessionStatus(sessionId);
    expect([waiting.status, ...waiting.accounts.map((a) => a.FIStatus)]).toEqual(['ACTIVE', 'PENDING']);
    clock.advance(1);
    const ready = await sim.sessionStatus(sessionId);
    expect([ready.status, ...ready.accounts.map((a) => a.FIStatus)]).toEqual(['ACTIVE', 'READY']);
    const delivered = await sim.fetchData(sessionId);
    expect([delivered.session.status, delivered.accounts.length]).toEqual(['COMPLETED', 1]);
    // Fetching again delivers nothing more; revoking afterwards does not undo the delivery.
    const again = await sim.fetchData(sessionId);
    expect([again.session.status, again.accounts]).toEqual(['COMPLETED', []]);
    await sim.revokeConsent(consentId);
    clock.advance(SESSION_TTL_MS + 1);
    const after = await sim.sessionStatus(sessionId);
    expect([after.status, ...after.accounts.map((a) => a.FIStatus)]).toEqual(['COMPLETED', 'DELIVERED']);
  });

  it('FI session: the consent expiring by time mid-fetch FAILS the session, accounts DENIED', async () => {
    const { sim, clock, consentId } = await approved('SBI-FIP', { validDays: 1 });
    clock.advance(DAY - 10_000);
    const range = { from: new Date(clock.now() - DAY).toISOString(), to: new Date(clock.now()).toISOString() };
    const { sessionId } = await sim.requestData(consentId, range);
    clock.advance(10_000);
    const result = await sim.fetchData(sessionId);
    expect(result.session.status).toBe('FAILED');
    expect(result.session.accounts.every((a) => a.FIStatus === 'DENIED')).toBe(true);
    expect(result.accounts).toEqual([]);
    // FAILED is final: the data is never delivered afterwards.
    clock.advance(SESSION_TTL_MS + 1);
    expect((await sim.sessionStatus(sessionId)).status).toBe('FAILED');
  });

  it('linking OTP: 8 digits at dhanagarbank and KarurVysyaBank-FIP, 6 elsewhere; a wrong code is refused', async () => {
    expect((await approved('dhanagarbank')).otpLength).toBe(8);
    const clock = createClock();
    const sim = createAggregatorSimulator({ now: clock.now });
    const { consentHandle } = await sim.requestConsent(detail(clock.now()));
    for (const bank of AGGREGATOR_BANKS) {
      const found = discoverableAccounts(MOBILE, bank.id);
      if (found.length === 0) continue;
      const { refNumber, otpLength } = await sim.linkAccounts(consentHandle, bank.id, [found[0]!.accRefNumber]);
      expect(otpLength, bank.id).toBe(['dhanagarbank', 'KarurVysyaBank-FIP'].includes(bank.id) ? 8 : 6);
      expect(await sim.otpFor(refNumber)).toHaveLength(otpLength);
    }
    const [account] = await sim.discoverAccounts(consentHandle, 'HDFC-FIP');
    const { refNumber } = await sim.linkAccounts(consentHandle, 'HDFC-FIP', [account!.accRefNumber]);
    const right = (await sim.otpFor(refNumber))!;
    const wrong = right === '000000' ? '111111' : '000000';
    expect(await rejection(sim.confirmLink(refNumber, wrong))).toBe('otpIncorrect');
    expect(await sim.confirmLink(refNumber, right)).toHaveLength(1);
  });

  it('discovery and history are deterministic per account; finsharebank finds nothing', () => {
    expect(discoverableAccounts(MOBILE, 'HDFC-FIP')).toEqual(discoverableAccounts(MOBILE, 'HDFC-FIP'));
    expect(discoverableAccounts(MOBILE, 'HDFC-FIP').length).toBeGreaterThan(0);
    expect(discoverableAccounts(MOBILE, 'finsharebank')).toEqual([]);
    const seed = accountSeed('HDFC-FIP', 'ref-1', 'SAVINGS');
    const now = Date.UTC(2026, 10, 21);
    const first = accountHistory(seed, now);
    const later = accountHistory(seed, now + 40 * DAY);
    // A later fetch adds days; it never rewrites the earlier ones.
    expect(later.transactions.slice(0, first.transactions.length)).toEqual(first.transactions);
    expect(accountHistory(accountSeed('HDFC-FIP', 'ref-2', 'SAVINGS'), now).transactions[0]).not.toEqual(
      first.transactions[0],
    );
  });

  it("the demo reads a bank's linking OTP in the local outbox, addressed to the customer's number", async () => {
    const clock = createClock();
    const outbox = createOutboxStore({ now: clock.now });
    const sim = createAggregatorSimulator({ now: clock.now, deliverOtp: aggregatorOtpToOutbox(outbox) });
    const { consentHandle } = await sim.requestConsent(detail(clock.now()));
    const [account] = await sim
      .discoverAccounts(consentHandle, 'KarurVysyaBank-FIP')
      .then((found) => (found.length > 0 ? found : sim.discoverAccounts(consentHandle, 'dhanagarbank')));
    const fipId = account!.accRefNumber.startsWith('KarurVysyaBank-FIP') ? 'KarurVysyaBank-FIP' : 'dhanagarbank';
    const { refNumber } = await sim.linkAccounts(consentHandle, fipId, [account!.accRefNumber]);
    const [message] = await outbox.list();
    expect(message?.to).toBe(MOBILE);
    expect(message?.templateId).toBe('AA_LINK_OTP');
    expect(message?.text).toContain((await sim.otpFor(refNumber))!);
    expect(await sim.otpFor(refNumber)).toMatch(/^\d{8}$/);
  });
});
