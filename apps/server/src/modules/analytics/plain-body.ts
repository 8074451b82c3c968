import { ID_TEXT_PATTERN, SITE_IDS, USER_STATES, analyticsEventSchema, type AnalyticsEvent } from '@pravesh/core';
import { isPlainObject, isSafeText, jsonHasUnstorableText } from '@pravesh/core/activity/json-checks.ts';

/**
 * pbguc/event/produce's body checked without zod, on the route's hot path: zod's check chains over
 * the 21 optional fields were about 13 µs of the route's server CPU per request in a profile under
 * load (a twentieth); in a warm loop on the bench's body, 2.9 µs against 1.0 for these plain tests.
 *
 * It answers the body itself when it is plainly valid — a one-item list of an object whose every
 * key is a field of analyticsEventSchema and whose every value passes that field's checks — and
 * undefined otherwise; the route then hands the body to zod, which decides and words the error.
 * So what zod refuses is refused as before, and what this accepts zod accepts with an equal value
 * (plain-body.test.ts holds it to that field by field, at and past each bound).
 */

type Check = (value: unknown) => boolean;

/** A zod string format's own pattern (uuid, ISO date-time), so the two cannot disagree on it. */
function formatPattern(field: keyof AnalyticsEvent): RegExp {
  let schema = analyticsEventSchema.shape[field] as unknown as {
    _zod: { def: { innerType?: unknown; pattern?: unknown } };
  };
  while (schema._zod.def.innerType) schema = schema._zod.def.innerType as typeof schema;
  const pattern = schema._zod.def.pattern;
  if (!(pattern instanceof RegExp)) throw new Error(`${field} has no format pattern`);
  return pattern;
}

const UUID_PATTERN = formatPattern('eventId');
const DATETIME_PATTERN = formatPattern('occurredAt');

/** safeText(max) (visits/fields.ts): at most `max` UTF-16 units, nothing PostgreSQL cannot store. */
const text =
  (max: number, min = 0): Check =>
  (value) =>
    isSafeText(value, max, min);
/** idText(max): 1 to `max` letters, digits or . _ : - */
const id =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length <= max && ID_TEXT_PATTERN.test(value);
const matching =
  (pattern: RegExp): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value);
/** `.nullish()`: null (JSON has no undefined) stands for absent. */
const nullish =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

/** Each field of analyticsEventSchema (analytics.ts with tracking.ts), in its order, with its checks. */
export const FIELD_CHECKS: Readonly<Record<keyof AnalyticsEvent, Check>> = {
  eventId: nullish(matching(UUID_PATTERN)),
  event: text(128, 1),
  category: nullish(text(128)),
  action: nullish(text(128)),
  label: nullish(text(512)),
  pageType: nullish(text(128)),
  userType: nullish(text(64)),
  clientId: nullish(text(128)),
  lob: nullish(text(64)),
  visitorId: nullish(text(64)),
  visitId: nullish(text(64)),
  pageUrl: nullish(text(2048)),
  occurredAt: nullish(matching(DATETIME_PATTERN)),
  data: nullish((value) => isPlainObject(value) && !jsonHasUnstorableText(value)),
  deviceId: nullish(text(128)),
  absoluteParentVisitId: nullish(id(64)),
  parentVisitId: nullish(id(64)),
  customerId: nullish(text(512)),
  mobileNo: nullish(text(512)),
  siteId: nullish((value) => typeof value === 'number' && SITE_IDS.includes(value)),
  userState: nullish((value) => (USER_STATES as readonly unknown[]).includes(value)),
};

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The body when it is plainly valid (see above), else undefined: zod decides. */
export function plainlyValidProduceBody(body: unknown): [AnalyticsEvent] | undefined {
  if (!Array.isArray(body) || body.length !== 1) return undefined;
  const event: unknown = body[0];
  if (!isPlainObject(event) || !hasOwn(event, 'event')) return undefined;
  for (const key in event) {
    if (!hasOwn(FIELD_CHECKS, key) || !FIELD_CHECKS[key as keyof AnalyticsEvent](event[key])) return undefined;
  }
  return body as [AnalyticsEvent];
}
