import {
  customerStorageId,
  openCustomerField,
  PraveshError,
  sealCustomerField,
  siteIdOf,
  SSO_SITE_ID,
  visitorCookieName,
  decodeVisitorCookie,
  encodeVisitorCookie,
  type CookieKey,
  type CustomerMappingEntry,
  type Environment,
  type VisitorRecord,
} from '@pravesh/core';
import { randomUuid } from './analytics.ts';
import { documentCookieJar, readCookie, serializeCookie, type CookieJar } from './cookies.ts';
import { onlyActiveMapping, withCustomerMapping } from './customer-storage-mapping.ts';
import { idLabel } from './id-label.ts';

/**
 * The visitor cookie record (spec 000 §3): named GUC in production and PBGUC_DEV elsewhere, its
 * value encodeVisitorCookie(record, key) — `<kid>.<xor text>` — kept 3650 days (spec 000 §9) on
 * Path=/ with SameSite=Lax, Secure on https. The server re-issues the same cookie with Set-Cookie
 * on every visit call (Safari drops script-written cookies after 7 days), so both use the keys the
 * server serves in the shield config (visitorCookie) and the same Domain. The XOR cipher is the
 * spec's obfuscation, not secrecy: its keys reach every browser.
 * The record is checked by hand here, not with core's zod schema, to keep zod out of the bundle;
 * a test keeps the check equal to visitorRecordSchema.
 */
export const VISITOR_COOKIE_MAX_AGE = 3650 * 24 * 60 * 60;
/** Browsers drop a cookie over 4096 bytes (RFC 6265 §6.1). */
const MAX_COOKIE_BYTES = 4096;

const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isText = (value: unknown, max: number, min = 0): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;
const OPTIONAL_TEXT: [keyof VisitorRecord, number][] = [
  ['visit', 64],
  ['parentVisitId', 64],
  ['absoluteParentVisitId', 64],
  ['mostRecentVisit', 64],
  ['utmSource', 256],
  ['mobileNo', 512],
  ['customerId', 512],
];

function parseMapping(value: unknown): Record<string, CustomerMappingEntry> | undefined {
  if (value === undefined) return {};
  if (!isObject(value)) return undefined;
  const entries: [string, CustomerMappingEntry][] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!isObject(entry)) return undefined;
    const { mobileNo, customerId, storageId } = entry;
    if (typeof mobileNo !== 'string' || typeof customerId !== 'string' || typeof storageId !== 'string')
      return undefined;
    entries.push([key, { mobileNo, customerId, storageId }]);
  }
  // fromEntries defines keys as own data properties: a "__proto__" key cannot reach the prototype.
  return Object.fromEntries(entries);
}

/** The record in a decoded cookie value, or undefined when it is not a valid one (visitorRecordSchema). */
export function parseVisitorRecord(value: unknown): VisitorRecord | undefined {
  if (!isObject(value)) return undefined;
  const { id, visitorId, initialNudgeState, lastActive, createdAt, updatedAt } = value;
  if (typeof id !== 'string' || !UUID.test(id) || !isText(visitorId, 64, 1)) return undefined;
  if (initialNudgeState !== 'open' && initialNudgeState !== 'close') return undefined;
  if (!isTime(lastActive) || !isTime(createdAt) || !isTime(updatedAt)) return undefined;
  // Defaults stand in for absent flags only: null is as invalid here as in the schema.
  const syncGuc = value.syncGuc === undefined ? false : value.syncGuc;
  const purgeStorage = value.purgeStorage === undefined ? false : value.purgeStorage;
  if (typeof syncGuc !== 'boolean' || typeof purgeStorage !== 'boolean') return undefined;
  const customerStorageMapping = parseMapping(value.customerStorageMapping);
  if (!customerStorageMapping) return undefined;
  const record: Loose = { id, visitorId, initialNudgeState, lastActive, createdAt, updatedAt };
  for (const [field, max] of OPTIONAL_TEXT) {
    const text = value[field];
    if (text === undefined) continue;
    if (!isText(text, max)) return undefined;
    record[field] = text;
  }
  return { ...record, syncGuc, purgeStorage, customerStorageMapping } as VisitorRecord;
}

