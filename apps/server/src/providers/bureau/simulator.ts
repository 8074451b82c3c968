import { createHash } from 'node:crypto';
import {
  BUREAUS,
  DPD_MONTHS,
  normaliseScore,
  type AccountType,
  type Bureau,
  type CreditAccount,
  type CreditEnquiry,
  type CreditReport,
  type ScoreHistoryPoint,
  type ScoreState,
} from '@pravesh/core';
import {
  BureauError,
  type BureauFailureMode,
  type BureauProvider,
  type BureauReportPull,
  type BureauReportStatus,
  type BureauRequest,
  type BureauScore,
  type SimulatedProfile,
  type SimulatedSubject,
} from './types.ts';

/**
 * A deterministic stand-in for the four bureaus. Everything it answers is derived
 * from the customer id (and the month it is asked in), so demos and tests repeat: the same
 * customer gets the same scores, history and report, and a pull a month later extends the history
 * by one month without rewriting the earlier ones. Some ids are, by their hash, customers without
 * a file (NO_HIT) or with one too young to score (NEW_TO_CREDIT); the bureaus' raw no-score codes
 * go through core's normaliseScore like a real bureau's would. Latency and failures are injectable
 * so the callers' handling of a slow or failing bureau can be shown.
 */

export interface BureauSimulatorOptions {
  /** ms before each answer; a function may vary it per bureau. */
  latencyMs?: number | ((bureau: Bureau) => number);
  /** One mode for every bureau, or per bureau (the others answer). */
  failure?: BureauFailureMode | Partial<Record<Bureau, BureauFailureMode>>;
  /** How long a 'timeout' bureau hangs before failing (default 10 s). */
  timeoutMs?: number;
  /** Fixed profiles for chosen customer ids (demo customers); the rest come from the id's hash. */
  profiles?: Readonly<Record<string, SimulatedProfile>>;
  /**
   * Profiles found at call time, after `profiles`: the demo customers are known by their mobile
   * numbers while their ids are made at sign-up (modules/credit/demo-customers.ts), so a lookup
   * answers them; undefined falls back to the id's hash.
   */
  profileOf?: (customerId: string) => Promise<SimulatedProfile | SimulatedSubject | undefined>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface BureauSimulator extends BureauProvider {
  /** Switches a failure on or off at run time (one bureau, or all when bureau is omitted). */
  setFailure(mode: BureauFailureMode, bureau?: Bureau): void;
  setLatency(latencyMs: number): void;
}

/** Months of score history a scored file carries: 12 to 24 (the score history chart shows 12+). */
export const MIN_HISTORY_MONTHS = 12;
const MAX_HISTORY_MONTHS = 24;
const DEFAULT_TIMEOUT_MS = 10_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function digest(parts: readonly (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** mulberry32 seeded from the parts' SHA-256: a small, well-spread PRNG that repeats per seed. */
function seeded(...parts: (string | number)[]): () => number {
  let state = digest(parts).readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function weighted<T>(random: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

/**
 * The profile an id gets without an override: about 5 % NO_HIT, 5 % NEW_TO_CREDIT, 12 % a file at
 * CIBIL and EXPERIAN only, the rest a file at all four bureaus. Exported so tests and seeds can
 * find ids of each kind.
 */
export function simulatedProfile(customerId: string): SimulatedProfile {
  const byte = digest(['profile', customerId])[0]!;
  if (byte < 12) return 'NO_HIT';
  if (byte < 24) return 'NEW_TO_CREDIT';
  if (byte < 56) return 'PARTIAL';
  return 'SCORED';
}

// ---------------------------------------------------------------------------------------------
// Calendar (India time: a bureau's day and month are India's)

/** Months since year 0 in IST, so month arithmetic is integer arithmetic. */
function monthIndex(ms: number): number {
  const date = new Date(ms + IST_OFFSET_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

function monthLabel(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function dayLabel(index: number, day: number): string {
  return `${monthLabel(index)}-${String(day).padStart(2, '0')}`;
}

function dayOfMonth(ms: number): number {
  return new Date(ms + IST_OFFSET_MS).getUTCDate();
}

/** 06:00 IST on that day of that month, as epoch ms. */
function istMorning(index: number, day: number): number {
  return Date.UTC(Math.floor(index / 12), index % 12, day, 6, 0) - IST_OFFSET_MS;
}

// ---------------------------------------------------------------------------------------------
// Scores

interface Subject {
  /** What every draw is seeded by: the customer id, or a fixed subject's key. */
  customerId: string;
  profile: SimulatedProfile;
  /** The customer's underlying creditworthiness, 300–900; drives scores, delays and utilisation. */
  base: number;
  scoreLift: number;
  recentCard: SimulatedSubject['recentCard'];
  rescoreDay: number | undefined;
}

function subjectOf(customerId: string, fixed: SimulatedProfile | SimulatedSubject | undefined): Subject {
  const subject = typeof fixed === 'object' ? fixed : undefined;
  const seed = subject?.key ?? customerId;
  const profile = subject?.profile ?? (fixed as SimulatedProfile | undefined) ?? simulatedProfile(customerId);
  const random = seeded('base', seed);
  const base = subject?.base ?? (profile === 'PARTIAL' ? between(random, 480, 780) : between(random, 560, 860));
  return {
    customerId: seed,
    profile,
    base,
    scoreLift: subject?.scoreLift ?? 0,
    recentCard: subject?.recentCard,
    rescoreDay: subject?.rescoreDay,
  };
}

function hasFile(subject: Subject, bureau: Bureau): boolean {
  if (subject.profile === 'NO_HIT') return false;
  if (subject.profile === 'SCORED') return true;
  // PARTIAL and NEW_TO_CREDIT files sit at CIBIL and EXPERIAN only.
  return bureau === 'CIBIL' || bureau === 'EXPERIAN';
}

/** The bureau's raw answer, as a real bureau would send it, before normalisation. */
function rawScore(subject: Subject, bureau: Bureau, month: number): number {
  const random = seeded('raw', subject.customerId, bureau);
  if (!hasFile(subject, bureau)) {
    // No file: CIBIL and EQUIFAX -1, EXPERIAN 0, CRIF High Mark an exclusion code 11–18.
    if (bureau === 'HIGHMARK') return between(random, 11, 18);
    return bureau === 'EXPERIAN' ? 0 : -1;
  }
  if (subject.profile === 'NEW_TO_CREDIT') {
    // CIBIL: 0 ("not enough history") or a 1–5 risk index; EXPERIAN a 1–6 grade.
    if (bureau === 'CIBIL') return random() < 0.5 ? 0 : between(random, 1, 5);
    return between(random, 1, 6);
  }
  return liftedScore(subject, bureau, month, month);
}

/** The month's score; the latest month (`latest`) lifted above the month before for a fixed subject. */
function liftedScore(subject: Subject, bureau: Bureau, month: number, latest: number): number {
  if (subject.scoreLift === 0 || month !== latest) return monthlyScore(subject, bureau, month);
  return Math.min(900, Math.max(300, monthlyScore(subject, bureau, month - 1) + subject.scoreLift));
}

/** A smooth yearly wave plus monthly noise around the customer's base, per bureau; 300–900. */
function monthlyScore(subject: Subject, bureau: Bureau, month: number): number {
  const random = seeded('bureau', subject.customerId, bureau);
  const offset = between(random, -25, 25);
  const phase = random() * 12;
  const noise = between(seeded('month', subject.customerId, bureau, month), -8, 8);
  const wave = 15 * Math.sin((2 * Math.PI * (month + phase)) / 12);
  return Math.min(900, Math.max(300, Math.round(subject.base + offset + wave + noise)));
}

/** The day each month the bureau rescores this customer (1–28), and the latest such day by `now`. */
function lastRescore(subject: Subject, bureau: Bureau, now: number): { month: number; at: number } {
  const day = subject.rescoreDay ?? between(seeded('rescore', subject.customerId, bureau), 1, 28);
  const current = monthIndex(now);
  const month = dayOfMonth(now) >= day && istMorning(current, day) <= now ? current : current - 1;
  return { month, at: istMorning(month, day) };
}

function scoreAnswer(subject: Subject, bureau: Bureau, now: number): BureauScore {
  const { month, at } = lastRescore(subject, bureau, now);
  const state = normaliseScore(bureau, rawScore(subject, bureau, month));
  if (state.kind !== 'SCORE') {
    return { bureau, state, lastUpdated: state.kind === 'NO_HIT' ? null : at, history: [] };
  }
  const length = between(seeded('history', subject.customerId, bureau), MIN_HISTORY_MONTHS, MAX_HISTORY_MONTHS);
  const history: ScoreHistoryPoint[] = [];
  for (let index = month - length + 1; index <= month; index++) {
    history.push({ month: monthLabel(index), score: liftedScore(subject, bureau, index, month) });
  }
  return { bureau, state, lastUpdated: at, history };
}

// ---------------------------------------------------------------------------------------------
// Report

const ACCOUNT_TYPE_WEIGHTS: readonly (readonly [AccountType, number])[] = [
  ['CC', 30],
  ['PL', 20],
  ['CD', 14],
  ['TW', 8],
  ['AL', 8],
  ['HL', 7],
  ['GL', 6],
  ['BL', 3],
  ['EL', 2],
  ['LAP', 1],
  ['OD', 1],
];

const LENDERS: Readonly<Record<AccountType, readonly string[]>> = {
  CC: ['HDFC Bank', 'ICICI Bank', 'SBI Card', 'Axis Bank', 'Kotak Mahindra Bank', 'IDFC FIRST Bank'],
  PL: ['HDFC Bank', 'ICICI Bank', 'Bajaj Finance', 'Tata Capital', 'Axis Bank', 'IDFC FIRST Bank'],
  CD: ['Bajaj Finance', 'HDB Financial Services', 'TVS Credit'],
  TW: ['Hero FinCorp', 'TVS Credit', 'HDFC Bank'],
  AL: ['HDFC Bank', 'ICICI Bank', 'Mahindra Finance', 'State Bank of India'],
  HL: ['State Bank of India', 'HDFC Bank', 'LIC Housing Finance', 'ICICI Bank'],
  GL: ['Muthoot Finance', 'Manappuram Finance', 'Federal Bank'],
  BL: ['Lendingkart', 'Bajaj Finance', 'Tata Capital'],
  EL: ['State Bank of India', 'Avanse Financial Services', 'HDFC Credila'],
  LAP: ['ICICI Bank', 'Aditya Birla Finance', 'PNB Housing Finance'],
  OD: ['State Bank of India', 'Bank of Baroda', 'Canara Bank'],
};

/** Sanctioned amount (or limit) range in rupees, and tenure in months (0: revolving). */
const TERMS: Readonly<Record<AccountType, { min: number; max: number; tenure: [number, number] }>> = {
  CC: { min: 25_000, max: 500_000, tenure: [0, 0] },
  OD: { min: 50_000, max: 500_000, tenure: [0, 0] },
  PL: { min: 50_000, max: 1_500_000, tenure: [24, 60] },
  CD: { min: 10_000, max: 150_000, tenure: [6, 12] },
  TW: { min: 40_000, max: 150_000, tenure: [12, 36] },
  AL: { min: 300_000, max: 1_500_000, tenure: [36, 84] },
  HL: { min: 1_500_000, max: 9_000_000, tenure: [180, 300] },
  GL: { min: 20_000, max: 300_000, tenure: [6, 12] },
  BL: { min: 200_000, max: 2_000_000, tenure: [12, 36] },
  EL: { min: 300_000, max: 2_500_000, tenure: [60, 120] },
  LAP: { min: 1_000_000, max: 8_000_000, tenure: [60, 180] },
};

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** Chance per reported month that a payment ran late, by underlying creditworthiness. */
function lateChance(base: number): number {
  if (base < 600) return 0.08;
  if (base < 700) return 0.03;
  if (base < 780) return 0.01;
  return 0.002;
}

function account(subject: Subject, index: number, current: number, young: boolean): CreditAccount {
  const random = seeded('account', subject.customerId, index);
  const type = young ? pick(random, ['CC', 'CD'] as const) : weighted(random, ACCOUNT_TYPE_WEIGHTS);
  const terms = TERMS[type];
  const sanctionedAmount = roundTo(between(random, terms.min, terms.max), type === 'CC' ? 5_000 : 1_000);
  const openedAgo = young ? between(random, 1, 5) : between(random, 3, 120);
  const openedMonth = current - openedAgo;
  const revolving = terms.tenure[1] === 0;
  const tenure = revolving ? 0 : between(random, terms.tenure[0], terms.tenure[1]);
  // A loan closes when its tenure runs out; an old card is sometimes closed by its holder.
  const closedAgo = revolving
    ? openedAgo > 24 && random() < 0.15
      ? between(random, 1, openedAgo - 12)
      : null
    : tenure < openedAgo
      ? openedAgo - tenure
      : null;
  const open = closedAgo === null;
  const usedShare = subject.base >= 750 ? 0.05 + random() * 0.25 : 0.3 + random() * 0.65;
  const balance = !open
    ? 0
    : revolving
      ? roundTo(sanctionedAmount * usedShare, 100)
      : roundTo(sanctionedAmount * Math.max(0, 1 - openedAgo / tenure), 100);

  const late = lateChance(subject.base);
  const dpdHistory: CreditAccount['dpdHistory'] = [];
  for (let ago = 0; ago < DPD_MONTHS && ago <= openedAgo; ago++) {
    if (closedAgo !== null && ago < closedAgo) continue;
    // One month in thirty goes unreported, as lenders sometimes miss a cycle.
    const unreported = random() < 1 / 30;
    const dpd = unreported ? null : random() < late ? pick(random, [15, 30, 60, 90]) : 0;
    dpdHistory.push({ month: monthLabel(current - ago), dpd });
  }
  const latest = open ? (dpdHistory[0]?.dpd ?? 0) : 0;
  const overdue = latest > 0 ? roundTo(Math.max(500, balance * 0.05), 100) : 0;
  const troubled = subject.base < 560 && random() < 0.2;
  return {
    accountNumber: `XXXXXXXX${String(between(random, 0, 9999)).padStart(4, '0')}`,
    type,
    lender: pick(random, LENDERS[type]),
    ownership: random() < 0.9 ? 'INDIVIDUAL' : 'JOINT',
    openedDate: dayLabel(openedMonth, between(random, 1, 28)),
    closedDate: closedAgo === null ? null : dayLabel(current - closedAgo, between(random, 1, 28)),
    sanctionedAmount,
    balance,
    overdue,
    writtenOff: troubled && open,
    settled: troubled && !open,
    dpdHistory,
  };
}

/**
 * The file's enquiries of the last 24 months. Each calendar month decides its own enquiry, seeded
 * by that month, so a pull a month later finds the same enquiries on the same days and only the
 * new month's may be new (credit alerts compare two pulls; an enquiry that moved
 * would be a false "new enquiry"). One this month counts only once its day has come.
 */
function enquiries(subject: Subject, current: number, today: number): CreditEnquiry[] {
  // About 4 enquiries in 24 months for a thin or weaker file, 2 for the rest.
  const rate = subject.profile === 'NEW_TO_CREDIT' || subject.base < 650 ? 1 / 6 : 1 / 12;
  const list: CreditEnquiry[] = [];
  for (let month = current - 23; month <= current; month++) {
    const random = seeded('enquiry', subject.customerId, month);
    if (random() >= rate) continue;
    const purpose = weighted(random, ACCOUNT_TYPE_WEIGHTS);
    const day = between(random, 1, 28);
    if (month === current && day > today) continue;
    const terms = TERMS[purpose];
    list.push({
      date: dayLabel(month, day),
      lender: pick(random, LENDERS[purpose]),
      purpose,
      amount: purpose === 'CC' ? null : roundTo(between(random, terms.min, terms.max), 1_000),
    });
  }
  return list.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

function accountsOf(subject: Subject, current: number): CreditAccount[] {
  if (subject.profile === 'NO_HIT') return [];
  const random = seeded('accounts', subject.customerId);
  if (subject.profile === 'NEW_TO_CREDIT') {
    return random() < 0.5 ? [] : [account(subject, 0, current, true)];
  }
  const count = subject.profile === 'PARTIAL' ? between(random, 1, 4) : between(random, 2, 8);
  return Array.from({ length: count }, (_, index) => account(subject, index, current, false));
}

function monthsBetween(day: string, current: number): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return current - (year * 12 + month - 1);
}

function summaryOf(accounts: CreditAccount[], found: CreditEnquiry[], current: number): CreditReport['summary'] {
  const active = accounts.filter((entry) => entry.closedDate === null);
  const revolving = active.filter((entry) => entry.type === 'CC' || entry.type === 'OD');
  const limit = revolving.reduce((sum, entry) => sum + entry.sanctionedAmount, 0);
  const used = revolving.reduce((sum, entry) => sum + entry.balance, 0);
  const sum = (list: CreditAccount[], field: 'sanctionedAmount' | 'balance' | 'overdue') =>
    list.reduce((total, entry) => total + entry[field], 0);
  return {
    totalAccounts: accounts.length,
    activeAccounts: active.length,
    totalSanctioned: sum(active, 'sanctionedAmount'),
    totalBalance: sum(active, 'balance'),
    totalOverdue: sum(active, 'overdue'),
    creditUtilisation: limit > 0 ? Math.round((used / limit) * 100) : null,
    oldestAccountAgeMonths:
      accounts.length === 0 ? null : Math.max(...accounts.map((entry) => monthsBetween(entry.openedDate, current))),
    enquiriesLast6Months: found.filter((entry) => monthsBetween(entry.date, current) < 6).length,
  };
}

/** The day (YYYY-MM-DD, India time) `ms` falls on. */
function istDayOf(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A fixed subject's new card: opened 10 days before the report's date, unused yet, its enquiry 12 days before. */
function recentCardOf(
  card: NonNullable<SimulatedSubject['recentCard']>,
  at: number,
): { account: CreditAccount; enquiry: CreditEnquiry } {
  const opened = at - 10 * DAY_MS;
  return {
    account: {
      accountNumber: 'XXXXXXXX4821',
      type: 'CC',
      lender: card.lender,
      ownership: 'INDIVIDUAL',
      openedDate: istDayOf(opened),
      closedDate: null,
      sanctionedAmount: card.limit,
      balance: 0,
      overdue: 0,
      writtenOff: false,
      settled: false,
      dpdHistory: [{ month: monthLabel(monthIndex(opened)), dpd: 0 }],
    },
    enquiry: { date: istDayOf(at - 12 * DAY_MS), lender: card.lender, purpose: 'CC', amount: null },
  };
}

/**
 * A report's summary from its accounts and enquiries as of `at` (the simulator's own rules), for
 * callers that build a report from another one (the demo seed's earlier pull).
 */
export function simulatedSummary(
  accounts: CreditAccount[],
  found: CreditEnquiry[],
  at: number,
): CreditReport['summary'] {
  return summaryOf(accounts, found, monthIndex(at));
}

function stateFields(state: ScoreState): Pick<CreditReport, 'scoreState' | 'score' | 'rawScore' | 'riskIndex'> {
  if (state.kind === 'SCORE') {
    return { scoreState: 'SCORE', score: state.score, rawScore: String(state.score), riskIndex: null };
  }
  return {
    scoreState: state.kind,
    score: null,
    rawScore: state.rawCode,
    riskIndex: state.kind === 'NEW_TO_CREDIT' ? state.riskIndex : null,
  };
}

function reference(subject: Subject, bureau: Bureau, now: number): string {
  const day = Math.floor((now + IST_OFFSET_MS) / DAY_MS);
  return `sim-${bureau.toLowerCase()}-${digest(['ref', subject.customerId, bureau, day]).toString('hex').slice(0, 20)}`;
}

// ---------------------------------------------------------------------------------------------
// The provider

export function createBureauSimulator(options: BureauSimulatorOptions = {}): BureauSimulator {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const profiles = options.profiles ?? {};
  let latency = options.latencyMs ?? 0;
  const failures = new Map<Bureau, BureauFailureMode>();
  const initial = options.failure ?? 'none';
  for (const bureau of BUREAUS) {
    failures.set(bureau, typeof initial === 'string' ? initial : (initial[bureau] ?? 'none'));
  }

  /** Consent, latency and failure, in the order a real call meets them; then the answer. */
  async function answer<T>(request: BureauRequest, produce: (subject: Subject, at: number) => T): Promise<T> {
    const { bureau, consent } = request;
    if (!consent.reference || !Number.isFinite(consent.givenAt) || consent.givenAt > now()) {
      throw new BureauError('consentMissing', bureau, `${bureau}: no consent to fetch this report`);
    }
    const wait = typeof latency === 'function' ? latency(bureau) : latency;
    if (wait > 0) await sleep(wait);
    const mode = failures.get(bureau) ?? 'none';
    if (mode === 'unavailable') throw new BureauError('unavailable', bureau, `${bureau}: simulated bureau failure`);
    if (mode === 'timeout') {
      await sleep(timeoutMs);
      throw new BureauError('timeout', bureau, `${bureau}: simulated bureau timeout after ${timeoutMs} ms`);
    }
    const fixed = profiles[request.customerId] ?? (await options.profileOf?.(request.customerId));
    return produce(subjectOf(request.customerId, fixed), now());
  }

  return {
    name: 'simulator',

    getScore: (request) => answer(request, (subject, at) => scoreAnswer(subject, request.bureau, at)),

    pullReport: (request) =>
      answer(request, (subject, at): BureauReportPull => {
        const { bureau } = request;
        const score = scoreAnswer(subject, bureau, at);
        const providerReference = reference(subject, bureau, at);
        if (score.state.kind === 'NO_HIT' || score.lastUpdated === null) {
          return { bureau, state: score.state, report: null, history: [], providerReference };
        }
        // The report is the file as of the bureau's last rescore (its lastUpdated), not as of the
        // call: nothing in it may be dated after the date the customer sees it "last updated".
        const asOf = score.lastUpdated;
        const current = monthIndex(asOf);
        const accounts = accountsOf(subject, current);
        const found = enquiries(subject, current, dayOfMonth(asOf));
        if (subject.recentCard) {
          const recent = recentCardOf(subject.recentCard, asOf);
          accounts.push(recent.account);
          found.push(recent.enquiry);
          found.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
        }
        const report: CreditReport = {
          reportId: providerReference,
          creditBureau: bureau,
          lastUpdated: new Date(score.lastUpdated).toISOString(),
          pulledAt: new Date(at).toISOString(),
          ...stateFields(score.state),
          summary: summaryOf(accounts, found, current),
          accounts,
          enquiries: found,
        };
        return { bureau, state: score.state, report, history: score.history, providerReference };
      }),

    reportStatus: (request) =>
      answer(request, (subject, at): BureauReportStatus => {
        const score = scoreAnswer(subject, request.bureau, at);
        return {
          bureau: request.bureau,
          status: score.state.kind === 'NO_HIT' ? 'NO_HIT' : 'REPORT_RECEIVED',
          state: score.state,
          lastUpdated: score.lastUpdated,
        };
      }),

    setFailure(mode, bureau) {
      for (const each of bureau ? [bureau] : BUREAUS) failures.set(each, mode);
    },

    setLatency(latencyMs) {
      latency = latencyMs;
    },
  };
}
