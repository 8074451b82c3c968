import { DATA_PRODUCTS, ITEM_PAYLOAD_TYPES, UPDATE_ONLY_PRODUCTS } from '../constants.ts';
import { PraveshError } from '../errors.ts';
import type { Application, DataItem, Lead, SiteEntry } from './site-entry-schemas.ts';
import {
  isBlank,
  isJsonValue,
  isObject,
  isPlainObject,
  isSafeText,
  JSON_MAX_DEPTH,
  jsonHasUnstorableText,
  quote,
  toIsoTime,
  UNSTORABLE_TEXT_MESSAGE,
  type Loose,
} from './json-checks.ts';

/**
 * The shared-storage rules of spec 000 §5 for site entries, data items, leads and applications,
 * written without zod so the browser SDK (and its workers) can carry them. They are the one
 * implementation of these rules: the server's parseDataItem, parseLead and parseApplication
 * (visits/shared-data.ts) are these functions, so a site entry the SDK stores is one
 * POST /MSP/api/v1/pbguc/activity accepts, refused with the same catalogue errors.
 * Every check is total: whatever the input, the only error thrown is a PraveshError.
 */

/** Shared data over this size is refused (spec 000 §5: "default 350 KB"), counted as UTF-8 JSON. */
export const SITE_ENTRY_LIMIT_BYTES = 350 * 1024;

/** spec 000 §3: "Application (all nine mandatory when set)". */
export const APPLICATION_FIELDS = [
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

/** Products a new data item may name; an update also allows PCO and BUREAU (spec 000 §5). */
export const SET_PRODUCTS: readonly string[] = DATA_PRODUCTS;
export const UPDATE_PRODUCTS: readonly string[] = [...DATA_PRODUCTS, ...UPDATE_ONLY_PRODUCTS];
const MAX_APPLICATIONS = 100;

function bad(where: string, detail: string): PraveshError {
  return new PraveshError('badRequest', { detail: `${where}: ${detail}` });
}

/** Ids may be numbers in partner systems (safe integers) or text of 1 to 128 characters. */
function isIdValue(value: unknown): value is string | number {
  return Number.isSafeInteger(value) || isSafeText(value, 128, 1);
}

/** Times as the browser stores them: epoch milliseconds or date text. */
function isTimeValue(value: unknown): value is string | number {
  return (Number.isSafeInteger(value) && (value as number) >= 0) || isSafeText(value, 64);
}

type FieldCheck = (value: unknown) => boolean;
const text =
  (max: number): FieldCheck =>
  (value) =>
    isSafeText(value, max);

/** Copies the listed fields that are present, refusing any that fails its check. */
function pick(input: Loose, checks: Record<string, FieldCheck>, optional: boolean, where: string): Loose {
  const out: Loose = {};
  for (const [field, check] of Object.entries(checks)) {
    const value = input[field];
    if (value === undefined && optional) continue;
    if (!check(value)) throw bad(`${where}.${field}`, 'invalid value');
    out[field] = value;
  }
  return out;
}

const APPLICATION_CHECKS: Record<string, FieldCheck> = {
  id: isIdValue,
  partnerId: isIdValue,
  partnerName: text(256),
  productName: text(256),
  image: text(2048),
  state: text(64),
  continueUrl: text(2048),
  title: text(256),
  subtitle: text(512),
};
const TIME_CHECKS: Record<string, FieldCheck> = { createdAt: isTimeValue, updatedAt: isTimeValue };

/** An application "set" needs a payload with all nine mandatory fields (spec 000 §5). */
export function validateApplication(input: unknown, where = 'application'): Application {
  if (!isObject(input) || APPLICATION_FIELDS.some((field) => isBlank(input[field]))) {
    throw new PraveshError('idAndPayloadMandatory');
  }
  return {
    ...pick(input, APPLICATION_CHECKS, false, where),
    ...pick(input, TIME_CHECKS, true, where),
  } as Application;
}

function validateApplications(input: unknown, where: string): Application[] | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input)) throw new PraveshError('applicationNotArray');
  // Checked first so a huge (sparse) array is never walked.
  if (input.length > MAX_APPLICATIONS) throw bad(`${where}.application`, `at most ${MAX_APPLICATIONS}`);
  const applications: Application[] = [];
  let holes = false;
  for (let index = 0; index < input.length; index++) {
    // A hole of a sparse array would be written as null: refused, after the elements (as the server does).
    if (!(index in input)) holes = true;
    else applications.push(validateApplication(input[index], `${where}.application.${index}`));
  }
  if (holes) throw bad(`${where}.application`, 'must not have holes');
  return applications;
}

const ITEM_CHECKS: Record<string, FieldCheck> = {
  title: text(256),
  subtitle: text(512),
  continueUrl: text(2048),
  image: text(2048),
  lastUpdated: isTimeValue,
  nextUpdate: isTimeValue,
  bureauType: text(32),
  ...TIME_CHECKS,
};

export interface ValidateItemOptions {
  /** An update also allows PCO and BUREAU products (spec 000 §5). */
  update?: boolean;
  /** Where the item sits, for badRequest details. */
  where?: string;
}

