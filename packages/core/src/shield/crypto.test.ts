import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decryptDevice,
  deriveSiteKey,
  encryptDevice,
  fromBase64Url,
  openForSite,
  sealForSite,
  toBase64Url,
  unwrapSiteKey,
  wrapSiteKey,
} from './crypto.ts';
import { canonicalJson, capScreen } from './fingerprint.ts';

describe('shield crypto', () => {
  it('round-trips base64url for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
    expect(() => fromBase64Url('a+b/')).toThrow();
  });

  it('writes and reads base64url exactly as RFC 4648 §5 (Node’s encoder) does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const expected = Buffer.from(bytes).toString('base64url');
        expect(toBase64Url(bytes)).toBe(expected);
        expect(Buffer.from(fromBase64Url(expected))).toEqual(Buffer.from(bytes));
      }),
    );
    for (const bad of ['A', 'AAAAA', 'ab=c', 'ab c', 'é', 'a.b']) expect(() => fromBase64Url(bad)).toThrow();
    expect(fromBase64Url('')).toEqual(new Uint8Array());
  });

  it('derives distinct per-site keys from one master secret', async () => {
    const a = await deriveSiteKey('master-secret-master-secret-master', 2);
    expect(a).toHaveLength(32);
    expect(await deriveSiteKey('master-secret-master-secret-master', 2)).toEqual(a);
    expect(await deriveSiteKey('master-secret-master-secret-master', 7)).not.toEqual(a);
    expect(await deriveSiteKey('other-secret-other-secret-other-sec', 2)).not.toEqual(a);
  });

  it('encrypts the device so that only the same site key opens it', async () => {
    const key = await deriveSiteKey('master-secret-master-secret-master', 2);
    const other = await deriveSiteKey('master-secret-master-secret-master', 3);
    const sealed = await encryptDevice(key, { hash: 'abc' });
    expect(sealed).not.toContain('abc');
    expect(await encryptDevice(key, { hash: 'abc' })).not.toBe(sealed); // fresh IV each time
    expect(await decryptDevice(key, sealed)).toEqual({ hash: 'abc' });
    await expect(decryptDevice(other, sealed)).rejects.toThrow();
    await expect(decryptDevice(key, `${sealed.slice(0, -2)}AA`)).rejects.toThrow();
    await expect(decryptDevice(key, 'short')).rejects.toThrow();
  });

  it('seals values per purpose so one purpose cannot open another', async () => {
    const key = await deriveSiteKey('master-secret-master-secret-master', 2);
    const sealed = await sealForSite(key, 'authorization-key', { siteId: 2, mobileNo: '9876543210' });
    expect(await openForSite(key, 'authorization-key', sealed)).toEqual({ siteId: 2, mobileNo: '9876543210' });
    await expect(openForSite(key, 'password', sealed)).rejects.toThrow();
    await expect(decryptDevice(key, sealed)).rejects.toThrow();
  });

  it('wraps the site key for the served config and unwraps it with siteId and kid', async () => {
    const key = await deriveSiteKey('master-secret-master-secret-master', 2);
    const ct = await wrapSiteKey(key, 2, 'kid-1');
    expect(await unwrapSiteKey(ct, 2, 'kid-1')).toEqual(key);
    await expect(unwrapSiteKey(ct, 3, 'kid-1')).rejects.toThrow();
  });
});

describe('fingerprint rules', () => {
  it('caps the screen at 7681 × 4321 and cleans odd values', () => {
    expect(capScreen(10_000, 9_000)).toEqual({ screenWidth: 7681, screenHeight: 4321 });
    expect(capScreen(1920.4, 1080)).toEqual({ screenWidth: 1920, screenHeight: 1080 });
    expect(capScreen(Number.NaN, -5)).toEqual({ screenWidth: 0, screenHeight: 0 });
  });

  it('serialises canonically whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }], e: undefined })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });
});