export interface Customer {
  mobileNo: string;
  customerId: string;
}

/** What setCustomer did: a new customer, new details of the same one, nothing, or nothing asked. */
export type CustomerChange = 'set' | 'updated' | 'unchanged' | 'ignored';

export interface VisitorRecordStoreOptions {
  environment: Environment;
  /**
   * The cookie keys the server encodes the record with (the shield config's visitorCookie): the
   * first writes, naming its kid in the value; every key reads, picked by the value's kid.
   */
  cookieKeys?: readonly CookieKey[];
  /** One unnamed key instead (tests): written without a kid, as the server still reads. */
  cookieKey?: string;
  /** Unnamed keys being rotated out, with cookieKey: still read, never written. */
  previousCookieKeys?: readonly string[];
  cookies?: CookieJar;
  /** Domain attribute, the same as the server's PRAVESH_COOKIE_DOMAIN; default: the page's host. */
  domain?: string;
  /** Default: the page is served over https. */
  secure?: boolean;
  now?: () => number;
  newId?: () => string;
}

export interface VisitorRecordStore {
  readonly cookieName: string;
  /** The record in the cookie now, or undefined when there is none (or it is not valid). */
  read(): VisitorRecord | undefined;
  write(record: VisitorRecord): void;
  /** The record, created (and written) when there is none yet. */
  ensure(): VisitorRecord;
  /**
   * Spec 000 §5: only the single-sign-on site may set customer data ("{id} is not authorized to
   * set customer data. Only SSO can set customer data." otherwise), and mobileNo and customerId
   * are both needed, else the call does nothing. Accepts the server's mobilePhone as mobileNo.
   */
  setCustomer(siteId: number | string, customer: unknown): Promise<CustomerChange>;
  /** The record's customer, opened; undefined when signed out or not openable with our keys. */
  getCustomer(record?: VisitorRecord): Promise<Customer | undefined>;
  /**
   * The mobile number to sign in with: the signed-in customer's, else the one who signed in last on
   * this browser (the newest customer mapping entry survives logout), for spec 000 §4's logged-out
   * tile click ("OTP sign-in if the mobile number is known"). undefined when none can be opened.
   */
  knownMobileNo(record?: VisitorRecord): Promise<string | undefined>;
}

const MAX_CUSTOMER_TEXT = 128;

function customerText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.length <= MAX_CUSTOMER_TEXT ? trimmed : undefined;
}

/** The keys a store writes (the first) and reads with; `cookieKey` is required when none are given. */
export function resolveCookieKeys(
  options: Pick<VisitorRecordStoreOptions, 'cookieKeys' | 'cookieKey' | 'previousCookieKeys'>,
): CookieKey[] {
  const named = (options.cookieKeys ?? []).filter(
    (entry) => typeof entry?.key === 'string' && entry.key !== '' && typeof entry.kid === 'string',
  );
  if (named.length > 0) return named.map(({ kid, key }) => ({ kid, key }));
  const { cookieKey } = options;
  if (typeof cookieKey !== 'string' || cookieKey === '') throw new PraveshError('required', { list: 'cookieKey' });
  return [cookieKey, ...(options.previousCookieKeys ?? [])].map((key) => ({ kid: '', key }));
}

