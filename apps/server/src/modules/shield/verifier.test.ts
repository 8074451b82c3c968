import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PraveshError, encryptDevice, hashDevice } from '@pravesh/core';
import { loadConfig } from '../../config/index.ts';
import { OPERATOR_DEVICE, issuePassToken } from './issue-token.ts';
import { createKeyring } from '../../lib/keyring.ts';
import { createSiteRegistry } from '../../lib/site-registry.ts';
import { EXPIRED_LEEWAY_SECONDS, FUTURE_SKEW_SECONDS, createPassVerifier } from './verifier.ts';

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);
const OLD = { kid: 'k-2026-10', secret: 'old-secret-old-secret-old-secret-0001' };
const NEW = { kid: 'k-2026-11', secret: 'new-secret-new-secret-new-secret-0002' };

function setup(keys = [OLD, NEW], activeKid = NEW.kid, now = () => NOW) {
  const config = loadConfig({
    PRAVESH_ENV: 'local',
    PRAVESH_SHIELD_KEYS: keys.map((key) => `${key.kid}=${key.secret}`).join(','),
    PRAVESH_SHIELD_ACTIVE_KID: activeKid,
  });
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const registry = createSiteRegistry(config, keyring);
  const verifier = createPassVerifier({ keyring, registry, now });
  return { config, keyring, registry, verifier };
}

async function claimsFor(siteKey: Uint8Array<ArrayBuffer>, siteId = 2) {
  return {
    siteId,
    device: await encryptDevice(siteKey, await hashDevice(OPERATOR_DEVICE)),
    iat: nowSeconds,
    exp: nowSeconds + 900,
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PraveshError);
    const known = error as PraveshError;
    return { code: known.code, message: known.message, status: known.status };
  }
  throw new Error('expected the token to be refused');
}

