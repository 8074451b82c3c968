import { ACCOUNT_TYPE_NAMES, type CreditAccount, type CreditEnquiry, type CreditReport } from './schemas.ts';

/**
 * What changed between two pulls of one bureau's report ("credit alerts" and "every
 * score change explained"). A pure function of the two stored reports: the server derives a
 * customer's credit alerts from it (spec 001 §3 userAllAlerts, §7 creditAlerts), the dashboard's
 * "Why your score changed" card shows the same changes, so the alert and the explanation can
 * never disagree.
 *
 * Each change names its kind, whether it helps or hurts the score, a weight that ranks it, a
 * subject key that identifies it within the pair of pulls (so storing the same pair twice stores
 * the same alerts), and plain-English copy for a customer.
 */

export const REPORT_CHANGE_KINDS = [
  'SCORE_UP',
  'SCORE_DOWN',
  'MISSED_PAYMENT',
  'UTILISATION_UP',
  'UTILISATION_DOWN',
  'ACCOUNT_CLOSED',
  'NEW_ENQUIRY',
  'NEW_ACCOUNT',
] as const;
export type ReportChangeKind = (typeof REPORT_CHANGE_KINDS)[number];

export const REPORT_CHANGE_IMPACTS = ['POSITIVE', 'NEGATIVE'] as const;
export type ReportChangeImpact = (typeof REPORT_CHANGE_IMPACTS)[number];

export interface ReportChangeDetails {
  lender?: string;
  accountType?: string;
  /** Masked to its last 4, as the report holds it. */
  accountNumber?: string;
  /** The day the enquiry was made, the account opened or closed (YYYY-MM-DD). */
  date?: string;
  /** The value before and after: a score, a utilisation percentage or days past due. */
  from?: number;
  to?: number;
}

export interface ReportChange {
  kind: ReportChangeKind;
  impact: ReportChangeImpact;
  /** Higher ranks first; a score change always heads the list. */
  weight: number;
  /** Identifies the change within one pair of pulls (kind + subject is unique in a diff). */
  subjectKey: string;
  title: string;
  explanation: string;
  details: ReportChangeDetails;
}

export interface ReportDiffOptions {
  /** The smallest move of credit utilisation, in percentage points, worth an alert (default 10). */
  utilisationThreshold?: number;
}

/** The default utilisation move worth an alert: 10 percentage points. */
export const UTILISATION_ALERT_THRESHOLD = 10;

/** Bureaus and lenders read card utilisation in bands; above 30 % it starts to weigh on a score. */
const UTILISATION_COMFORT = 30;

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** A report day (YYYY-MM-DD) as a customer reads it: "9 November 2026". */
export function dayInWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return MONTHS[month - 1] ? `${date} ${MONTHS[month - 1]} ${year}` : day;
}
const typeName = (type: CreditAccount['type']) => ACCOUNT_TYPE_NAMES[type];
const isRevolving = (account: CreditAccount) => account.type === 'CC' || account.type === 'OD';

/**
 * An account's identity across pulls: lender, type and the masked number. The opened date is left
 * out on purpose: a lender that corrects it must not turn one account into a closed one and a
 * new one.
 */
const accountKey = (account: CreditAccount) => `${account.lender}|${account.type}|${account.accountNumber}`;
const enquiryKey = (enquiry: CreditEnquiry) =>
  `${enquiry.date}|${enquiry.lender}|${enquiry.purpose}|${enquiry.amount ?? ''}`;

/** Groups items by key keeping their order, so duplicates (two enquiries on one day) pair up one by one. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The days past due the lender last reported (dpdHistory is newest month first); 0 when none. */
export function latestDpd(account: CreditAccount): number {
  return account.dpdHistory.find((month) => month.dpd !== null)?.dpd ?? 0;
}

