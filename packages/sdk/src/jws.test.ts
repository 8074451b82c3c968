import fc from 'fast-check';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signHs256 } from './jws.ts';

const claimsArbitrary = fc.record({
  siteId: fc.integer({ min: 1, max: 26 }),
  device: fc.string({ minLength: 1, unit: 'grapheme' }),
  authenticationToken: fc.option(fc.dictionary(fc.constantFrom('sso', 'crm', 'product'), fc.string()), {
    nil: undefined,
  }),
  iat: fc.integer({ min: 0, max: 2 ** 31 }),
});

describe('signHs256', () => {
  it('produces exactly the token jose SignJWT produces, which jose verifies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        claimsArbitrary,
        async (bytes, kid, { iat, ...rest }) => {
          const key = new Uint8Array(bytes);
          const claims = { ...JSON.parse(JSON.stringify(rest)), iat, exp: iat + 900 } as Record<string, unknown>;
          const ours = await signHs256(key, { kid, typ: 'JWT' }, claims);
          const theirs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(key);
          expect(ours).toBe(theirs);
          const { payload } = await jwtVerify(ours, key, { currentDate: new Date(iat * 1000) });
          expect(payload).toEqual(claims);
          expect(decodeProtectedHeader(ours)).toEqual({ alg: 'HS256', kid, typ: 'JWT' });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('makes a token that fails verification under another key or when altered', async () => {
    const key = new Uint8Array(32).fill(7);
    const token = await signHs256(key, { kid: 'k', typ: 'JWT' }, { siteId: 1 });
    await expect(jwtVerify(token, new Uint8Array(32).fill(8))).rejects.toThrow();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from('{"siteId":2}').toString('base64url')}.${signature}`;
    await expect(jwtVerify(forged, key)).rejects.toThrow();
  });
});
