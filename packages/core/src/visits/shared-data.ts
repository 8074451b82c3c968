import { z } from 'zod';
import { DATA_PRODUCTS, UPDATE_ONLY_PRODUCTS } from '../constants.ts';
import { PraveshError } from '../errors.ts';
import { UNSTORABLE_TEXT_MESSAGE, jsonHasUnstorableText, safeText } from './fields.ts';

/**
 * Shared data of a site entry (spec 000 §3 "Site entry", "Lead", "Application", "Data item") and
 * its validation rules (spec 000 §5), as pure functions so the SDK and the server refuse the same
 * input with the same catalogue message.
 */

/** Shared data over this size is refused (spec 000 §5: "default 350 KB"). */
export const SHARED_DATA_LIMIT_BYTES = 350 * 1024;

/** spec 000 §5: "Payload types allowed: report, lead" — the data item's type. */
export const SHARED_PAYLOAD_TYPES = ['report', 'lead'] as const;
export type SharedPayloadType = (typeof SHARED_PAYLOAD_TYPES)[number];

/** Products a new data item may name; an update also allows PCO and BUREAU (spec 000 §5). */
export const SET_PRODUCTS: readonly string[] = DATA_PRODUCTS;
export const UPDATE_PRODUCTS: readonly string[] = [...DATA_PRODUCTS, ...UPDATE_ONLY_PRODUCTS];

/** spec 000 §3: "Application (all nine mandatory when set)". */
export const APPLICATION_MANDATORY_FIELDS = [
  'id',
  'partnerId',
  'partnerName',
  'productName',
  'image',
  'state',
  'continueUrl',
  'title',
  'subtitle',
] as const;

/** Ids may be numbers in partner systems; both are kept as given. */
const idValue = z.union([safeText(128).min(1), z.number().int()]);
/** Times as the browser stores them: epoch milliseconds or a date string. */
const timeValue = z.union([z.number().int().nonnegative(), safeText(64)]);