function accountChanges(older: CreditReport, newer: CreditReport): ReportChange[] {
  const changes: ReportChange[] = [];
  const before = groupBy(older.accounts, accountKey);
  for (const [key, accounts] of groupBy(newer.accounts, accountKey)) {
    const earlier = before.get(key) ?? [];
    accounts.forEach((account, index) => {
      const subject = `${key}#${index}`;
      const base = {
        lender: account.lender,
        accountType: typeName(account.type),
        accountNumber: account.accountNumber,
      };
      const previous = earlier[index];
      if (!previous) {
        // A new account: the enquiry that came with it has already counted; a young account
        // lowers the average age of the file until it has a record of its own.
        if (account.closedDate !== null) return;
        changes.push({
          kind: 'NEW_ACCOUNT',
          impact: 'NEGATIVE',
          weight: 30,
          subjectKey: subject,
          title: `New ${typeName(account.type)} with ${account.lender}`,
          explanation:
            `A ${typeName(account.type).toLowerCase()} ${account.accountNumber} with ${account.lender} ` +
            `(${rupees(account.sanctionedAmount)}${isRevolving(account) ? ' limit' : ''}) opened on ` +
            `${dayInWords(account.openedDate)}. A new account lowers the average age of your accounts for a while; ` +
            'paying it on time builds your score back up. If you did not open it, contact the lender and the bureau.',
          details: { ...base, date: account.openedDate },
        });
        return;
      }
      if (previous.closedDate === null && account.closedDate !== null) {
        const revolving = isRevolving(account);
        changes.push({
          kind: 'ACCOUNT_CLOSED',
          // A loan repaid in full is a good record; a closed card takes its limit out of your available credit.
          impact: revolving ? 'NEGATIVE' : 'POSITIVE',
          weight: revolving ? 40 : 20,
          subjectKey: subject,
          title: `${typeName(account.type)} with ${account.lender} closed`,
          explanation: revolving
            ? `Your ${typeName(account.type).toLowerCase()} ${account.accountNumber} with ${account.lender} was ` +
              `closed on ${dayInWords(account.closedDate)}. Its ${rupees(account.sanctionedAmount)} limit no longer counts ` +
              'towards your available credit, which can raise your utilisation.'
            : `Your ${typeName(account.type).toLowerCase()} ${account.accountNumber} with ${account.lender} was ` +
              `closed on ${dayInWords(account.closedDate)}. A loan repaid in full stays on your report as a good record.`,
          details: { ...base, date: account.closedDate },
        });
      }
      const was = latestDpd(previous);
      const now = latestDpd(account);
      if (now > was) {
        changes.push({
          kind: 'MISSED_PAYMENT',
          impact: 'NEGATIVE',
          // Later is worse: 90+ days past due weighs more than a payment a few days late.
          weight: 80 + Math.min(now, 180) / 10,
          subjectKey: subject,
          title: `Missed payment on your ${typeName(account.type)} with ${account.lender}`,
          explanation:
            `${account.lender} reported a payment on ${account.accountNumber} ${now} days past due` +
            (account.overdue > 0 ? `, with ${rupees(account.overdue)} overdue` : '') +
            '. Late payments weigh most on your score; paying the overdue amount stops it growing.',
          details: { ...base, from: was, to: now },
        });
      }
    });
  }
  return changes;
}

function enquiryChanges(older: CreditReport, newer: CreditReport): ReportChange[] {
  const changes: ReportChange[] = [];
  const before = groupBy(older.enquiries, enquiryKey);
  for (const [key, enquiries] of groupBy(newer.enquiries, enquiryKey)) {
    const known = before.get(key)?.length ?? 0;
    enquiries.slice(known).forEach((enquiry, index) => {
      changes.push({
        kind: 'NEW_ENQUIRY',
        impact: 'NEGATIVE',
        weight: 25,
        subjectKey: `${key}#${known + index}`,
        title: `New credit enquiry by ${enquiry.lender}`,
        explanation:
          `${enquiry.lender} checked your report on ${dayInWords(enquiry.date)} for a ${typeName(enquiry.purpose).toLowerCase()}` +
          (enquiry.amount !== null ? ` of ${rupees(enquiry.amount)}` : '') +
          '. Each application lowers your score a little for a few months; several in a short time lower it more. ' +
          'If you did not apply, contact the lender and the bureau.',
        details: { lender: enquiry.lender, accountType: typeName(enquiry.purpose), date: enquiry.date },
      });
    });
  }
  return changes;
}

