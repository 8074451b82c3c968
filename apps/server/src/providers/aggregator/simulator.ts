import { randomUUID } from 'node:crypto';
import {
  POPULAR_BANK_FIPS,
  aggregatorBank,
  linkOtpLength,
  type AaConsentStatus,
  type DepositAccountType,
} from '@pravesh/core';
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
 * An account aggregator in memory (issue 17 §1), faithful to ReBIT v2.0.0's three status sets:
 *
 * - consent request (handle): PENDING → READY once the customer approves (the artefact is ready to
 *   fetch) → APPROVED once the FIU fetched it; PENDING → REJECTED on the customer's no; PENDING →
 *   EXPIRED when nobody acts within HANDLE_TTL_MS; FAILED when the AA could not create the consent.
 * - consent artefact: ACTIVE → PAUSED (customer, at the AA) → ACTIVE; ACTIVE/PAUSED → REVOKED;
 *   any → EXPIRED once consentExpiry passes (read against `now`, so a fake clock expires it).
 * - FI data session: ACTIVE (accounts PENDING) until the data is ready dataReadyDelayMs later
 *   (accounts READY) → COMPLETED once fetched (DELIVERED); EXPIRED when not fetched within
 *   SESSION_TTL_MS; FAILED when the consent is revoked mid-fetch (accounts DENIED) or the bank
 *   times out (injected; accounts TIMEOUT).
 *
 * An FI request for a consent less than an hour after its last one is refused (Frequency: once an
 * hour). Discovery is deterministic per mobile number and bank; data per account (transactions.ts).
 * Time comes only from `now`; latency and failures are injectable per operation.
 */

export interface AggregatorSimulatorOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  latencyMs?: number;
  /** ms after an FI request until its data is ready (default 3000). */
  dataReadyDelayMs?: number;
  /** Called with each bank OTP the simulated bank "sends" (the demo's outbox; never logged). */
  deliverOtp?: (message: { aaCustomerId: string; fipId: string; otp: string }) => void;
}

export interface AggregatorSimulator extends AggregatorProvider {
  setFailure(mode: AggregatorFailureMode, operation?: AggregatorOperation): void;
  /** The bank's OTP of a linking request (tests; the demo reads deliverOtp's outbox). */
  otpFor(refNumber: string): string | undefined;
  /** The customer pauses or resumes the consent in the AA's app. */
  setConsentPaused(consentId: string, paused: boolean): void;
  /** The bank times out on this consent's next FI sessions (accounts TIMEOUT, session FAILED). */
  setBankTimeout(consentId: string, on: boolean): void;
  /** FI requests the AA received per consent, refused ones included (tests prove a fetch asked once). */
  requestCount(consentId: string): number;
  /** What discovery at this bank finds for this mobile number (deterministic). */
  accountsAt(mobileNo: string, fipId: string): readonly DiscoveredAccount[];
}