export const applicationSchema = z.object({
  id: idValue,
  partnerId: idValue,
  partnerName: safeText(256),
  productName: safeText(256),
  image: safeText(2048),
  state: safeText(64),
  continueUrl: safeText(2048),
  title: safeText(256),
  subtitle: safeText(512),
  createdAt: timeValue.optional(),
  updatedAt: timeValue.optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const dataItemSchema = z.object({
  id: idValue,
  type: z.enum(SHARED_PAYLOAD_TYPES),
  product: z.enum([...DATA_PRODUCTS, ...UPDATE_ONLY_PRODUCTS]).optional(),
  title: safeText(256).optional(),
  subtitle: safeText(512).optional(),
  continueUrl: safeText(2048).optional(),
  image: safeText(2048).optional(),
  lastUpdated: timeValue.optional(),
  nextUpdate: timeValue.optional(),
  bureauType: safeText(32).optional(),
  application: z.array(applicationSchema).max(100).optional(),
  createdAt: timeValue.optional(),
  updatedAt: timeValue.optional(),
});
export type DataItem = z.infer<typeof dataItemSchema>;

export const leadSchema = z.object({
  id: idValue,
  application: z.array(applicationSchema).max(100).default([]),
  applicationDetails: z.record(z.string(), z.json()).optional(),
  createdAt: timeValue.optional(),
  updatedAt: timeValue.optional(),
});
export type Lead = z.infer<typeof leadSchema>;

/** One site's entry (spec 000 §3 "Site entry in shared storage"); the spelling is the spec's. */
export const siteEntrySchema = z.object({
  siteId: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  visit: z.string().nullable(),
  data: z.array(dataItemSchema),
  leads: z.array(leadSchema),
  sharedData: z.record(z.string(), z.json()).nullable(),
  consentRecievedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type SiteEntry = z.infer<typeof siteEntrySchema>;

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Shortens a caller's value before it goes into an error message. */
function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}

function invalid(where: string, error: z.ZodError): PraveshError {
  const issue = error.issues[0];
  const path = [where, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return new PraveshError('badRequest', { detail: `${path}: ${issue?.message ?? 'invalid input'}` });
}

/** Byte size of a value as stored (UTF-8 JSON), which is what the 350 KB limit counts. */
export function sharedDataSize(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
}

/** Throws "Data size exceeds permissiable limit." when the value is over the limit. */
export function assertSharedDataSize(value: unknown, limit = SHARED_DATA_LIMIT_BYTES): void {
  if (sharedDataSize(value) > limit) throw new PraveshError('dataSizeExceeded');
}

/** An application "set" needs id and a payload with all nine mandatory fields (spec 000 §5). */
export function parseApplication(input: unknown, where = 'application'): Application {
  if (!isObject(input) || APPLICATION_MANDATORY_FIELDS.some((field) => isBlank(input[field]))) {
    throw new PraveshError('idAndPayloadMandatory');
  }
  const parsed = applicationSchema.safeParse(input);
  if (!parsed.success) throw invalid(where, parsed.error);
  return parsed.data;
}

function parseApplications(input: unknown, where: string): Application[] | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input)) throw new PraveshError('applicationNotArray');
  return input.map((application, index) => parseApplication(application, `${where}.application.${index}`));
}

export interface ParseItemOptions {
  /** An update also allows PCO and BUREAU products (spec 000 §5). */
  update?: boolean;
  /** Where the item sits in the request, for badRequest details. */
  where?: string;
}

/** Validates one data item with the catalogue's messages (spec 000 §5, §8). */
export function parseDataItem(input: unknown, options: ParseItemOptions = {}): DataItem {
  const where = options.where ?? 'data';
  if (!isObject(input) || isBlank(input.id) || isBlank(input.type)) throw new PraveshError('storageFieldsMissing');
  if (!isBlank(input.product)) {
    const allowed = options.update ? UPDATE_PRODUCTS : SET_PRODUCTS;
    if (typeof input.product !== 'string' || !allowed.includes(input.product)) {
      throw new PraveshError('productNotAllowed', { product: quote(input.product), valid: allowed.join(', ') });
    }
  }
  const application = parseApplications(input.application, where);
  if (jsonHasUnstorableText(input))
    throw new PraveshError('badRequest', { detail: `${where}: ${UNSTORABLE_TEXT_MESSAGE}` });
  const product = isBlank(input.product) ? undefined : input.product;
  const parsed = dataItemSchema.safeParse({ ...input, product, application });
  if (!parsed.success) throw invalid(where, parsed.error);
  return parsed.data;
}

/** Validates one lead: id, application array and optional applicationDetails (spec 000 §3). */
export function parseLead(input: unknown, where = 'leads'): Lead {
  if (!isObject(input) || isBlank(input.id)) throw new PraveshError('required', { list: 'id' });
  const application = parseApplications(input.application, where);
  if (jsonHasUnstorableText(input))
    throw new PraveshError('badRequest', { detail: `${where}: ${UNSTORABLE_TEXT_MESSAGE}` });
  const parsed = leadSchema.safeParse({ ...input, application });
  if (!parsed.success) throw invalid(where, parsed.error);
  return parsed.data;
}

/** Items are the same when id and type match (a lead has no type: its id alone). */
function itemKey(item: { id: string | number; type?: string }): string {
  return `${item.type ?? ''}\u0001${String(item.id)}`;
}

function timeOf(value: string | number | undefined): number {
  if (value === undefined) return Number.NEGATIVE_INFINITY;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
}

/**
 * Merges two lists of items by id (and type): one copy of each, the most recently updated one
 * winning, ties to `incoming`. This is the rule of the historical merge after sign-in (spec 000
 * §4 sync flag) and of storing an item again.
 */
export function mergeItems<T extends { id: string | number; type?: string; updatedAt?: string | number }>(
  existing: readonly T[],
  incoming: readonly T[],
): T[] {
  const merged = new Map<string, T>();
  for (const item of existing) merged.set(itemKey(item), item);
  for (const item of incoming) {
    const key = itemKey(item);
    const current = merged.get(key);
    if (!current || timeOf(item.updatedAt) >= timeOf(current.updatedAt)) merged.set(key, item);
  }
  return [...merged.values()];
}

function laterIso(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** Merges two entries of the same site: items by id, the newer dates and visit win. */
export function mergeSiteEntries(a: SiteEntry, b: SiteEntry): SiteEntry {
  const newer = Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
  return {
    siteId: a.siteId,
    createdAt: Date.parse(b.createdAt) < Date.parse(a.createdAt) ? b.createdAt : a.createdAt,
    updatedAt: newer.updatedAt,
    visit: newer.visit ?? a.visit ?? b.visit,
    data: mergeItems(a.data, b.data),
    leads: mergeItems(a.leads, b.leads),
    sharedData: a.sharedData || b.sharedData ? { ...(newer === b ? a : b).sharedData, ...newer.sharedData } : null,
    consentRecievedDate: laterIso(a.consentRecievedDate, b.consentRecievedDate),
  };
}
