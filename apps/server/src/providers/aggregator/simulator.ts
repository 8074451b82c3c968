import { randomUUID } from 'node:crypto';
import {
  POPULAR_BANK_FIPS,
  aggregatorBank,
  linkOtpLength,
  type AaConsentStatus,
  type DepositAccountType,
} from '@pravesh/core';
import { createMemoryRecords, type SimulatorRecords } from '../simulator-records.ts';
import { accountHistory, accountSeed, hashNumber, isoIst, istDate, seeded } from './transactions.ts';
import {
  AggregatorError,
  type AggregatorFailureMode,
  type AggregatorOperation,
  type AggregatorProvider,
  type ConsentArtefact,
  type ConsentDetail,
  type ConsentHandleStatus,
  type DepositAccountData,
  type DiscoveredAccount,
  type FiFetchResult,
  type FiSession,
  type LinkedAccount,
} from './types.ts';

/**
 * A simulated account aggregator (spec 001 §7, the OVI calls), faithful to ReBIT v2.0.0's three status sets:
 *
 * - consent request (handle): PENDING → READY once the customer approves (the artefact is ready to
 *   fetch) → APPROVED once the FIU fetched it; PENDING → REJECTED on the customer's no; PENDING →
 *   EXPIRED when nobody acts within HANDLE_TTL_MS; PENDING → FAILED when the customer approved but
 *   the AA could not create the artefact (injected, setArtefactFailure).
 * - consent artefact: ACTIVE → PAUSED (customer, at the AA) → ACTIVE; ACTIVE/PAUSED → REVOKED;
 *   ACTIVE/PAUSED → EXPIRED once consentExpiry passes (read against `now`, so a fake clock expires
 *   it). REVOKED and EXPIRED are final.
 * - FI data session: ACTIVE (accounts PENDING) until the data is ready dataReadyDelayMs later
 *   (accounts READY) → COMPLETED once fetched (DELIVERED, final); EXPIRED when not fetched within
 *   SESSION_TTL_MS; FAILED when the consent is revoked or expires mid-fetch (accounts DENIED) or
 *   the bank times out (injected; accounts TIMEOUT).
 *
 * An FI request for a consent less than an hour after its last one is refused (Frequency: once an
 * hour). Discovery is deterministic per mobile number and bank; data per account (transactions.ts).
 * Time comes only from `now`; latency and failures are injectable per operation (on this instance:
 * a test's fault, not the AA's state).
 *
 * Consent requests, consents, FI sessions and links are kept in `records`: the database when the
 * server builds the simulator (config/deps.ts), so a fetch job started through one instance is
 * finished by another's worker and survives a restart (README "My Account", bank linking); memory when a
 * test builds it alone.
 */

export interface AggregatorSimulatorOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  latencyMs?: number;
  /** ms after an FI request until its data is ready (default 3000). */
  dataReadyDelayMs?: number;
  /** Called with each bank OTP the simulated bank "sends" (the demo's outbox; never logged). */
  deliverOtp?: (message: { aaCustomerId: string; fipId: string; otp: string }) => void | Promise<void>;
  records?: SimulatorRecords;
}

export interface AggregatorSimulator extends AggregatorProvider {
  setFailure(mode: AggregatorFailureMode, operation?: AggregatorOperation): void;
  /** The bank's OTP of a linking request (tests; the demo reads deliverOtp's outbox). */
  otpFor(refNumber: string): Promise<string | undefined>;
  /** The customer pauses or resumes the consent in the AA's app. */
  setConsentPaused(consentId: string, paused: boolean): Promise<void>;
  /** The bank times out on this consent's next FI sessions (accounts TIMEOUT, session FAILED). */
  setBankTimeout(consentId: string, on: boolean): Promise<void>;
  /** Approvals fail to make an artefact while on: the request ends FAILED (ReBIT), with no consent. */
  setArtefactFailure(on: boolean): void;
  /** A session's status now, as the AA's FI notification would tell it (tests watch PENDING become READY). */
  sessionStatus(sessionId: string): Promise<FiSession>;
  /** FI requests the AA received per consent, refused ones included (tests prove a fetch asked once). */
  requestCount(consentId: string): Promise<number>;
  /** What discovery at this bank finds for this mobile number (deterministic). */
  accountsAt(mobileNo: string, fipId: string): readonly DiscoveredAccount[];
}

