import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeVisitorCookie, encodeVisitorCookie, xorDecode, xorEncode, type CookieKey } from './cookie-cipher.ts';

describe('visitor cookie XOR cipher', () => {
  it('round-trips any JSON value and hides it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1, maxLength: 40 }), (value, key) => {
        const encoded = xorEncode(value, key);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(xorDecode(encoded, key)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(xorEncode({ visitorId: 'abc' }, 'k3y')).not.toContain('visitorId');
  });

  it('writes and reads the bytes browsers already hold (a value sealed by the first version of the cipher)', () => {
    const value = { visitorId: 'visitor-1', note: 'नमस्ते', n: 42 };
    const sealed = 'EBEPAkAQH1wLIldbUREPAkAQH1wLRgJbRxEXBEccSQlbi5fRi5fXi5fBi5b0i5fdi5b-SR9bBRFDXwEEYA';
    expect(xorEncode(value, 'k3y')).toBe(sealed);
    expect(xorDecode(sealed, 'k3y')).toEqual(value);
    expect(xorEncode('', 'k3y')).toBe('SRE5');
  });

  it('answers undefined for garbage, a wrong key, or an edited value', () => {
    const encoded = xorEncode({ visitorId: 'abc-123' }, 'secret-key');
    expect(xorDecode(encoded, 'other-key')).toBeUndefined();
    expect(xorDecode('%%%', 'secret-key')).toBeUndefined();
    expect(xorDecode('', 'secret-key')).toBeUndefined();
    const edited = `${encoded.slice(0, 4)}${encoded[4] === 'A' ? 'B' : 'A'}${encoded.slice(5)}`;
    expect(xorDecode(edited, 'secret-key')).not.toEqual({ visitorId: 'abc-123' });
  });
});

describe('visitor cookie value with its kid', () => {
  const OLD: CookieKey = { kid: 'cookie-2026-10', key: 'old-cookie-key' };
  const NEW: CookieKey = { kid: 'cookie 2026/11', key: 'new-cookie-key' };
  const record = { visitorId: 'abc-123' };
  const any = (value: unknown) => value;

  it('names the kid that wrote it, cookie-safe, and decodes with that key only', () => {
    const value = encodeVisitorCookie(record, NEW);
    expect(value.startsWith(`${encodeURIComponent(NEW.kid)}.`)).toBe(true);
    expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/);
    expect(decodeVisitorCookie(value, [NEW, OLD], any)).toEqual(record);
    // The kid decides: a ring with the kid's id but another key does not read it.
    expect(decodeVisitorCookie(value, [{ kid: NEW.kid, key: OLD.key }, OLD], any)).toBeUndefined();
  });

  it('still decodes a cookie of a rotated-out active key while the ring holds it, and not after', () => {
    const old = encodeVisitorCookie(record, OLD);
    expect(decodeVisitorCookie(old, [NEW, OLD], any)).toEqual(record);
    expect(decodeVisitorCookie(old, [NEW], any)).toBeUndefined();
  });

  it('reads values without a kid (unnamed keys, older cookies) with any key of the ring', () => {
    const bare = encodeVisitorCookie(record, { kid: '', key: OLD.key });
    expect(bare).toBe(xorEncode(record, OLD.key));
    expect(decodeVisitorCookie(bare, [NEW, OLD], any)).toEqual(record);
    // accept() rejecting the first key's value moves on to the next key.
    const seen: unknown[] = [];
    expect(decodeVisitorCookie(bare, [OLD, NEW], (value) => (seen.push(value), undefined))).toBeUndefined();
    expect(seen).toEqual([record]);
  });

  it('answers undefined for garbage, an unknown kid or a broken kid', () => {
    expect(decodeVisitorCookie('%E0%A4%A.abc', [OLD], any)).toBeUndefined();
    expect(decodeVisitorCookie(`nope.${xorEncode(record, OLD.key)}`, [OLD], any)).toBeUndefined();
    expect(decodeVisitorCookie('', [OLD], any)).toBeUndefined();
    fc.assert(fc.property(fc.string(), (text) => void decodeVisitorCookie(text, [OLD, NEW], any)));
  });
});
