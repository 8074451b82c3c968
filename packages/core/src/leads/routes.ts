/**
 * Paths of applying to an offer (README "Applying to an offer"), zod-free so the SDK and the nudge widget can name them
 * without carrying zod.
 *
 * - spec 000 §7 / spec 001 §9 name `PCO/applyOffer` under /MSP/api/v1/ (method not shown: POST, a
 *   write that carries the customer's mobile number, which never goes in a URL).
 * - spec 001 §7 names `partner/quoteApply` under /BSP/api/v1/ (method not shown: POST, as above).
 * - spec 001 §7 names `myAccount/getLeads` and `myAccount/getUpdatedLeadDetails` (methods not
 *   shown): reads, GET with the access token in `pb-access-token` or the pass token's sso strategy,
 *   as the credit reads are (core/credit/schemas.ts CREDIT_ROUTES); the lead id in the query.
 * - The partner-facing paths are ours (the spec shows none): server-to-server calls of the lender
 *   that received a lead, authenticated with its partner key instead of a pass token.
 */
/** The nudge's apply, named on its own so its bundle does not carry the whole table. */
export const APPLY_OFFER_PATH = '/MSP/api/v1/PCO/applyOffer';

export const LEAD_ROUTES = {
  /** spec 000 §3 "Apply-offer": body mobileNo, payload.visitId, offerId → response.redirectUrl. */
  applyOffer: APPLY_OFFER_PATH,
  /** spec 001 §7: the dashboard's apply; the same lead as applyOffer for the same customer and offer. */
  quoteApply: '/BSP/api/v1/partner/quoteApply',
  /** spec 001 §7 (account slice leadData): the signed-in customer's leads, newest first. */
  getLeads: '/MSP/api/v1/myAccount/getLeads',
  /** spec 001 §7 (account slice leadDetails): one lead with its status history. */
  getUpdatedLeadDetails: '/MSP/api/v1/myAccount/getUpdatedLeadDetails',
  /**
   * Ours (the spec shows none): the signed-in customer withdraws an application the lender has not
   * decided (core canCustomerWithdraw). POST with the lead id in the body; the partner learns it
   * from the lead's status (partner/lead answers WITHDRAWN) and the history records it.
   */
  withdrawLead: '/MSP/api/v1/myAccount/withdrawLead',
  /** Ours: the partner reads the lead behind the opaque reference of its continue URL. */
  partnerLead: '/BSP/api/v1/partner/lead',
  /** Ours: the partner reports its own status of a lead; ours follows the lifecycle table. */
  partnerLeadStatus: '/BSP/api/v1/partner/leadStatus',
} as const;
export type LeadRoute = keyof typeof LEAD_ROUTES;

export const LEAD_ROUTE_METHODS: Readonly<Record<LeadRoute, 'GET' | 'POST'>> = {
  applyOffer: 'POST',
  quoteApply: 'POST',
  getLeads: 'GET',
  getUpdatedLeadDetails: 'GET',
  withdrawLead: 'POST',
  partnerLead: 'GET',
  partnerLeadStatus: 'POST',
};

/**
 * The header a partner sends its key in (server to server only; never in a URL, never from a
 * browser). The continue URL carries only the opaque reference, in this query parameter.
 */
export const PARTNER_KEY_HEADER = 'pb-partner-key';
export const LEAD_REFERENCE_PARAM = 'ref';

/**
 * The partner key of the demo partner page (apps/demo /partner/apply) in the `local` environment
 * only: the server's config refuses it everywhere else (apps/server config/partners.ts).
 */
export const DEMO_PARTNER_KEY = 'pravesh-local-demo-partner-key-not-for-production';
