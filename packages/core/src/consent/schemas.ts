import { z } from 'zod';
import { base64Text, idText, safeText } from '../visits/fields.ts';
import { ENVIRONMENTS } from '../constants.ts';
import {
  CONSENT_ACTIONS,
  CONSENT_STATUSES,
  CONSENT_USER_VALUES,
  CONTRACT_ID_PATTERN,
  CONTRACT_VERSION_ID_PATTERN,
} from './constants.ts';

/**
 * Consent ("puckar") payloads of spec 000 §3 and the paths of §7. Every answer travels in the
 * spec's envelope; puckar/check adds `isLatestVersion` beside `response` (spec 000 §3 "Consent
 * check response" lists it outside response). The schemas here describe `response`.
 */

export const contractIdSchema = z.string().regex(CONTRACT_ID_PATTERN, 'must be a contract id');
export const contractVersionIdSchema = z.string().regex(CONTRACT_VERSION_ID_PATTERN, 'must be a contract version id');
const guidSchema = z.guid();

/** spec 000 §3 "Consent (simple) payload"; contractVersionId is the one the visitor's cookie holds. */
export const consentCheckBodySchema = z.object({
  contractId: contractIdSchema,
  visitId: idText(64),
  visitorId: idText(64),
  customerId: guidSchema.nullish(),
  contractVersionId: contractVersionIdSchema.nullish(),
});
export type ConsentCheckBody = z.infer<typeof consentCheckBodySchema>;

/** Node's Buffer#toJSON shape: the contract markup as UTF-8 bytes (spec 000 §3 "contractText.data"). */
export const byteBufferSchema = z.object({
  type: z.literal('Buffer'),
  data: z.array(z.number().int().min(0).max(255)),
});
export type ByteBuffer = z.infer<typeof byteBufferSchema>;

export const contractRefSchema = z.object({ contractId: z.string(), contractVersionId: z.string() });
export type ContractRef = z.infer<typeof contractRefSchema>;

export const consentCheckResponseSchema = z.object({
  /** The subject accepted the latest version and has not withdrawn since. */
  alreadyVerified: z.boolean(),
  /** The subject answered the latest version (Y or N). */
  alreadyResponsed: z.boolean(),
  /** The latest version, its markup as bytes. */
  contractData: contractRefSchema.extend({ contractText: byteBufferSchema }),
  /** The versions of this contract the subject has answered, newest first. */
  respPayload: z.array(contractRefSchema),
});
export type ConsentCheckResponse = z.infer<typeof consentCheckResponseSchema>;

/** spec 000 §3 "Consent contract payload". */
export const userConsentBodySchema = z.object({
  contractId: contractIdSchema,
  contractVersionId: contractVersionIdSchema,
  cookieId: idText(64).nullish(),
  customerId: guidSchema.nullish(),
  visitorId: idText(64),
  visitId: idText(64),
  environment: z.enum(ENVIRONMENTS).nullish(),
  /** base64 of the page address (btoa). */
  pageUrl: base64Text(8192).nullish(),
  /** The provider's cookie id (PROVIDER_COOKIE_ID_NAME). */
  puckarProviderCookieId: idText(64).nullish(),
  userValue: z.enum(CONSENT_USER_VALUES),
  consentState: z.union([z.literal(1), z.literal(2)]).default(2),
});
export type UserConsentBody = z.infer<typeof userConsentBodySchema>;

/** A withdrawal: a new ledger entry (userValue N, action withdraw) for a customer's contract. */
export const withdrawConsentBodySchema = z.object({
  contractId: contractIdSchema,
  customerId: guidSchema,
  visitorId: idText(64),
  visitId: idText(64).nullish(),
  pageUrl: base64Text(8192).nullish(),
  reason: safeText(500).nullish(),
});
export type WithdrawConsentBody = z.infer<typeof withdrawConsentBodySchema>;

/** One ledger entry as the API shows it (IP and user agent only as hashes, never raw). */
export const consentEntrySchema = z.object({
  entryId: z.string(),
  contractId: z.string(),
  contractVersionId: z.string(),
  action: z.enum(CONSENT_ACTIONS),
  userValue: z.enum(CONSENT_USER_VALUES),
  consentState: z.number().int(),
  customerId: z.string().nullable(),
  visitorId: z.string(),
  visitId: z.string().nullable(),
  siteId: z.number().int(),
  pageUrl: z.string().nullable(),
  recordedAt: z.iso.datetime({ offset: true }),
  ipHash: z.string().nullable(),
  userAgentHash: z.string().nullable(),
});
export type ConsentEntry = z.infer<typeof consentEntrySchema>;

export const userConsentResponseSchema = z.object({
  entry: consentEntrySchema,
  /** The state the ledger now derives for this subject and contract. */
  status: z.enum(CONSENT_STATUSES),
});
export type UserConsentResponse = z.infer<typeof userConsentResponseSchema>;

export const isLatestContractVersionBodySchema = z.object({
  contractId: contractIdSchema,
  contractVersionId: contractVersionIdSchema,
});
export type IsLatestContractVersionBody = z.infer<typeof isLatestContractVersionBodySchema>;

export const isLatestContractVersionResponseSchema = z.object({
  isLatestVersion: z.boolean(),
  latestContractVersionId: z.string(),
  /**
   * Ours, only when the call carries a customer's access token: whether that customer's latest
   * answer to the contract is a withdrawal, made anywhere (My Account's consent page, another
   * site). A page that skipped the full check because consent was settled earlier then asks again
   *; a decline is not a withdrawal and keeps the day's answer.
   */
  withdrawn: z.boolean().optional(),
  /**
   * Ours, with a customer's access token as above: whether their latest answer to the contract is
   * an answer (accept or decline) to its latest version. A browser's "settled today" cookies are the
   * browser's, not the person's: a second customer signing in on it the same day, or a contract
   * that was never answered, is checked in full (spec 000 §4 "shown only when … the visitor has
   * not already verified").
   */
  answered: z.boolean().optional(),
});
export type IsLatestContractVersionResponse = z.infer<typeof isLatestContractVersionResponseSchema>;

export const consentHistoryBodySchema = z.object({
  customerId: guidSchema,
  format: z.enum(['json', 'csv']).default('json'),
});
export type ConsentHistoryBody = z.infer<typeof consentHistoryBodySchema>;

export const consentHistoryResponseSchema = z.object({
  customerId: z.string(),
  /** Derived current state per contract. */
  current: z.array(
    z.object({ contractId: z.string(), contractVersionId: z.string().nullable(), status: z.enum(CONSENT_STATUSES) }),
  ),
  /** Every entry, oldest first. */
  entries: z.array(consentEntrySchema),
});
export type ConsentHistoryResponse = z.infer<typeof consentHistoryResponseSchema>;
