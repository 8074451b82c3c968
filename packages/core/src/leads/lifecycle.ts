/**
 * The lead lifecycle (README "Applying to an offer"): created, submitted, action required, sanctioned / rejected,
 * disbursed / card issued, completed, expired, withdrawn. Pure and zod-free, so the server (which
 * enforces it), the dashboard and the widgets (which label it) share one table.
 *
 * Ours is the normalised status; the partner's own status text travels beside it unchanged
 * (`partnerStatus`), because every lender names its stages differently and support needs the raw
 * word. ONDC's credit specification (FIS12) names INITIATED, SANCTIONED, DISBURSED, PENDING,
 * REJECTED, COMPLETED (../shared/reference/india-credit-and-invoices.md); ours adds what a
 * marketplace lead goes through before and after.
 */

export const LEAD_STATUSES = [
  'CREATED',
  'SUBMITTED',
  'ACTION_REQUIRED',
  'SANCTIONED',
  'REJECTED',
  'DISBURSED',
  'CARD_ISSUED',
  'COMPLETED',
  'EXPIRED',
  'WITHDRAWN',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Statuses a lead never leaves. A new apply to the same offer may start a new lead after one of these. */
export const TERMINAL_LEAD_STATUSES = [
  'REJECTED',
  'COMPLETED',
  'EXPIRED',
  'WITHDRAWN',
] as const satisfies readonly LeadStatus[];

/** Open statuses: at most one lead per customer and offer is in one of these (db/schema/leads.ts). */
export const OPEN_LEAD_STATUSES = LEAD_STATUSES.filter(
  (status) => !(TERMINAL_LEAD_STATUSES as readonly LeadStatus[]).includes(status),
) as readonly LeadStatus[];

/**
 * Allowed transitions, from → to. A loan is disbursed, a card is issued: which of the two a lead
 * may reach depends on its product (fulfilmentStatus below).
 *
 * - ACTION_REQUIRED ↔ SUBMITTED: the lender asks for a document, the customer gives it.
 * - SANCTIONED → WITHDRAWN: the customer declines the sanction (the Key Facts Statement is shown
 *   before this point; nothing is owed yet).
 * - DISBURSED → WITHDRAWN: the borrower exits in the cooling-off period (RBI KFS "cooling-off
 *   period (at least one day)", reference file); the lender reports it as such.
 * - SANCTIONED → EXPIRED: a sanction lapses when not taken up in its validity.
 */
const TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  CREATED: ['SUBMITTED', 'ACTION_REQUIRED', 'REJECTED', 'EXPIRED', 'WITHDRAWN'],
  SUBMITTED: ['ACTION_REQUIRED', 'SANCTIONED', 'REJECTED', 'EXPIRED', 'WITHDRAWN'],
  ACTION_REQUIRED: ['SUBMITTED', 'SANCTIONED', 'REJECTED', 'EXPIRED', 'WITHDRAWN'],
  SANCTIONED: ['DISBURSED', 'CARD_ISSUED', 'EXPIRED', 'WITHDRAWN'],
  DISBURSED: ['COMPLETED', 'WITHDRAWN'],
  CARD_ISSUED: ['COMPLETED'],
  REJECTED: [],
  COMPLETED: [],
  EXPIRED: [],
  WITHDRAWN: [],
};

/** Card products end in CARD_ISSUED, every other product (loans) in DISBURSED. */
const CARD_PRODUCTS: ReadonlySet<string> = new Set(['CC']);

