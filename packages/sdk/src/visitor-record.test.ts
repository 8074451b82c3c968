import {
  customerStorageId,
  decodeVisitorCookie,
  encodeVisitorCookie,
  openCustomerField,
  PraveshError,
  SSO_SITE_ID,
  visitorRecordSchema,
  xorDecode,
  xorEncode,
  type VisitorRecord,
} from '@pravesh/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryCookieJar, readCookie } from './cookies.ts';
import { activeStorageId, MAX_CUSTOMER_MAPPINGS } from './customer-storage-mapping.ts';
import { createVisitorRecordStore, parseVisitorRecord, VISITOR_COOKIE_MAX_AGE } from './visitor-record.ts';

const KEY = 'test-cookie-key';
const T0 = Date.UTC(2026, 4, 1, 10);
const UUID_A = '0b7f3c52-6a8e-4f4e-9a51-3c2d1e0f9a87';

function record(overrides: Partial<VisitorRecord> = {}): VisitorRecord {
  return {
    id: UUID_A,
    visitorId: 'visitor-1',
    initialNudgeState: 'close',
    lastActive: T0,
    createdAt: T0,
    updatedAt: T0,
    visit: 'v-1',
    parentVisitId: 'v-0',
    absoluteParentVisitId: 'v-0',
    mostRecentVisit: 'v-1',
    utmSource: 'Z29vZ2xl',
    syncGuc: false,
    purgeStorage: false,
    customerStorageMapping: {},
    ...overrides,
  };
}

function setup(options: { environment?: 'production' | 'staging'; secure?: boolean; domain?: string } = {}) {
  const jar = memoryCookieJar();
  let ids = 0;
  const store = createVisitorRecordStore({
    environment: options.environment ?? 'staging',
    cookieKey: KEY,
    cookies: jar,
    now: () => T0,
    newId: () => `00000000-0000-4000-8000-00000000000${ids++}`,
    ...(options.secure === undefined ? {} : { secure: options.secure }),
    ...(options.domain === undefined ? {} : { domain: options.domain }),
  });
  return { jar, store };
}