export const HANDLE_TTL_MS = 24 * 3_600_000;
export const SESSION_TTL_MS = 24 * 3_600_000;
export const LINK_OTP_TTL_MS = 10 * 60_000;
const MIN_FETCH_INTERVAL_MS = 3_600_000;

/** The kinds of record the simulator keeps (SimulatorRecords). */
const HANDLE = 'aa.handle';
const CONSENT = 'aa.consent';
const SESSION = 'aa.session';
const LINK = 'aa.link';
/** Which bank account a linked account is (its seed), by link reference. */
const LINKED_ACCOUNT = 'aa.linked-account';
const REQUESTS = 'aa.fi-requests';

interface HandleRecord {
  handle: string;
  detail: ConsentDetail;
  mobileNo: string;
  createdAt: number;
  status: 'PENDING' | 'READY' | 'FAILED' | 'APPROVED' | 'REJECTED';
  consentId: string | null;
  linked: LinkedAccount[];
}

interface ConsentRecord {
  consentId: string;
  handle: string;
  /** The request's ConsentDetail.consentExpiry, kept here so a status needs no second read. */
  consentExpiry: string;
  createdAt: number;
  status: 'ACTIVE' | 'PAUSED' | 'REVOKED';
  lastRequestAt: number | null;
  uses: number;
  bankTimeout: boolean;
}

interface SessionRecord {
  sessionId: string;
  consentId: string;
  requestedAt: number;
  range: { from: string; to: string };
  delivered: boolean;
  timedOut: boolean;
}

interface LinkRecord {
  refNumber: string;
  handle: string;
  fipId: string;
  accounts: DiscoveredAccount[];
  otp: string;
  createdAt: number;
  attempts: number;
}

interface LinkedAccountSeed {
  fipId: string;
  accRefNumber: string;
  accType: DepositAccountType;
  mobileNo: string;
}

export function discoverableAccounts(mobileNo: string, fipId: string): DiscoveredAccount[] {
  // finsharebank (a test bank) never finds anything: the "not discovered" path on demand.
  if (fipId === 'finsharebank') return [];
  const hash = hashNumber(mobileNo, fipId, 'discover');
  const count = fipId === 'dhanagarbank' ? 1 : POPULAR_BANK_FIPS.includes(fipId) ? 1 + (hash % 2) : hash % 3;
  const random = seeded(mobileNo, fipId, 'accounts');
  const accounts: DiscoveredAccount[] = [];
  for (let i = 0; i < count; i++) {
    const digits = String(Math.floor(random() * 1e12)).padStart(12, '0');
    const accType: DepositAccountType = i === 1 && hash % 5 === 0 ? 'CURRENT' : 'SAVINGS';
    accounts.push({
      accRefNumber: `${fipId}-${hashNumber(mobileNo, fipId, i).toString(36)}`,
      maskedAccNumber: `XXXXXXXX${digits.slice(-4)}`,
      accType,
      fiType: 'DEPOSIT',
    });
  }
  return accounts;
}