describe('pass token verifier', () => {
  it('answers a repeated token from its cache, but never a token that only shares its signature', async () => {
    const { keyring, verifier } = setup();
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const token = await new SignJWT(await claimsFor(siteKey))
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(siteKey);
    expect(verifier.cached(token)).toBeUndefined();
    const pass = await verifier.verify(token);
    // The same token as a new string (as every request's header is): answered from the cache.
    expect(verifier.cached(token.split('').join(''))).toBe(pass);
    // Another payload under the verified signature: the cache (keyed by signature) must not admit it.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, siteId: 7 })).toString('base64url');
    const forged = `${header}.${forgedPayload}.${signature}`;
    expect(verifier.cached(forged)).toBeUndefined();
    expect((await refusal(verifier.verify(forged))).code).toBe('invalidJwtException');
  });

  it('accepts a token signed by an independent JWT library (jsonwebtoken) with the site key', async () => {
    // jsonwebtoken stamps iat from the real clock, so this verifier runs on the real clock too.
    const { keyring, verifier } = setup([OLD, NEW], NEW.kid, Date.now);
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const { iat: _iat, exp: _exp, ...claims } = await claimsFor(siteKey);
    const token = jwt.sign(claims, Buffer.from(siteKey), { algorithm: 'HS256', keyid: NEW.kid, expiresIn: 900 });
    const pass = await verifier.verify(token);
    expect(pass.siteId).toBe(2);
    expect(pass.device.components.clientId).toBe('operator-cli');
    expect(pass.device.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps accepting tokens of the previous kid after rotation, until that key leaves the keyring', async () => {
    const before = setup([OLD], OLD.kid);
    const oldToken = await issuePassToken({ keyring: before.keyring, siteId: 2, validitySeconds: 900, nowSeconds });
    const during = setup([OLD, NEW], NEW.kid);
    expect((await during.verifier.verify(oldToken)).siteId).toBe(2);
    expect((await during.registry.shieldConfig(2)).ci).toBe(NEW.kid);
    const after = setup([NEW], NEW.kid);
    expect((await refusal(after.verifier.verify(oldToken))).code).toBe('invalidJwtException');
  });

  it('refuses alg "none"', async () => {
    const { keyring, verifier } = setup();
    const claims = await claimsFor(await keyring.siteKey(NEW.kid, 2));
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', kid: NEW.kid, typ: 'JWT' })}.${encode(claims)}.`;
    expect(await refusal(verifier.verify(unsigned))).toMatchObject({ code: 'invalidJwtException', status: 401 });
    // with a fake signature segment too
    expect((await refusal(verifier.verify(`${unsigned}c2ln`))).code).toBe('invalidJwtException');
  });

  it('refuses HS512 even with the right key', async () => {
    const { keyring, verifier } = setup();
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const token = await new SignJWT(await claimsFor(siteKey))
      .setProtectedHeader({ alg: 'HS512', kid: NEW.kid })
      .sign(siteKey);
    expect((await refusal(verifier.verify(token))).code).toBe('invalidJwtException');
  });

  it('refuses a wrong key, a wrong kid, and another site key', async () => {
    const { keyring, verifier } = setup();
    const wrongKey = new Uint8Array(32).fill(7);
    const wrong = await new SignJWT(await claimsFor(wrongKey))
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(wrongKey);
    expect((await refusal(verifier.verify(wrong))).code).toBe('invalidJwtException');

    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const unknownKid = await new SignJWT(await claimsFor(siteKey))
      .setProtectedHeader({ alg: 'HS256', kid: 'nope' })
      .sign(siteKey);
    expect((await refusal(verifier.verify(unknownKid))).code).toBe('invalidJwtException');

    // Signed with site 7's key but claiming site 2.
    const site7Key = await keyring.siteKey(NEW.kid, 7);
    const crossSite = await new SignJWT(await claimsFor(site7Key, 2))
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(site7Key);
    expect((await refusal(verifier.verify(crossSite))).code).toBe('invalidJwtException');
  });

  it('says "Jwt Expired" for an expired token, also when it was verified before', async () => {
    let now = NOW;
    const { keyring, verifier } = setup([NEW], NEW.kid, () => now);
    const token = await issuePassToken({ keyring, siteId: 2, validitySeconds: 900, nowSeconds });
    await verifier.verify(token);
    now = NOW + 899_000;
    await verifier.verify(token);
    now = NOW + (900 + EXPIRED_LEEWAY_SECONDS - 1) * 1000; // within the small allowance after exp
    await verifier.verify(token);
    now = NOW + (900 + EXPIRED_LEEWAY_SECONDS) * 1000; // past exp plus the allowance
    expect(await refusal(verifier.verify(token))).toEqual({
      code: 'invalidJwtException',
      message: 'Jwt Expired',
      status: 401,
    });

    const fresh = setup([NEW], NEW.kid, () => now);
    expect((await refusal(fresh.verifier.verify(token))).message).toBe('Jwt Expired');
  });

  it('keeps the expired-token allowance small (it was 60 s)', async () => {
    expect(EXPIRED_LEEWAY_SECONDS).toBeLessThanOrEqual(10);
    let now = NOW;
    const { keyring, verifier } = setup([NEW], NEW.kid, () => now);
    const token = await issuePassToken({ keyring, siteId: 2, validitySeconds: 900, nowSeconds });
    now = NOW + (900 + 30) * 1000;
    expect((await refusal(verifier.verify(token))).message).toBe('Jwt Expired');
  });

  it('refuses a token dated in the future beyond the skew, or expiring beyond now + validity', async () => {
    const { keyring, verifier } = setup([NEW], NEW.kid);
    const sign = (iat: number, exp: number) =>
      keyring
        .siteKey(NEW.kid, 2)
        .then(async (siteKey) =>
          new SignJWT({ ...(await claimsFor(siteKey)), iat, exp })
            .setProtectedHeader({ alg: 'HS256', kid: NEW.kid, typ: 'JWT' })
            .sign(siteKey),
        );
    const YEAR = 365 * 86_400;
    // The black-box finding: iat a year ahead with exp = iat + 900 was accepted for a year.
    const ahead = await sign(nowSeconds + YEAR, nowSeconds + YEAR + 900);
    expect(await refusal(verifier.verify(ahead))).toMatchObject({
      code: 'invalidJwtException',
      message: 'Invalid Jwt',
    });
    // Within the skew (a browser clock a little fast) it is taken; just beyond, it is not.
    expect((await verifier.verify(await sign(nowSeconds + FUTURE_SKEW_SECONDS, nowSeconds + 900))).siteId).toBe(2);
    expect(
      (await refusal(verifier.verify(await sign(nowSeconds + FUTURE_SKEW_SECONDS + 1, nowSeconds + 900)))).code,
    ).toBe('invalidJwtException');
    // exp beyond now + validity + skew, even with a lifetime inside the validity.
    const late = await sign(nowSeconds + 20, nowSeconds + 900 + FUTURE_SKEW_SECONDS + 1);
    expect((await refusal(verifier.verify(late))).code).toBe('invalidJwtException');
    // The site's own validity counts, not the default.
    const config = loadConfig({
      PRAVESH_SHIELD_KEYS: `${NEW.kid}=${NEW.secret}`,
      PRAVESH_SITE_CONFIG: JSON.stringify({ '2': { passTokenValidity: 60 } }),
    });
    const shortKeyring = createKeyring(config.shieldKeys, config.activeShieldKid);
    const short = {
      verifier: createPassVerifier({
        keyring: shortKeyring,
        registry: createSiteRegistry(config, shortKeyring),
        now: () => NOW,
      }),
    };
    const tooLong = await sign(nowSeconds, nowSeconds + 60 + FUTURE_SKEW_SECONDS + 1);
    expect((await refusal(short.verifier.verify(tooLong))).code).toBe('invalidJwtException');
    expect((await short.verifier.verify(await sign(nowSeconds, nowSeconds + 60))).siteId).toBe(2);
  });

  it('refuses a token whose lifetime exceeds the site validity, and one without exp', async () => {
    const { keyring, verifier } = setup();
    const long = await issuePassToken({ keyring, siteId: 2, validitySeconds: 86_400, nowSeconds });
    expect((await refusal(verifier.verify(long))).message).toBe('Invalid Jwt');
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const { exp: _exp, ...noExp } = await claimsFor(siteKey);
    const token = await new SignJWT(noExp).setProtectedHeader({ alg: 'HS256', kid: NEW.kid }).sign(siteKey);
    expect((await refusal(verifier.verify(token))).code).toBe('invalidJwtException');
  });

  it('answers configurationException for a site the registry does not know', async () => {
    const { keyring, verifier } = setup();
    const siteKey = await keyring.siteKey(NEW.kid, 99);
    const token = await new SignJWT(await claimsFor(siteKey, 99))
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(siteKey);
    expect(await refusal(verifier.verify(token))).toMatchObject({ code: 'configurationException', status: 403 });
  });

  it('answers invalidAuthenticationStrategyException for an unknown strategy and accepts the known ones', async () => {
    const { keyring, verifier } = setup();
    const good = await issuePassToken({
      keyring,
      siteId: 2,
      validitySeconds: 900,
      nowSeconds,
      authenticationToken: { sso: 'a', crm: 'b', product: 'c' },
    });
    expect((await verifier.verify(good)).authentication).toEqual({ sso: 'a', crm: 'b', product: 'c' });
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const bad = await new SignJWT({ ...(await claimsFor(siteKey)), authenticationToken: { partner: 'x' } })
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(siteKey);
    expect(await refusal(verifier.verify(bad))).toMatchObject({
      code: 'invalidAuthenticationStrategyException',
      message: 'partner is not a valid authentication strategy',
    });
  });

  it('answers authenticationException when the device field does not decrypt', async () => {
    const { keyring, verifier } = setup();
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const otherKey = await keyring.siteKey(NEW.kid, 7);
    const claims = {
      ...(await claimsFor(siteKey)),
      device: await encryptDevice(otherKey, await hashDevice(OPERATOR_DEVICE)),
    };
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: NEW.kid }).sign(siteKey);
    expect(await refusal(verifier.verify(token))).toMatchObject({ code: 'authenticationException', status: 403 });
    const garbage = await new SignJWT({ ...claims, device: 'not-encrypted' })
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(siteKey);
    expect((await refusal(verifier.verify(garbage))).code).toBe('authenticationException');
  });

  it('refuses malformed, non-JWT and oversized tokens', async () => {
    const { keyring, verifier } = setup();
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', '....', 'eyJ.eyJ.x', 'Bearer x.y.z', '{"alg":"HS256"}']) {
      expect((await refusal(verifier.verify(token))).code).toBe('invalidJwtException');
    }
    const siteKey = await keyring.siteKey(NEW.kid, 2);
    const huge = await new SignJWT({ ...(await claimsFor(siteKey)), data: { pad: 'x'.repeat(9000) } })
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .sign(siteKey);
    expect(huge.length).toBeGreaterThan(8192);
    expect((await refusal(verifier.verify(huge))).code).toBe('invalidJwtException');
  });

  it('only ever answers with a shield code, whatever string it is fed (property)', async () => {
    const { verifier } = setup();
    const segment = fc.string({ unit: fc.constantFrom(...'abcXYZ019-_'.split('')), maxLength: 40 });
    const arbitraryToken = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.tuple(segment, segment, segment).map((parts) => parts.join('.')),
      fc
        .tuple(fc.jsonValue(), fc.jsonValue())
        .map(
          ([header, body]) =>
            `${Buffer.from(JSON.stringify(header) ?? '').toString('base64url')}.${Buffer.from(JSON.stringify(body) ?? '').toString('base64url')}.sig`,
        ),
    );
    const shieldCodes = [
      'invalidJwtException',
      'configurationException',
      'authenticationException',
      'invalidAuthenticationStrategyException',
    ];
    await fc.assert(
      fc.asyncProperty(arbitraryToken, async (token) => {
        const result = await refusal(verifier.verify(token));
        expect(shieldCodes).toContain(result.code);
        expect(result.status).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