function utilisationChange(older: CreditReport, newer: CreditReport, threshold: number): ReportChange[] {
  const was = older.summary.creditUtilisation;
  const now = newer.summary.creditUtilisation;
  if (was === null || now === null || Math.abs(now - was) < threshold) return [];
  const up = now > was;
  return [
    {
      kind: up ? 'UTILISATION_UP' : 'UTILISATION_DOWN',
      impact: up ? 'NEGATIVE' : 'POSITIVE',
      weight: 50 + Math.min(Math.abs(now - was), 100) / 5,
      subjectKey: 'utilisation',
      title: up ? 'Your credit utilisation went up' : 'Your credit utilisation went down',
      explanation: up
        ? `You are using ${now}% of your card and overdraft limits, up from ${was}%.` +
          (now > UTILISATION_COMFORT
            ? ` Keeping it under ${UTILISATION_COMFORT}% helps your score.`
            : ' It is still under 30%, which lenders like to see.')
        : `You are using ${now}% of your card and overdraft limits, down from ${was}%. Lower utilisation ` +
          'tells lenders you are not stretched, which helps your score.',
      details: { from: was, to: now },
    },
  ];
}

function scoreChange(older: CreditReport, newer: CreditReport, reasons: readonly ReportChange[]): ReportChange[] {
  if (older.score === null || newer.score === null || older.score === newer.score) return [];
  const up = newer.score > older.score;
  const delta = Math.abs(newer.score - older.score);
  const aligned = reasons.filter((change) => change.impact === (up ? 'POSITIVE' : 'NEGATIVE'));
  const because =
    aligned.length > 0 ? ` Mainly because: ${aligned.map((change) => change.title.toLowerCase()).join('; ')}.` : '';
  return [
    {
      kind: up ? 'SCORE_UP' : 'SCORE_DOWN',
      impact: up ? 'POSITIVE' : 'NEGATIVE',
      weight: 1000 + delta,
      subjectKey: 'score',
      title: `Your score ${up ? 'went up' : 'went down'} by ${delta} point${delta === 1 ? '' : 's'}`,
      explanation: `Your ${newer.creditBureau} score moved from ${older.score} to ${newer.score}.${because}`,
      details: { from: older.score, to: newer.score },
    },
  ];
}

/** Rank order: weight, then kind, then subject, so equal inputs always list in the same order. */
export function compareChanges(a: ReportChange, b: ReportChange): number {
  if (a.weight !== b.weight) return b.weight - a.weight;
  if (a.kind !== b.kind) return REPORT_CHANGE_KINDS.indexOf(a.kind) - REPORT_CHANGE_KINDS.indexOf(b.kind);
  return a.subjectKey < b.subjectKey ? -1 : a.subjectKey > b.subjectKey ? 1 : 0;
}

/**
 * The changes from `older` to `newer` (two pulls of one bureau), ranked: a score change first,
 * then the rest by weight. Accounts that simply drop off the newer report are not an alert (a
 * bureau stops reporting accounts closed long ago). Empty when nothing worth telling changed.
 */
export function diffReports(older: CreditReport, newer: CreditReport, options: ReportDiffOptions = {}): ReportChange[] {
  const threshold = options.utilisationThreshold ?? UTILISATION_ALERT_THRESHOLD;
  const reasons = [
    ...accountChanges(older, newer),
    ...enquiryChanges(older, newer),
    ...utilisationChange(older, newer, threshold),
  ].sort(compareChanges);
  return [...scoreChange(older, newer, reasons), ...reasons];
}

export interface ScoreChangeExplanation {
  from: number;
  to: number;
  /** newer minus older. */
  delta: number;
  /** The other changes, those that pushed the score the way it moved first, each group by weight. */
  reasons: ReportChange[];
}

/**
 * "Why your score changed": the score move of a diff with its reasons ranked. null when the score
 * did not move (or either pull has no score).
 */
export function explainScoreChange(changes: readonly ReportChange[]): ScoreChangeExplanation | null {
  const score = changes.find((change) => change.kind === 'SCORE_UP' || change.kind === 'SCORE_DOWN');
  if (!score || score.details.from === undefined || score.details.to === undefined) return null;
  const rest = changes.filter((change) => change !== score);
  const aligned = rest.filter((change) => change.impact === score.impact).sort(compareChanges);
  const against = rest.filter((change) => change.impact !== score.impact).sort(compareChanges);
  return {
    from: score.details.from,
    to: score.details.to,
    delta: score.details.to - score.details.from,
    reasons: [...aligned, ...against],
  };
}