export function createAggregatorSimulator(options: AggregatorSimulatorOptions = {}): AggregatorSimulator {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const latencyMs = options.latencyMs ?? 0;
  const readyDelay = options.dataReadyDelayMs ?? 3_000;
  const failures = new Map<AggregatorOperation | 'all', AggregatorFailureMode>();
  const records = options.records ?? createMemoryRecords();
  let artefactFailure = false;

  async function enter(operation: AggregatorOperation): Promise<void> {
    if (latencyMs > 0) await sleep(latencyMs);
    const mode = failures.get(operation) ?? failures.get('all') ?? 'none';
    if (mode === 'unavailable') throw new AggregatorError('unavailable', `${operation}: aggregator unavailable`);
    if (mode === 'timeout') throw new AggregatorError('timeout', `${operation}: aggregator timed out`);
  }

  async function handleOf(consentHandle: string): Promise<HandleRecord> {
    const record = await records.get<HandleRecord>(HANDLE, consentHandle);
    if (!record) throw new AggregatorError('notFound', 'unknown consent handle');
    return record;
  }

  function handleStatus(record: HandleRecord): ConsentHandleStatus {
    const expired = record.status === 'PENDING' && now() - record.createdAt > HANDLE_TTL_MS;
    return { consentHandle: record.handle, status: expired ? 'EXPIRED' : record.status, consentId: record.consentId };
  }

  async function consentOf(consentId: string): Promise<ConsentRecord> {
    const record = await records.get<ConsentRecord>(CONSENT, consentId);
    if (!record) throw new AggregatorError('notFound', 'unknown consent');
    return record;
  }

  function consentStatus(record: ConsentRecord): AaConsentStatus {
    if (record.status === 'REVOKED') return 'REVOKED';
    if (now() >= Date.parse(record.consentExpiry)) return 'EXPIRED';
    return record.status;
  }

  async function sessionOf(sessionId: string): Promise<SessionRecord> {
    const record = await records.get<SessionRecord>(SESSION, sessionId);
    if (!record) throw new AggregatorError('notFound', 'unknown session');
    return record;
  }

  async function sessionView(record: SessionRecord): Promise<FiSession> {
    const consent = await consentOf(record.consentId);
    const { linked } = await handleOf(consent.handle);
    const status = consentStatus(consent);
    const ready = now() >= record.requestedAt + readyDelay;
    let sessionStatus: FiSession['status'];
    let accountStatus: FiSession['accounts'][number]['FIStatus'];
    if (record.delivered) {
      // Delivered data stays delivered: a later revocation ends the consent, not this session.
      [sessionStatus, accountStatus] = ['COMPLETED', 'DELIVERED'];
    } else if (status === 'REVOKED' || status === 'EXPIRED') {
      [sessionStatus, accountStatus] = ['FAILED', 'DENIED'];
    } else if (record.timedOut) {
      [sessionStatus, accountStatus] = ['FAILED', 'TIMEOUT'];
    } else if (now() - record.requestedAt > SESSION_TTL_MS) {
      [sessionStatus, accountStatus] = ['EXPIRED', 'TIMEOUT'];
    } else {
      [sessionStatus, accountStatus] = ['ACTIVE', ready ? 'READY' : 'PENDING'];
    }
    return {
      sessionId: record.sessionId,
      consentId: record.consentId,
      status: sessionStatus,
      accounts: linked.map((account) => ({ linkRefNumber: account.linkRefNumber, FIStatus: accountStatus })),
    };
  }

  async function accountData(
    account: LinkedAccount,
    range: { from: string; to: string },
    at: number,
  ): Promise<DepositAccountData> {
    const seed = await records.get<LinkedAccountSeed>(LINKED_ACCOUNT, account.linkRefNumber);
    if (!seed) throw new AggregatorError('notFound', 'unknown linked account');
    const history = accountHistory(accountSeed(seed.fipId, seed.accRefNumber, seed.accType), at);
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    const random = seeded(seed.fipId, seed.accRefNumber, 'profile');
    const bank = aggregatorBank(seed.fipId);
    const ifscPrefix = (bank?.icon ?? 'KO').padEnd(4, 'B').slice(0, 4).toUpperCase();
    return {
      linkRefNumber: account.linkRefNumber,
      maskedAccNumber: account.maskedAccNumber,
      fipId: account.fipId,
      Profile: {
        Holders: {
          type: 'SINGLE',
          Holder: [
            {
              name: holderName(seed.mobileNo),
              dob: `19${80 + Math.floor(random() * 20)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
              mobile: seed.mobileNo,
              nominee: random() < 0.7 ? 'REGISTERED' : 'NOT-REGISTERED',
              ckycCompliance: true,
            },
          ],
        },
      },
      Summary: {
        currentBalance: history.balancePaise / 100,
        balanceDateTime: isoIst(at),
        type: seed.accType,
        branch: pick(random, [
          'MG Road, Bengaluru',
          'Andheri West, Mumbai',
          'Connaught Place, Delhi',
          'T Nagar, Chennai',
        ]),
        ifscCode: `${ifscPrefix}0${String(Math.floor(random() * 1e6)).padStart(6, '0')}`,
        micrCode: String(Math.floor(random() * 1e9)).padStart(9, '0'),
        openingDate: '2023-12-15',
        status: 'ACTIVE',
        currency: 'INR',
      },
      Transactions: {
        startDate: istDate(from),
        endDate: istDate(to),
        Transaction: history.transactions.filter((txn) => {
          const t = Date.parse(txn.transactionTimestamp);
          return t >= from && t <= to;
        }),
      },
    };
  }

  return {
    name: 'finvu-simulator',

    async requestConsent(detail) {
      await enter('requestConsent');
      const mobileNo = detail.Customer.Identifiers.find((identifier) => identifier.type === 'MOBILE')?.value;
      if (!mobileNo || detail.Customer.id !== `${mobileNo}@finvu`)
        throw new AggregatorError('invalidState', 'customer id');
      const consentHandle = randomUUID();
      await records.put(HANDLE, consentHandle, {
        handle: consentHandle,
        detail,
        mobileNo,
        createdAt: now(),
        status: 'PENDING',
        consentId: null,
        linked: [],
      } satisfies HandleRecord);
      return { consentHandle };
    },

    async consentHandleStatus(consentHandle) {
      await enter('consentHandleStatus');
      return handleStatus(await handleOf(consentHandle));
    },

    async fetchConsent(consentId) {
      await enter('fetchConsent');
      const consent = await consentOf(consentId);
      const handle = await handleOf(consent.handle);
      if (handle.status === 'READY') {
        handle.status = 'APPROVED';
        await records.put(HANDLE, handle.handle, handle);
      }
      return {
        consentId,
        status: consentStatus(consent),
        createTimestamp: new Date(consent.createdAt).toISOString(),
        // A real AA signs the artefact (JWS); the simulator's is marked as unsigned.
        signedConsent: `simulated.${Buffer.from(consentId).toString('base64url')}.unsigned`,
        ConsentDetail: handle.detail,
        accounts: handle.linked,
        ConsentUse: {
          logUri: `https://aa.example.in/consent/${consentId}/log`,
          count: consent.uses,
          lastUseDateTime: consent.lastRequestAt === null ? null : new Date(consent.lastRequestAt).toISOString(),
        },
      } satisfies ConsentArtefact;
    },

    async revokeConsent(consentId) {
      await enter('revokeConsent');
      const consent = await consentOf(consentId);
      // EXPIRED and REVOKED are final: revoking again, or after expiry, changes nothing.
      if (consentStatus(consent) !== 'EXPIRED')
        await records.put(CONSENT, consentId, { ...consent, status: 'REVOKED' });
    },

    async discoverAccounts(consentHandle, fipId) {
      await enter('discoverAccounts');
      const handle = await handleOf(consentHandle);
      if (handleStatus(handle).status !== 'PENDING') throw new AggregatorError('invalidState', 'request not pending');
      if (!aggregatorBank(fipId)) throw new AggregatorError('notFound', 'unknown bank');
      return discoverableAccounts(handle.mobileNo, fipId);
    },

    async linkAccounts(consentHandle, fipId, accRefNumbers) {
      await enter('linkAccounts');
      const handle = await handleOf(consentHandle);
      if (handleStatus(handle).status !== 'PENDING') throw new AggregatorError('invalidState', 'request not pending');
      const found = discoverableAccounts(handle.mobileNo, fipId);
      const chosen = found.filter((account) => accRefNumbers.includes(account.accRefNumber));
      if (chosen.length === 0 || chosen.length !== accRefNumbers.length)
        throw new AggregatorError('notFound', 'unknown account');
      const otpLength = linkOtpLength(fipId);
      const refNumber = randomUUID();
      const random = seeded(refNumber, 'otp');
      const otp = Array.from({ length: otpLength }, () => Math.floor(random() * 10)).join('');
      await records.put(LINK, refNumber, {
        refNumber,
        handle: consentHandle,
        fipId,
        accounts: chosen,
        otp,
        createdAt: now(),
        attempts: 0,
      } satisfies LinkRecord);
      await options.deliverOtp?.({ aaCustomerId: handle.detail.Customer.id, fipId, otp });
      return { refNumber, otpLength };
    },

    async confirmLink(refNumber, otp) {
      await enter('confirmLink');
      const link = await records.get<LinkRecord>(LINK, refNumber);
      if (!link) throw new AggregatorError('notFound', 'unknown linking reference');
      if (now() - link.createdAt > LINK_OTP_TTL_MS || link.attempts >= 3) {
        await records.delete(LINK, refNumber);
        throw new AggregatorError('otpExpired', 'linking OTP expired');
      }
      if (otp !== link.otp) {
        await records.put(LINK, refNumber, { ...link, attempts: link.attempts + 1 });
        throw new AggregatorError('otpIncorrect', 'linking OTP incorrect');
      }
      await records.delete(LINK, refNumber);
      const handle = await handleOf(link.handle);
      const linked: LinkedAccount[] = [];
      for (const account of link.accounts) {
        const linkRefNumber = randomUUID();
        await records.put(LINKED_ACCOUNT, linkRefNumber, {
          fipId: link.fipId,
          accRefNumber: account.accRefNumber,
          accType: account.accType,
          mobileNo: handle.mobileNo,
        } satisfies LinkedAccountSeed);
        linked.push({
          fipId: link.fipId,
          linkRefNumber,
          maskedAccNumber: account.maskedAccNumber,
          accType: account.accType,
          fiType: 'DEPOSIT',
        });
      }
      handle.linked.push(...linked);
      await records.put(HANDLE, handle.handle, handle);
      return linked;
    },

    async decideConsent(consentHandle, decision) {
      await enter('decideConsent');
      const handle = await handleOf(consentHandle);
      if (handleStatus(handle).status !== 'PENDING') throw new AggregatorError('invalidState', 'request not pending');
      if (decision === 'REJECT') {
        handle.status = 'REJECTED';
      } else if (artefactFailure) {
        // The customer said yes but the AA could not make the artefact (ReBIT's FAILED request).
        handle.status = 'FAILED';
      } else {
        if (handle.linked.length === 0) throw new AggregatorError('invalidState', 'no linked account to share');
        const consentId = randomUUID();
        await records.put(CONSENT, consentId, {
          consentId,
          handle: consentHandle,
          consentExpiry: handle.detail.consentExpiry,
          createdAt: now(),
          status: 'ACTIVE',
          lastRequestAt: null,
          uses: 0,
          bankTimeout: false,
        } satisfies ConsentRecord);
        handle.status = 'READY';
        handle.consentId = consentId;
      }
      await records.put(HANDLE, consentHandle, handle);
      return handleStatus(handle);
    },

    async requestData(consentId, range) {
      await enter('requestData');
      await records.put(REQUESTS, consentId, ((await records.get<number>(REQUESTS, consentId)) ?? 0) + 1);
      const consent = await consentOf(consentId);
      if (consentStatus(consent) !== 'ACTIVE') throw new AggregatorError('consentNotActive', 'consent not active');
      if (consent.lastRequestAt !== null && now() - consent.lastRequestAt < MIN_FETCH_INTERVAL_MS) {
        throw new AggregatorError('frequencyExceeded', 'at most one FI request an hour');
      }
      consent.lastRequestAt = now();
      consent.uses += 1;
      await records.put(CONSENT, consentId, consent);
      const sessionId = randomUUID();
      await records.put(SESSION, sessionId, {
        sessionId,
        consentId,
        requestedAt: now(),
        range,
        delivered: false,
        timedOut: consent.bankTimeout,
      } satisfies SessionRecord);
      return { sessionId };
    },

    async fetchData(sessionId) {
      await enter('fetchData');
      const record = await sessionOf(sessionId);
      const before = await sessionView(record);
      if (before.status !== 'ACTIVE' || before.accounts.some((account) => account.FIStatus !== 'READY')) {
        return { session: before, accounts: [] } satisfies FiFetchResult;
      }
      const handle = await handleOf((await consentOf(record.consentId)).handle);
      const accounts = await Promise.all(
        handle.linked.map((account) => accountData(account, record.range, record.requestedAt)),
      );
      record.delivered = true;
      await records.put(SESSION, sessionId, record);
      return { session: await sessionView(record), accounts };
    },

    setFailure(mode, operation) {
      failures.set(operation ?? 'all', mode);
    },
    otpFor: async (refNumber) => (await records.get<LinkRecord>(LINK, refNumber))?.otp,
    async setConsentPaused(consentId, paused) {
      const consent = await consentOf(consentId);
      if (consent.status !== 'REVOKED')
        await records.put(CONSENT, consentId, { ...consent, status: paused ? 'PAUSED' : 'ACTIVE' });
    },
    async setBankTimeout(consentId, on) {
      await records.put(CONSENT, consentId, { ...(await consentOf(consentId)), bankTimeout: on });
    },
    setArtefactFailure(on) {
      artefactFailure = on;
    },
    sessionStatus: async (sessionId) => sessionView(await sessionOf(sessionId)),
    requestCount: async (consentId) => (await records.get<number>(REQUESTS, consentId)) ?? 0,
    accountsAt: (mobileNo, fipId) => discoverableAccounts(mobileNo, fipId),
  };
}

const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Kavya', 'Siddharth', 'Neha'];
const SURNAMES = ['Sharma', 'Iyer', 'Reddy', 'Patel', 'Nair', 'Gupta', 'Menon', 'Das', 'Kulkarni', 'Singh'];

/** The holder's name as the bank knows it: the same person at every bank (deterministic per number). */
export function holderName(mobileNo: string): string {
  const random = seeded(mobileNo, 'holder');
  return `${pick(random, FIRST_NAMES)} ${pick(random, SURNAMES)}`;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
