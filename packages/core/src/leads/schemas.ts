import { z } from 'zod';
import { mobileNoSchema } from '../sso/schemas.ts';
import { idText, safeText } from '../visits/fields.ts';
import { LEAD_STATUSES } from './lifecycle.ts';

/**
 * Payloads of applying to an offer (paths in ./routes.ts). Every answer travels in the
 * spec's envelope; the schemas here describe its `response`. Instants are ISO 8601 with an offset.
 */

export const leadStatusSchema = z.enum(LEAD_STATUSES);
/** An offer id of the catalogue (the offers module's ids: letters, digits, . _ : -). */
export const offerIdSchema = idText(64);
/** Our lead id: a random UUID. It is also the opaque reference the partner gets (nothing else is in its URL). */
export const leadIdSchema = z.uuid();
const instantSchema = z.iso.datetime({ offset: true });

/** spec 000 §3 "Apply-offer" request: mobileNo, payload{visitId}, offerId. */
export const applyOfferBodySchema = z.object({
  mobileNo: mobileNoSchema,
  payload: z.object({ visitId: idText(64) }),
  offerId: offerIdSchema,
});
export type ApplyOfferBody = z.infer<typeof applyOfferBodySchema>;

/**
 * BSP partner/quoteApply (spec 001 §7, payload not shown): the dashboard's apply. The customer is
 * the access token's, so the mobile number is optional; when sent it must be the customer's.
 */
export const quoteApplyBodySchema = z.object({
  offerId: offerIdSchema,
  visitId: idText(64).optional(),
  mobileNo: mobileNoSchema.optional(),
});
export type QuoteApplyBody = z.infer<typeof quoteApplyBodySchema>;

/**
 * spec 000 §3 "Apply-offer" response: response.redirectUrl, the partner's continue URL. Beside it
 * the lead (a retried apply answers the same lead and URL, with created false).
 */
export const applyOfferResponseSchema = z.object({
  redirectUrl: z.url(),
  leadId: leadIdSchema,
  status: leadStatusSchema,
  /** true when this call created the lead; false when it answers the lead an earlier apply made. */
  created: z.boolean(),
});
export type ApplyOfferResponse = z.infer<typeof applyOfferResponseSchema>;

/** What the customer applied to, as it was then (offers change; the lead keeps its own copy). */
export const leadOfferSnapshotSchema = z.object({
  offerId: offerIdSchema,
  /** Product code (PL, CC, HL, BL, LAP …). */
  product: safeText(16),
  lenderId: safeText(64),
  lenderName: safeText(256),
  productName: safeText(256),
  /** The lender's logo, for lists; null when the offer had none. */
  partnerImage: safeText(2048).nullable(),
});
export type LeadOfferSnapshot = z.infer<typeof leadOfferSnapshotSchema>;

/** A lead as its customer sees it (spec 001 §3 account slice leadData). */
export const leadViewSchema = leadOfferSnapshotSchema.extend({
  leadId: leadIdSchema,
  status: leadStatusSchema,
  statusLabel: z.string(),
  nextStep: z.string(),
  /** The partner's own status text, as it sent it; null until it reports one. */
  partnerStatus: z.string().nullable(),
  continueUrl: z.url(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type LeadView = z.infer<typeof leadViewSchema>;

export const leadHistoryEntrySchema = z.object({
  status: leadStatusSchema,
  partnerStatus: z.string().nullable(),
  at: instantSchema,
});
export type LeadHistoryEntry = z.infer<typeof leadHistoryEntrySchema>;

/** myAccount/getLeads → the customer's leads, newest first. */
export const getLeadsResponseSchema = z.object({ leads: z.array(leadViewSchema) });
export type GetLeadsResponse = z.infer<typeof getLeadsResponseSchema>;

/** myAccount/getUpdatedLeadDetails?leadId= → one lead with its history, oldest first (spec 001 §3 leadDetails). */
export const leadDetailsQuerySchema = z.object({ leadId: leadIdSchema });
export const leadDetailsResponseSchema = leadViewSchema.extend({ history: z.array(leadHistoryEntrySchema) });
export type LeadDetailsResponse = z.infer<typeof leadDetailsResponseSchema>;

/** myAccount/withdrawLead (ours): the lead to withdraw; the answer is the lead with its history. */
export const withdrawLeadBodySchema = z.object({ leadId: leadIdSchema });
export type WithdrawLeadBody = z.infer<typeof withdrawLeadBodySchema>;

/** The partner's read of a lead (ours): what was applied to and where it stands; no personal data. */
export const partnerLeadQuerySchema = z.object({ ref: leadIdSchema });
export const partnerLeadResponseSchema = leadOfferSnapshotSchema.extend({
  reference: leadIdSchema,
  status: leadStatusSchema,
  statusLabel: z.string(),
  nextStep: z.string(),
  partnerStatus: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type PartnerLeadResponse = z.infer<typeof partnerLeadResponseSchema>;

/** The partner reports a status (ours): its own word in partnerStatus, the normalised one in status. */
export const partnerLeadStatusBodySchema = z.object({
  reference: leadIdSchema,
  status: leadStatusSchema,
  partnerStatus: safeText(64).min(1),
});
export type PartnerLeadStatusBody = z.infer<typeof partnerLeadStatusBodySchema>;