/** One data item with the catalogue's messages (spec 000 §5, §8); unknown fields are dropped. */
export function validateDataItem(input: unknown, options: ValidateItemOptions = {}): DataItem {
  const where = options.where ?? 'data';
  if (!isObject(input) || isBlank(input.id) || isBlank(input.type)) throw new PraveshError('storageFieldsMissing');
  const product = isBlank(input.product) ? undefined : input.product;
  if (product !== undefined) {
    const allowed = options.update ? UPDATE_PRODUCTS : SET_PRODUCTS;
    if (typeof product !== 'string' || !allowed.includes(product)) {
      throw new PraveshError('productNotAllowed', { product: quote(product), valid: allowed.join(', ') });
    }
  }
  const application = validateApplications(input.application, where);
  if (jsonHasUnstorableText(input, JSON_MAX_DEPTH)) throw bad(where, UNSTORABLE_TEXT_MESSAGE);
  if (!isIdValue(input.id)) throw bad(`${where}.id`, 'invalid value');
  if (!(ITEM_PAYLOAD_TYPES as readonly unknown[]).includes(input.type)) {
    throw bad(`${where}.type`, `must be one of ${ITEM_PAYLOAD_TYPES.join(', ')}`);
  }
  const item: Loose = { id: input.id, type: input.type, ...pick(input, ITEM_CHECKS, true, where) };
  if (product !== undefined) item.product = product;
  if (application !== undefined) item.application = application;
  return item as DataItem;
}

/** One lead: id, application array and optional applicationDetails (spec 000 §3). */
export function validateLead(input: unknown, where = 'leads'): Lead {
  if (!isObject(input) || isBlank(input.id)) throw new PraveshError('required', { list: 'id' });
  const application = validateApplications(input.application, where) ?? [];
  if (jsonHasUnstorableText(input, JSON_MAX_DEPTH)) throw bad(where, UNSTORABLE_TEXT_MESSAGE);
  if (!isIdValue(input.id)) throw bad(`${where}.id`, 'invalid value');
  const lead: Loose = { id: input.id, application, ...pick(input, TIME_CHECKS, true, where) };
  if (input.applicationDetails !== undefined) {
    if (!isPlainObject(input.applicationDetails) || !isJsonValue(input.applicationDetails)) {
      throw bad(`${where}.applicationDetails`, 'must be an object of JSON values');
    }
    lead.applicationDetails = input.applicationDetails;
  }
  return lead as Lead;
}

function isoOr(value: unknown, fallback: string | null, where: string): string | null {
  if (value === undefined || value === null) return fallback;
  const iso = toIsoTime(value);
  if (iso === undefined) throw bad(where, 'must be a date-time');
  return iso;
}

/** Items or leads of one entry: the server takes at most 500 of each in one call. */
const MAX_LIST = 500;

function list<T>(value: unknown, where: string, each: (item: unknown, where: string) => T, lenient?: boolean): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw bad(where, 'must be an array');
  if (value.length > MAX_LIST) throw bad(where, `at most ${MAX_LIST}`);
  const items: T[] = [];
  Array.from(value as unknown[], (item, index) => {
    try {
      items.push(each(item, `${where}.${index}`));
    } catch (error) {
      if (!lenient) throw error;
    }
  });
  return items;
}

/**
 * A whole site entry (spec 000 §3 "Site entry in shared storage"), as stored data or as given to
 * setAllSiteData: missing parts take their empty value, times become ISO date-times, items are
 * checked with the update rules (a stored entry may hold PCO and BUREAU items).
 * `lenient`, for entries merged from elsewhere (the server's history): an item or lead that fails
 * its rules is left out and the rest of the entry kept, as recent activity hides an item it
 * cannot show (spec 000 §5) rather than the site's whole activity; the entry's own fields stay strict.
 */
export function validateSiteEntry(input: unknown, siteId: number, now: number, lenient?: boolean): SiteEntry {
  if (!isObject(input)) throw bad(`${siteId}`, 'site data must be an object');
  if (!isBlank(input.siteId) && Number(input.siteId) !== siteId) throw bad(`${siteId}.siteId`, 'does not match');
  const nowIso = new Date(now).toISOString();
  const visit = input.visit ?? null;
  if (visit !== null && !isSafeText(visit, 64)) throw bad(`${siteId}.visit`, 'invalid value');
  const sharedData = input.sharedData ?? null;
  if (sharedData !== null && (!isPlainObject(sharedData) || !isJsonValue(sharedData))) {
    throw bad(`${siteId}.sharedData`, 'must be an object of JSON values');
  }
  return {
    siteId,
    createdAt: isoOr(input.createdAt, nowIso, `${siteId}.createdAt`)!,
    updatedAt: isoOr(input.updatedAt, nowIso, `${siteId}.updatedAt`)!,
    visit,
    data: list(input.data, `${siteId}.data`, (item, where) => validateDataItem(item, { update: true, where }), lenient),
    leads: list(input.leads, `${siteId}.leads`, validateLead, lenient),
    sharedData: sharedData as SiteEntry['sharedData'],
    consentRecievedDate: isoOr(input.consentRecievedDate, null, `${siteId}.consentRecievedDate`),
  };
}

/** Byte size of a value as stored (UTF-8 JSON): what the 350 KB limit counts. */
export function storedSize(value: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    throw new PraveshError('badRequest', { detail: 'value is not JSON' });
  }
  return new TextEncoder().encode(json ?? '').length;
}

/** Throws "Data size exceeds permissiable limit." when the value is over the limit. */
export function assertStoredSize(value: unknown, limit = SITE_ENTRY_LIMIT_BYTES): void {
  if (storedSize(value) > limit) throw new PraveshError('dataSizeExceeded');
}
