import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VISIT_PATH,
  WEB_CODEC,
  decodeVisitorCookie,
  encodeVisitorCookie,
  shieldConfigSchema,
  xorDecode,
  xorEncode,
  type CookieKey,
  type VisitorRecord,
} from '@pravesh/core';
import { getTestInstance } from '../../test/instance.ts';
import { NODE_CODEC, createVisitorCookie } from './visitor-cookie.ts';

const record: VisitorRecord = {
  id: randomUUID(),
  visitorId: 'visitor-1',
  initialNudgeState: 'open',
  lastActive: 1,
  createdAt: 1,
  updatedAt: 1,
  visit: 'visit-1',
  syncGuc: false,
  purgeStorage: false,
  customerStorageMapping: {},
};

describe('visitor cookie', () => {
  // The server encodes with Node's codec, browsers with the portable one: same bytes both ways.
  it('has a native codec that writes and reads exactly what the portable one does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.string(), (bytes, text) => {
        const encoded = WEB_CODEC.toBase64Url(bytes);
        expect(NODE_CODEC.toBase64Url(bytes)).toBe(encoded);
        expect([...NODE_CODEC.fromBase64Url(encoded)]).toEqual([...bytes]);
        expect([...NODE_CODEC.utf8(text)]).toEqual([...WEB_CODEC.utf8(text)]);
        expect(xorDecode(xorEncode({ text }, 'key-1', NODE_CODEC), 'key-1', WEB_CODEC)).toEqual({ text });
        expect(xorDecode(xorEncode({ text }, 'key-1', WEB_CODEC), 'key-1', NODE_CODEC)).toEqual({ text });
      }),
    );
    const view = Uint8Array.from([1, 2, 3, 4, 5, 6]).subarray(2, 5);
    expect(NODE_CODEC.toBase64Url(view)).toBe(WEB_CODEC.toBase64Url(Uint8Array.from([3, 4, 5])));
    for (const bad of ['A', 'AAAAA', 'ab=c', 'ab c', 'é', 'a.b', 'ab+/']) {
      expect(() => NODE_CODEC.fromBase64Url(bad)).toThrow();
      expect(() => WEB_CODEC.fromBase64Url(bad)).toThrow();
    }
  });

  it('writes with the active key, naming its kid, and reads cookies written under any key of the ring', () => {
    const keys = [
      { kid: 'old', secret: 'old-cookie-key-0123456789' },
      { kid: 'new', secret: 'new-cookie-key-0123456789' },
    ];
    const cookie = createVisitorCookie({ environment: 'local', keys, activeKid: 'new' });
    const header = cookie.serialize(record)!;
    const value = header.split(';')[0]!.slice('PBGUC_DEV='.length);
    expect(value.startsWith('new.')).toBe(true);
    expect(xorDecode(value.slice('new.'.length), keys[1]!.secret)).toEqual(record);
    // Written before the rotation, under the old kid: still read while the ring holds it.
    expect(cookie.read(`PBGUC_DEV=${encodeVisitorCookie(record, { kid: 'old', key: keys[0]!.secret })}`)).toEqual(
      record,
    );
    // Values from before kids were stored are tried with every key.
    expect(cookie.read(`PBGUC_DEV=${xorEncode(record, keys[0]!.secret)}`)).toEqual(record);
    expect(cookie.read(`PBGUC_DEV=${xorEncode(record, 'unknown-key-0123456789')}`)).toBeUndefined();
    // A kid names one key: the other keys are not tried, and a rotated-out kid reads nothing.
    expect(cookie.read(`PBGUC_DEV=${encodeVisitorCookie(record, { kid: 'new', key: keys[0]!.secret })}`)).toBe(
      undefined,
    );
    expect(cookie.read(`PBGUC_DEV=${encodeVisitorCookie(record, { kid: 'gone', key: keys[0]!.secret })}`)).toBe(
      undefined,
    );
    // A value that decodes but is no visitor record is ignored.
    expect(cookie.read(`PBGUC_DEV=${encodeVisitorCookie({ hello: 1 }, { kid: 'new', key: keys[1]!.secret })}`)).toBe(
      undefined,
    );
  });

  it('after a rotation reads the cookie the old active key wrote and re-issues it under the new kid', () => {
    const old = { kid: 'cookie-2026-10', secret: 'old-cookie-key-0123456789' };
    const fresh = { kid: 'cookie-2026-11', secret: 'new-cookie-key-0123456789' };
    const before = createVisitorCookie({ environment: 'local', keys: [old], activeKid: old.kid });
    const after = createVisitorCookie({ environment: 'local', keys: [old, fresh], activeKid: fresh.kid });
    const written = before.serialize(record)!.split(';')[0]!;
    expect(after.read(written)).toEqual(record);
    const reissued = after.serialize(after.read(written)!)!.split(';')[0]!;
    expect(reissued.startsWith(`PBGUC_DEV=${fresh.kid}.`)).toBe(true);
    // Once the old key leaves the ring, its cookies are no longer read.
    expect(createVisitorCookie({ environment: 'local', keys: [fresh], activeKid: fresh.kid }).read(written)).toBe(
      undefined,
    );
  });

  it('does not issue a record too large for a browser to keep', () => {
    const cookie = createVisitorCookie({
      environment: 'local',
      keys: [{ kid: 'k', secret: 'cookie-key-0123456789' }],
      activeKid: 'k',
    });
    const mapping = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [
        `site${index}`,
        { mobileNo: 'm'.repeat(20), customerId: 'c'.repeat(20), storageId: 's'.repeat(20) },
      ]),
    );
    expect(cookie.serialize({ ...record, customerStorageMapping: mapping })).toBeUndefined();
  });

  it('names the cookie GUC in production and marks it Secure with the configured Domain', () => {
    const cookie = createVisitorCookie({
      environment: 'production',
      keys: [{ kid: 'k', secret: 'live-cookie-key-0123456789' }],
      activeKid: 'k',
      domain: '.example.in',
    });
    const [pair, ...attributes] = cookie.serialize(record)!.split('; ');
    expect(pair!.startsWith('GUC=')).toBe(true);
    expect(attributes).toEqual(['Max-Age=315360000', 'Path=/', 'Domain=.example.in', 'SameSite=Lax', 'Secure']);
    expect(decodeVisitorCookie(pair!.slice(4), [{ kid: 'k', key: 'live-cookie-key-0123456789' }], (v) => v)).toEqual(
      record,
    );
  });

  it('answers a Secure cookie with the configured Domain outside the local environment', async () => {
    const server = await getTestInstance('pglite', {
      env: {
        PRAVESH_ENV: 'staging',
        PRAVESH_PII_KEYS: 'pii=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
        PRAVESH_COOKIE_KEYS: 'cookie-2026-11=staging-cookie-key-0123',
        PRAVESH_COOKIE_DOMAIN: '.example.in',
      },
    });
    try {
      const reply = await server.app.inject({
        method: 'POST',
        url: VISIT_PATH,
        headers: { 'pb-pass-token': await server.token(2) },
        payload: { visitorId: 'visitor-9', completeUrl: 'aHR0cHM6Ly93d3cuZXhhbXBsZS5pbi8=' },
      });
      expect(reply.statusCode).toBe(200);
      const [pair, ...attributes] = String(reply.headers['set-cookie']).split('; ');
      expect(pair!.startsWith('PBGUC_DEV=')).toBe(true);
      expect(attributes).toEqual(['Max-Age=315360000', 'Path=/', 'Domain=.example.in', 'SameSite=Lax', 'Secure']);
      // The shield config serves the keys the SDK writes the same cookie with.
      const config = shieldConfigSchema.parse(
        (await server.app.inject('/MSP/api/v1/shield/config/2')).json<{ response: unknown }>().response,
      );
      expect(config.visitorCookie).toEqual({
        kid: 'cookie-2026-11',
        keys: [{ kid: 'cookie-2026-11', key: 'staging-cookie-key-0123' }],
      });
      const served: CookieKey[] = config.visitorCookie!.keys;
      expect(pair!.startsWith('PBGUC_DEV=cookie-2026-11.')).toBe(true);
      expect(decodeVisitorCookie(pair!.slice('PBGUC_DEV='.length), served, (v) => v)).toMatchObject({
        visitorId: 'visitor-9',
      });
    } finally {
      await server.close();
    }
  });

  it('serves every cookie key of the ring with the active kid in the shield config', async () => {
    const server = await getTestInstance('pglite', {
      env: {
        PRAVESH_COOKIE_KEYS: 'old=old-cookie-key-0123456789,new=new-cookie-key-0123456789',
        PRAVESH_COOKIE_ACTIVE_KID: 'new',
      },
    });
    try {
      for (const siteId of [2, 7]) {
        const reply = await server.app.inject(`/MSP/api/v1/shield/config/${siteId}`);
        expect(reply.json()).toMatchObject({
          status: true,
          response: {
            siteId,
            visitorCookie: {
              kid: 'new',
              keys: [
                { kid: 'old', key: 'old-cookie-key-0123456789' },
                { kid: 'new', key: 'new-cookie-key-0123456789' },
              ],
            },
          },
        });
      }
    } finally {
      await server.close();
    }
  });
});