describe('visitor record cookie', () => {
  it('is named per environment and written with the spec attributes', () => {
    const staging = setup({ secure: true, domain: '.example.in' });
    expect(staging.store.cookieName).toBe('PBGUC_DEV');
    staging.store.write(record());
    expect(staging.jar.writes[0]).toMatch(
      new RegExp(
        `^PBGUC_DEV=[A-Za-z0-9_-]+; Max-Age=${VISITOR_COOKIE_MAX_AGE}; Path=/; Domain=.example.in; SameSite=Lax; Secure$`,
      ),
    );
    expect(VISITOR_COOKIE_MAX_AGE).toBe(3650 * 86_400);
    const production = setup({ environment: 'production', secure: false });
    expect(production.store.cookieName).toBe('GUC');
    production.store.write(record());
    expect(production.jar.writes[0]).not.toContain('Secure');
  });

  it('holds xorEncode(record, cookieKey) and reads every field back', () => {
    const { jar, store } = setup();
    const full = record({
      mobileNo: 'sealed-m',
      customerId: 'sealed-c',
      syncGuc: true,
      purgeStorage: true,
      customerStorageMapping: { c1: { mobileNo: 'sealed-m', customerId: 'sealed-c', storageId: 'c1' } },
    });
    store.write(full);
    const value = readCookie(jar, 'PBGUC_DEV')!;
    expect(value).not.toContain('visitor-1');
    expect(xorDecode(value, KEY)).toEqual(full);
    expect(store.read()).toEqual(full);
    // What the server issues (the same cipher and key) reads the same.
    jar.write(`PBGUC_DEV=${xorEncode(record({ visit: 'server-visit' }), KEY)}`);
    expect(store.read()?.visit).toBe('server-visit');
  });

  it('treats a missing, foreign or malformed cookie as no record and creates one', () => {
    const { jar, store } = setup();
    expect(store.read()).toBeUndefined();
    jar.write(`PBGUC_DEV=${xorEncode(record(), 'another-key')}`);
    expect(store.read()).toBeUndefined();
    jar.write(`PBGUC_DEV=${xorEncode({ ...record(), lastActive: -1 }, KEY)}`);
    expect(store.read()).toBeUndefined();
    const created = store.ensure();
    expect(created).toMatchObject({
      initialNudgeState: 'open',
      lastActive: T0,
      createdAt: T0,
      updatedAt: T0,
      syncGuc: false,
      purgeStorage: false,
      customerStorageMapping: {},
    });
    expect(created.visit).toBeUndefined();
    expect(visitorRecordSchema.parse(created)).toEqual(created);
    expect(store.read()).toEqual(created);
    expect(store.ensure()).toEqual(created);
  });

  it('reads records written under a key being rotated out', () => {
    const jar = memoryCookieJar({ PBGUC_DEV: xorEncode(record(), 'old-key') });
    const store = createVisitorRecordStore({
      environment: 'staging',
      cookieKey: 'new-key',
      previousCookieKeys: ['old-key'],
      cookies: jar,
    });
    expect(store.read()).toEqual(record());
    expect(() => createVisitorRecordStore({ environment: 'staging', cookieKey: '' })).toThrow(
      '[cookieKey] is required',
    );
  });

  it('with the served keys writes the active kid into the value and reads a rotated key’s cookies', async () => {
    const OLD = { kid: 'cookie-2026-10', key: 'old-served-key' };
    const NEW = { kid: 'cookie-2026-11', key: 'new-served-key' };
    // Written (by the SDK or the server) before the rotation, under the old active kid.
    const jar = memoryCookieJar({ PBGUC_DEV: encodeVisitorCookie(record(), OLD) });
    const store = createVisitorRecordStore({ environment: 'staging', cookieKeys: [NEW, OLD], cookies: jar });
    expect(store.read()).toEqual(record());
    store.write(record({ visit: 'v-2' }));
    const value = readCookie(jar, 'PBGUC_DEV')!;
    expect(value.startsWith(`${NEW.kid}.`)).toBe(true);
    expect(decodeVisitorCookie(value, [NEW], (v) => v)).toEqual(record({ visit: 'v-2' }));
    // The kid picks the key: the same text under a kid this ring does not hold reads nothing.
    jar.write(`PBGUC_DEV=${encodeVisitorCookie(record(), { kid: 'gone', key: OLD.key })}`);
    expect(store.read()).toBeUndefined();
    // The customer fields are sealed with the active key and opened by every key of the ring.
    jar.write(`PBGUC_DEV=${encodeVisitorCookie(record(), NEW)}`);
    expect(await store.setCustomer(11, { mobileNo: '9876543210', customerId: 'c-1' })).toBe('set');
    const oldReader = createVisitorRecordStore({ environment: 'staging', cookieKeys: [OLD, NEW], cookies: jar });
    expect(await oldReader.getCustomer()).toEqual({ mobileNo: '9876543210', customerId: 'c-1' });
    expect(() => createVisitorRecordStore({ environment: 'staging', cookieKeys: [] })).toThrow(
      '[cookieKey] is required',
    );
  });

  it('checks a record exactly as visitorRecordSchema does', () => {
    const text = fc.oneof(fc.string({ maxLength: 3 }), fc.string({ minLength: 60, maxLength: 70 }));
    const bad = fc.oneof(text, fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(null), fc.constant(1.5));
    // Mostly valid fields, now and then a bad one: both answers are exercised.
    const mostly = <T>(good: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });
    const optionalText = (max: number) =>
      mostly(
        fc.oneof(
          fc.constant(undefined),
          fc.string({ maxLength: 8 }),
          fc.string({ minLength: max - 2, maxLength: max + 2 }),
        ),
      );
    const candidate = fc.record(
      {
        id: mostly(fc.oneof(fc.uuid(), fc.constant('not-a-uuid'))),
        visitorId: mostly(fc.string({ maxLength: 66 })),
        initialNudgeState: mostly(fc.constantFrom('open', 'close')),
        lastActive: mostly(fc.nat()),
        createdAt: mostly(fc.nat()),
        updatedAt: fc.nat(),
        visit: optionalText(64),
        mostRecentVisit: optionalText(64),
        utmSource: optionalText(256),
        customerId: optionalText(512),
        syncGuc: mostly(fc.oneof(fc.boolean(), fc.constant(undefined))),
        purgeStorage: mostly(fc.oneof(fc.boolean(), fc.constant(undefined))),
        customerStorageMapping: mostly(
          fc.oneof(
            fc.constant(undefined),
            fc.dictionary(
              fc.string({ maxLength: 4 }),
              fc.record({ mobileNo: mostly(fc.string()), customerId: fc.string(), storageId: fc.string(), extra: bad }),
              { maxKeys: 2 },
            ),
          ),
        ),
        extra: bad,
      },
      { requiredKeys: ['id', 'visitorId', 'initialNudgeState', 'lastActive', 'createdAt', 'updatedAt'] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(candidate, fc.jsonValue()), (value) => {
        const parsed = visitorRecordSchema.safeParse(value);
        expect(parseVisitorRecord(value)).toEqual(parsed.success ? parsed.data : undefined);
        if (parsed.success) accepted++;
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(20);
  });
});

describe('setCustomer', () => {
  it('lets only the single-sign-on site set customer data', async () => {
    const { jar, store } = setup();
    store.ensure();
    const before = jar.read();
    await expect(store.setCustomer(7, { mobileNo: '9876543210', customerId: 'c-1' })).rejects.toThrow(
      new PraveshError('notAuthorizedToSetCustomerData', { id: 7 }),
    );
    await expect(store.setCustomer('7', {})).rejects.toThrow(
      '7 is not authorized to set customer data. Only SSO can set customer data.',
    );
    expect(jar.read()).toBe(before);
  });

  it('does nothing unless mobileNo and customerId are both given', async () => {
    const { jar, store } = setup();
    store.ensure();
    const before = jar.read();
    for (const customer of [
      undefined,
      null,
      'x',
      {},
      { mobileNo: '9876543210' },
      { customerId: 'c-1' },
      { mobileNo: ' ', customerId: 'c' },
    ]) {
      expect(await store.setCustomer(SSO_SITE_ID, customer)).toBe('ignored');
    }
    expect(jar.read()).toBe(before);
  });

  it('seals both fields, maps the customer storage and asks for a sync', async () => {
    const { store } = setup();
    const visitor = store.ensure();
    expect(await store.setCustomer(SSO_SITE_ID, { mobilePhone: '9876543210', customerId: 'c-1' })).toBe('set');
    const after = store.read()!;
    expect(after.mobileNo).not.toContain('9876543210');
    expect(await openCustomerField(KEY, 'mobileNo', after.mobileNo)).toBe('9876543210');
    expect(await openCustomerField(KEY, 'customerId', after.customerId)).toBe('c-1');
    expect(await store.getCustomer()).toEqual({ mobileNo: '9876543210', customerId: 'c-1' });
    const storageId = await customerStorageId(KEY, 'c-1');
    expect(after.customerStorageMapping).toEqual({
      [storageId]: { mobileNo: after.mobileNo, customerId: after.customerId, storageId },
    });
    expect(activeStorageId(after)).toBe(storageId);
    expect(activeStorageId(visitor)).toBe(visitor.visitorId);
    expect(after.syncGuc).toBe(true);
    expect(visitorRecordSchema.parse(after)).toEqual(after);
  });

  it('tells a repeat, a changed number and a new customer apart', async () => {
    const { store } = setup();
    await store.setCustomer(SSO_SITE_ID, { mobileNo: '9000000001', customerId: 'c-1' });
    store.write({ ...store.read()!, syncGuc: false });
    expect(await store.setCustomer('11', { mobileNo: '9000000001', customerId: 'c-1' })).toBe('unchanged');
    expect(await store.setCustomer(SSO_SITE_ID, { mobileNo: '9000000002', customerId: 'c-1' })).toBe('updated');
    expect(store.read()!.syncGuc).toBe(false);
    expect(Object.keys(store.read()!.customerStorageMapping)).toHaveLength(1);
    expect(await store.setCustomer(SSO_SITE_ID, { mobileNo: 9000000003, customerId: 'c-2' })).toBe('set');
    expect(store.read()!.syncGuc).toBe(true);
    expect(await store.getCustomer()).toEqual({ mobileNo: '9000000003', customerId: 'c-2' });
  });

  it('still knows the last signed-in number after logout (spec 000 §4 logged-out click: OTP sign-in)', async () => {
    const { store } = setup();
    expect(await store.knownMobileNo()).toBeUndefined();
    await store.setCustomer(SSO_SITE_ID, { mobileNo: '9000000001', customerId: 'c-1' });
    await store.setCustomer(SSO_SITE_ID, { mobileNo: '9000000002', customerId: 'c-2' });
    expect(await store.knownMobileNo()).toBe('9000000002');
    // Logout (sso/visitor-link.ts unlinkVisitorCustomer) drops the customer, keeps the mapping.
    const { mobileNo: _m, customerId: _c, ...signedOut } = store.read()!;
    store.write(signedOut);
    expect(await store.getCustomer()).toBeUndefined();
    expect(await store.knownMobileNo()).toBe('9000000002');
  });

  it('keeps the newest few customers in the mapping', async () => {
    const { store } = setup();
    for (let n = 0; n < MAX_CUSTOMER_MAPPINGS + 2; n++) {
      await store.setCustomer(SSO_SITE_ID, { mobileNo: `900000000${n}`, customerId: `c-${n}` });
    }
    const mapping = store.read()!.customerStorageMapping;
    expect(Object.keys(mapping)).toHaveLength(MAX_CUSTOMER_MAPPINGS);
    expect(Object.keys(mapping).at(-1)).toBe(await customerStorageId(KEY, `c-${MAX_CUSTOMER_MAPPINGS + 1}`));
  });
});