export const HANDLE_TTL_MS = 24 * 3_600_000;
export const SESSION_TTL_MS = 24 * 3_600_000;
export const LINK_OTP_TTL_MS = 10 * 60_000;
const MIN_FETCH_INTERVAL_MS = 3_600_000;

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
  const handles = new Map<string, HandleRecord>();
  const consents = new Map<string, ConsentRecord>();
  const sessions = new Map<string, SessionRecord>();
  const links = new Map<string, LinkRecord>();
  const requests = new Map<string, number>();
  // Which linked account is which bank account (its seed), by link reference.
  const linkedSeeds = new Map<
    string,
    { fipId: string; accRefNumber: string; accType: DepositAccountType; mobileNo: string }
  >();

  async function enter(operation: AggregatorOperation): Promise<void> {
    if (latencyMs > 0) await sleep(latencyMs);
    const mode = failures.get(operation) ?? failures.get('all') ?? 'none';
    if (mode === 'unavailable') throw new AggregatorError('unavailable', `${operation}: aggregator unavailable`);
    if (mode === 'timeout') throw new AggregatorError('timeout', `${operation}: aggregator timed out`);
  }

  function handleOf(consentHandle: string): HandleRecord {
    const record = handles.get(consentHandle);
    if (!record) throw new AggregatorError('notFound', 'unknown consent handle');
    return record;
  }

  function handleStatus(record: HandleRecord): ConsentHandleStatus {
    const expired = record.status === 'PENDING' && now() - record.createdAt > HANDLE_TTL_MS;
    return { consentHandle: record.handle, status: expired ? 'EXPIRED' : record.status, consentId: record.consentId };
  }

  function consentOf(consentId: string): ConsentRecord {
    const record = consents.get(consentId);
    if (!record) throw new AggregatorError('notFound', 'unknown consent');
    return record;
  }

  function consentStatus(record: ConsentRecord): AaConsentStatus {
    if (record.status === 'REVOKED') return 'REVOKED';
    const detail = handleOf(record.handle).detail;
    if (now() >= Date.parse(detail.consentExpiry)) return 'EXPIRED';
    return record.status;
  }

  function sessionView(record: SessionRecord): FiSession {
    const consent = consentOf(record.consentId);
    const linked = handleOf(consent.handle).linked;
    const status = consentStatus(consent);
    const ready = now() >= record.requestedAt + readyDelay;
    let sessionStatus: FiSession['status'];
    let accountStatus: FiSession['accounts'][number]['FIStatus'];
    if (status === 'REVOKED' || status === 'EXPIRED') {
      [sessionStatus, accountStatus] = ['FAILED', 'DENIED'];
    } else if (record.timedOut) {
      [sessionStatus, accountStatus] = ['FAILED', 'TIMEOUT'];
    } else if (record.delivered) {
      [sessionStatus, accountStatus] = ['COMPLETED', 'DELIVERED'];
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

  function accountData(account: LinkedAccount, range: { from: string; to: string }, at: number): DepositAccountData {
    const seed = linkedSeeds.get(account.linkRefNumber);
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
      handles.set(consentHandle, {
        handle: consentHandle,
        detail,
        mobileNo,
        createdAt: now(),
        status: 'PENDING',
        consentId: null,
        linked: [],
      });
      return { consentHandle };
    },

    async consentHandleStatus(consentHandle) {
      await enter('consentHandleStatus');
      return handleStatus(handleOf(consentHandle));
    },

    async fetchConsent(consentId) {
      await enter('fetchConsent');
      const consent = consentOf(consentId);
      const handle = handleOf(consent.handle);
      if (handle.status === 'READY') handle.status = 'APPROVED';
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
      consentOf(consentId).status = 'REVOKED';
    },

    async discoverAccounts(consentHandle, fipId) {
      await enter('discoverAccounts');
      const handle = handleOf(consentHandle);
      if (handleStatus(handle).status !== 'PENDING') throw new AggregatorError('invalidState', 'request not pending');
      if (!aggregatorBank(fipId)) throw new AggregatorError('notFound', 'unknown bank');
      return discoverableAccounts(handle.mobileNo, fipId);
    },

    async linkAccounts(consentHandle, fipId, accRefNumbers) {
      await enter('linkAccounts');
      const handle = handleOf(consentHandle);
      if (handleStatus(handle).status !== 'PENDING') throw new AggregatorError('invalidState', 'request not pending');
      const found = discoverableAccounts(handle.mobileNo, fipId);
      const chosen = found.filter((account) => accRefNumbers.includes(account.accRefNumber));
      if (chosen.length === 0 || chosen.length !== accRefNumbers.length)
        throw new AggregatorError('notFound', 'unknown account');
      const otpLength = linkOtpLength(fipId);
      const refNumber = randomUUID();
      const random = seeded(refNumber, 'otp');
      const otp = Array.from({ length: otpLength }, () => Math.floor(random() * 10)).join('');
      links.set(refNumber, {
        refNumber,
        handle: consentHandle,
        fipId,
        accounts: chosen,
        otp,
        createdAt: now(),
        attempts: 0,
      });
      options.deliverOtp?.({ aaCustomerId: handle.detail.Customer.id, fipId, otp });
      return { refNumber, otpLength };
    },

    async confirmLink(refNumber, otp) {
      await enter('confirmLink');
      const link = links.get(refNumber);
      if (!link) throw new AggregatorError('notFound', 'unknown linking reference');
      if (now() - link.createdAt > LINK_OTP_TTL_MS || link.attempts >= 3) {
        links.delete(refNumber);
        throw new AggregatorError('otpExpired', 'linking OTP expired');
      }
      if (otp !== link.otp) {
        link.attempts += 1;
        throw new AggregatorError('otpIncorrect', 'linking OTP incorrect');
      }
      links.delete(refNumber);
      const handle = handleOf(link.handle);
      const linked = link.accounts.map((account) => {
        const linkRefNumber = randomUUID();
        linkedSeeds.set(linkRefNumber, {
          fipId: link.fipId,
          accRefNumber: account.accRefNumber,
          accType: account.accType,
          mobileNo: handle.mobileNo,
        });
        return {
          fipId: link.fipId,
          linkRefNumber,
          maskedAccNumber: account.maskedAccNumber,
          accType: account.accType,
          fiType: 'DEPOSIT' as const,
        };
      });
      handle.linked.push(...linked);
      return linked;
    },

    async decideConsent(consentHandle, decision) {
      await enter('decideConsent');
      const handle = handleOf(consentHandle);
      if (handleStatus(handle).status !== 'PENDING') throw new AggregatorError('invalidState', 'request not pending');
      if (decision === 'REJECT') {
        handle.status = 'REJECTED';
      } else {
        if (handle.linked.length === 0) throw new AggregatorError('invalidState', 'no linked account to share');
        const consentId = randomUUID();
        consents.set(consentId, {
          consentId,
          handle: consentHandle,
          createdAt: now(),
          status: 'ACTIVE',
          lastRequestAt: null,
          uses: 0,
          bankTimeout: false,
        });
        handle.status = 'READY';
        handle.consentId = consentId;
      }
      return handleStatus(handle);
    },

    async requestData(consentId, range) {
      await enter('requestData');
      requests.set(consentId, (requests.get(consentId) ?? 0) + 1);
      const consent = consentOf(consentId);
      if (consentStatus(consent) !== 'ACTIVE') throw new AggregatorError('consentNotActive', 'consent not active');
      if (consent.lastRequestAt !== null && now() - consent.lastRequestAt < MIN_FETCH_INTERVAL_MS) {
        throw new AggregatorError('frequencyExceeded', 'at most one FI request an hour');
      }
      consent.lastRequestAt = now();
      consent.uses += 1;
      const sessionId = randomUUID();
      sessions.set(sessionId, {
        sessionId,
        consentId,
        requestedAt: now(),
        range,
        delivered: false,
        timedOut: consent.bankTimeout,
      });
      return { sessionId };
    },

    async fetchData(sessionId) {
      await enter('fetchData');
      const record = sessions.get(sessionId);
      if (!record) throw new AggregatorError('notFound', 'unknown session');
      const before = sessionView(record);
      if (before.status !== 'ACTIVE' || before.accounts.some((account) => account.FIStatus !== 'READY')) {
        return { session: before, accounts: [] } satisfies FiFetchResult;
      }
      const handle = handleOf(consentOf(record.consentId).handle);
      const accounts = handle.linked.map((account) => accountData(account, record.range, record.requestedAt));
      record.delivered = true;
      return { session: sessionView(record), accounts };
    },

    setFailure(mode, operation) {
      failures.set(operation ?? 'all', mode);
    },
    otpFor: (refNumber) => links.get(refNumber)?.otp,
    setConsentPaused(consentId, paused) {
      const consent = consentOf(consentId);
      if (consent.status !== 'REVOKED') consent.status = paused ? 'PAUSED' : 'ACTIVE';
    },
    setBankTimeout(consentId, on) {
      consentOf(consentId).bankTimeout = on;
    },
    requestCount: (consentId) => requests.get(consentId) ?? 0,
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
