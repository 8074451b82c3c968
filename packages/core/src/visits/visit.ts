import { z } from 'zod';
import { base64Text, idText, safeText, timeInputSchema } from './fields.ts';

/**
 * POST /MSP/api/v1/visit (spec 000 §3 "Visit", §4 "Visit chain", §7; spec 001 §7). The browser
 * proposes the visitId (a UUID) so a retried call — the SDK retries twice, 1000 ms apart — is
 * stored once and answered with the same id; without one the server makes it.
 * Optional fields accept null as "absent": records read back from storage often hold nulls.
 */

export const VISIT_PATH = '/MSP/api/v1/visit';

/** Visitor cookie lifetime (spec 000 §9): 3650 days. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 3650 * 24 * 60 * 60;

/** The base64 campaign fields of a visit (spec 000 §3: "all base64"). */
export const VISIT_BASE64_FIELDS = [
  'utmContent',
  'utmMedium',
  'utmCampaign',
  'utmSource',
  'utmName',
  'utmTerm',
  'utmTitle',
  'utm',
  'dataSource',
] as const;

/** The plain campaign fields of a visit (spec 000 §3). */
export const VISIT_PLAIN_UTM_FIELDS = [
  'pbUtmCampaign',
  'pbUtmContent',
  'pbUtmMedium',
  'pbUtmSource',
  'pbUtmTerm',
] as const;

const base64Utm = base64Text(4096).nullish();
const plainUtm = safeText(1024).nullish();

export const createVisitBodySchema = z.object({
  /** Client-proposed id for idempotent retries. */
  visitId: z.uuid().nullish(),
  /** The visitor record's visitorId; when absent the visitor cookie's, else a new one. */
  visitorId: idText(64).nullish(),
  deviceId: safeText(128).nullish(),
  parentVisitId: idText(64).nullish(),
  absoluteParentVisitId: idText(64).nullish(),
  siteName: safeText(128).nullish(),
  /** When the browser started the visit; spec 001 names it createdTime. */
  createdAt: timeInputSchema.nullish(),
  createdTime: timeInputSchema.nullish(),
  /**
   * base64 of the page address (spec 000 §3). Optional: spec 000 requires only the visit itself
   * ("A visit without visitId fails", §5), so a body without it is stored without one.
   */
  completeUrl: base64Text(16_384).min(1).nullish(),
  utmContent: base64Utm,
  utmMedium: base64Utm,
  utmCampaign: base64Utm,
  utmSource: base64Utm,
  utmName: base64Utm,
  utmTerm: base64Utm,
  utmTitle: base64Utm,
  utm: base64Utm,
  dataSource: base64Utm,
  pbUtmCampaign: plainUtm,
  pbUtmContent: plainUtm,
  pbUtmMedium: plainUtm,
  pbUtmSource: plainUtm,
  pbUtmTerm: plainUtm,
});
export type CreateVisitBody = z.infer<typeof createVisitBodySchema>;

/**
 * The visit as created (spec 000 §3 "Visit": "created server side"): every field of the spec's
 * list, absent ones as null, so a client written from spec 000 reads back what it would store
 * (visitId, deviceId, parentVisitId, absoluteParentVisitId, siteName, createdAt, completeUrl and
 * the campaign fields). visitorId tells a caller that sent none which visitor the visit joined
 * (spec 001 §7: "The reply holds a response object with visitId"). A retried call is answered
 * with the visit stored first.
 */
const nullableText = z.string().nullable();
export const createVisitResponseSchema = z.object({
  visitId: z.uuid(),
  visitorId: z.string(),
  deviceId: nullableText,
  parentVisitId: nullableText,
  absoluteParentVisitId: z.string(),
  /** The calling site, as the pass token proved it. */
  siteId: z.number().int(),
  siteName: nullableText,
  /** ISO 8601: when the browser said the visit started, else when it arrived. */
  createdAt: z.iso.datetime(),
  completeUrl: nullableText,
  utmContent: nullableText,
  utmMedium: nullableText,
  utmCampaign: nullableText,
  utmSource: nullableText,
  utmName: nullableText,
  utmTerm: nullableText,
  utmTitle: nullableText,
  utm: nullableText,
  dataSource: nullableText,
  pbUtmCampaign: nullableText,
  pbUtmContent: nullableText,
  pbUtmMedium: nullableText,
  pbUtmSource: nullableText,
  pbUtmTerm: nullableText,
});
export type CreateVisitResponse = z.infer<typeof createVisitResponseSchema>;