export function fulfilmentStatus(product: string): 'DISBURSED' | 'CARD_ISSUED' {
  return CARD_PRODUCTS.has(product) ? 'CARD_ISSUED' : 'DISBURSED';
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

export function isTerminalLeadStatus(status: LeadStatus): boolean {
  return (TERMINAL_LEAD_STATUSES as readonly LeadStatus[]).includes(status);
}

/**
 * Whether the customer can still continue an application at the lender: not once it is closed
 * (withdrawn, rejected, expired or completed), where a Continue link leads nowhere. My Account's
 * applications and the nudge's Recent Activity both show its status instead.
 */
export function canContinueLead(status: LeadStatus): boolean {
  return !isTerminalLeadStatus(status);
}

/** The statuses a lead of `product` may move to from `from`. */
export function nextLeadStatuses(from: LeadStatus, product: string): LeadStatus[] {
  const wrongFulfilment = fulfilmentStatus(product) === 'DISBURSED' ? 'CARD_ISSUED' : 'DISBURSED';
  return TRANSITIONS[from].filter((to) => to !== wrongFulfilment);
}

export type LeadTransition =
  /** A real move: record it in the history. */
  | { readonly kind: 'move'; readonly from: LeadStatus; readonly to: LeadStatus }
  /** The same status again (a partner resending, perhaps with a new raw status): not a move. */
  | { readonly kind: 'same'; readonly status: LeadStatus }
  /** Not allowed by the table: the lead keeps its status. */
  | { readonly kind: 'refused'; readonly from: LeadStatus; readonly to: LeadStatus };

export function leadTransition(from: LeadStatus, to: LeadStatus, product: string): LeadTransition {
  if (from === to) return { kind: 'same', status: from };
  return nextLeadStatuses(from, product).includes(to) ? { kind: 'move', from, to } : { kind: 'refused', from, to };
}

/**
 * What a customer (and the partner page) reads for each status: its label, then what comes next.
 * Real copy for an Indian consumer finance product: short, no internal words. Two tables, so that
 * a script that only labels a status (the nudge's Recent Activity) does not carry the next steps.
 */
export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  CREATED: 'Application started',
  SUBMITTED: 'Application submitted',
  ACTION_REQUIRED: 'Action required',
  SANCTIONED: 'Sanctioned',
  REJECTED: 'Not approved',
  DISBURSED: 'Disbursed',
  CARD_ISSUED: 'Card issued',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
  WITHDRAWN: 'Withdrawn',
};

export const LEAD_NEXT_STEPS: Readonly<Record<LeadStatus, string>> = {
  CREATED: 'Complete your application with the lender to get a decision.',
  SUBMITTED: 'The lender is reviewing your application. We will let you know when it moves ahead.',
  ACTION_REQUIRED: 'The lender needs something more from you. Continue your application to see what.',
  SANCTIONED: 'Review the Key Facts Statement and accept the offer to receive the money.',
  REJECTED: 'The lender could not approve this application. You can check other offers for you.',
  DISBURSED: 'The money has been sent to your bank account. Your EMIs start as per the loan agreement.',
  CARD_ISSUED: 'Your card is on its way. Activate it when it arrives.',
  COMPLETED: 'This application is complete. No action is needed.',
  EXPIRED: 'This application has expired. You can apply again if the offer is still available.',
  WITHDRAWN: 'This application was withdrawn. No action is needed.',
};

/**
 * An application the lender has not moved for this long expires (ours, the spec names no period):
 * 30 days, the usual life of a lender's in-principle offer. Only before a sanction: once sanctioned
 * the lender decides when its sanction lapses and reports EXPIRED itself.
 */
export const LEAD_EXPIRY_DAYS = 30;
const EXPIRING_STATUSES: readonly LeadStatus[] = ['CREATED', 'SUBMITTED', 'ACTION_REQUIRED'];

/** Whether a lead last changed at `updatedAt` (epoch ms) has expired by `now`. */
export function isLeadStale(status: LeadStatus, updatedAt: number, now: number): boolean {
  return EXPIRING_STATUSES.includes(status) && now - updatedAt >= LEAD_EXPIRY_DAYS * 86_400_000;
}

/** The statuses that expire with time (isLeadStale), for stores that select them. */
export const EXPIRING_LEAD_STATUSES = EXPIRING_STATUSES;

/**
 * Statuses from which the customer may withdraw an application themself in My Account: the ones
 * the lender has not decided yet. Once sanctioned the customer declines with the lender (who reads
 * the Key Facts Statement with them and reports WITHDRAWN); rejected, disbursed, issued, completed,
 * expired or withdrawn leads are decided already.
 */
export const CUSTOMER_WITHDRAWABLE_LEAD_STATUSES: readonly LeadStatus[] = ['CREATED', 'SUBMITTED', 'ACTION_REQUIRED'];

export function canCustomerWithdraw(status: LeadStatus): boolean {
  return CUSTOMER_WITHDRAWABLE_LEAD_STATUSES.includes(status);
}