export function createVisitorRecordStore(options: VisitorRecordStoreOptions): VisitorRecordStore {
  const { domain } = options;
  const cookieKeys = resolveCookieKeys(options);
  const active = cookieKeys[0]!;
  // The active key seals the customer fields and derives storage ids; every key opens them.
  const cookieKey = active.key;
  const keys = cookieKeys.map((entry) => entry.key);
  const cookieName = visitorCookieName(options.environment);
  const jar = options.cookies ?? documentCookieJar();
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUuid;
  const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
  // Opening is Web Crypto work; a page opens the same two sealed strings on every event.
  const opened = new Map<string, Promise<string | undefined>>();

  function open(field: 'mobileNo' | 'customerId', sealed: string | undefined): Promise<string | undefined> {
    if (sealed === undefined) return Promise.resolve(undefined);
    const cacheKey = `${field}:${sealed}`;
    let value = opened.get(cacheKey);
    if (!value) {
      value = openCustomerField(keys, field, sealed);
      opened.set(cacheKey, value);
    }
    return value;
  }

  function read(): VisitorRecord | undefined {
    const value = readCookie(jar, cookieName);
    return value ? decodeVisitorCookie(value, cookieKeys, parseVisitorRecord) : undefined;
  }

  function serialize(record: VisitorRecord): string {
    return serializeCookie(cookieName, encodeVisitorCookie(record, active), {
      maxAgeSeconds: VISITOR_COOKIE_MAX_AGE,
      path: '/',
      domain,
      secure,
      sameSite: 'Lax',
    });
  }

  function write(record: VisitorRecord): void {
    let cookie = serialize(record);
    // Over the limit the browser would silently keep the old record: give up older customers first.
    if (cookie.length > MAX_COOKIE_BYTES)
      cookie = serialize({ ...record, customerStorageMapping: onlyActiveMapping(record) });
    jar.write(cookie);
  }

  function ensure(): VisitorRecord {
    const existing = read();
    if (existing) return existing;
    const at = now();
    const record: VisitorRecord = {
      id: newId(),
      visitorId: newId(),
      initialNudgeState: 'open',
      lastActive: at,
      createdAt: at,
      updatedAt: at,
      syncGuc: false,
      purgeStorage: false,
      customerStorageMapping: {},
    };
    write(record);
    return record;
  }

  async function getCustomer(record: VisitorRecord | undefined = read()): Promise<Customer | undefined> {
    if (!record) return undefined;
    const [mobileNo, customerId] = await Promise.all([
      open('mobileNo', record.mobileNo),
      open('customerId', record.customerId),
    ]);
    return mobileNo !== undefined && customerId !== undefined ? { mobileNo, customerId } : undefined;
  }

  return {
    cookieName,
    read,
    write,
    ensure,
    getCustomer,
    async knownMobileNo(record = read()) {
      if (!record) return undefined;
      const current = await open('mobileNo', record.mobileNo);
      if (current !== undefined) return current;
      // withCustomerMapping appends: the last entry is the customer who signed in most recently.
      const newest = Object.values(record.customerStorageMapping).at(-1);
      return open('mobileNo', newest?.mobileNo);
    },
    async setCustomer(siteId, customer) {
      if (siteIdOf(siteId) !== SSO_SITE_ID) {
        throw new PraveshError('notAuthorizedToSetCustomerData', { id: idLabel(siteId) });
      }
      if (!isObject(customer)) return 'ignored';
      const mobileNo = customerText(customer.mobileNo ?? customer.mobilePhone);
      const customerId = customerText(customer.customerId);
      if (mobileNo === undefined || customerId === undefined) return 'ignored';

      const current = await getCustomer(ensure());
      const sameCustomer = current?.customerId === customerId;
      if (sameCustomer && current.mobileNo === mobileNo) return 'unchanged';
      const [sealedMobileNo, sealedCustomerId, storageId] = await Promise.all([
        sealCustomerField(cookieKey, 'mobileNo', mobileNo),
        sealCustomerField(cookieKey, 'customerId', customerId),
        customerStorageId(cookieKey, customerId),
      ]);
      // The cookie may have moved while sealing (another tab, the server): change the latest record.
      const latest = ensure();
      write({
        ...latest,
        mobileNo: sealedMobileNo,
        customerId: sealedCustomerId,
        customerStorageMapping: withCustomerMapping(latest.customerStorageMapping, {
          mobileNo: sealedMobileNo,
          customerId: sealedCustomerId,
          storageId,
        }),
        // A new customer's earlier anonymous activity is merged into their storage (spec 000 §4).
        syncGuc: sameCustomer ? latest.syncGuc : true,
        updatedAt: now(),
      });
      return sameCustomer ? 'updated' : 'set';
    },
  };
}
