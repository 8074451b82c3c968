import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xorDecode, xorEncode } from './cookie-cipher.ts';

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

  it('answers undefined for garbage, a wrong key, or an edited value', () => {
    const encoded = xorEncode({ visitorId: 'abc-123' }, 'secret-key');
    expect(xorDecode(encoded, 'other-key')).toBeUndefined();
    expect(xorDecode('%%%', 'secret-key')).toBeUndefined();
    expect(xorDecode('', 'secret-key')).toBeUndefined();
    const edited = `${encoded.slice(0, 4)}${encoded[4] === 'A' ? 'B' : 'A'}${encoded.slice(5)}`;
    expect(xorDecode(edited, 'secret-key')).not.toEqual({ visitorId: 'abc-123' });
  });
});
