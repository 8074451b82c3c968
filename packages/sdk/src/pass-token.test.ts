import {
  decryptDevice,
  deriveSiteKey,
  passTokenClaimsSchema,
  PraveshError,
  wrapSiteKey,
  type DevicePayload,
  type ShieldConfig,
} from '@pravesh/core';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockOffsetMs, createPassTokenSigner, renewalMarginSeconds } from './pass-token.ts';

const SITE_ID = 3;
const KID = 'k2025';
const device: DevicePayload = {
  hash: 'a'.repeat(64),
  components: {
    canvasHash: 'c',
    webglHash: 'w',
    plugins: ['PDF Viewer'],
    language: 'en-IN',
    cpuCount: 8,
    memory: 8,
    touch: false,
    mimeTypes: ['application/pdf'],
    cookiesEnabled: true,
    batterySupported: true,
    screenWidth: 1920,
    screenHeight: 1080,
    timezoneOffset: -330,
    colorDepth: 24,
    localStorageAvailable: true,
    sessionStorageAvailable: true,
    privateMode: false,
    clientId: 'GA1.2.3.4',
  },
};

let siteKey: Uint8Array<ArrayBuffer>;
let config: ShieldConfig;
let time: number;
const now = () => time;
const getDevice = vi.fn(() => Promise.resolve(device));

beforeAll(async () => {
  siteKey = await deriveSiteKey('test-master-secret', SITE_ID);
  config = {
    siteId: SITE_ID,
    ct: await wrapSiteKey(siteKey, SITE_ID, KID),
    ci: KID,
    environment: 'local',
    passTokenValidity: 900,
    noPassDomain: [],
    allowedRoute: [],
    allowedSite: [],
    includeSubdomain: false,
    version: 1001,
    siteName: 'Personal loan marketplace',
    defaultAuthentication: false,
  };
});

beforeEach(() => {
  time = 1_750_000_000_500;
  getDevice.mockClear();
});

describe('createPassTokenSigner', () => {
  it('signs a token the site key verifies, with the spec claims', async () => {
    const token = await createPassTokenSigner({ config, now, getDevice }).getToken();
    const { payload, protectedHeader } = await jwtVerify(token, siteKey, {
      algorithms: ['HS256'],
      currentDate: new Date(time),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', kid: KID, typ: 'JWT' });
    const claims = passTokenClaimsSchema.parse(payload);
    expect(claims.siteId).toBe(SITE_ID);
    expect(claims.iat).toBe(1_750_000_000);
    expect(claims.exp).toBe(claims.iat + 900);
    expect(claims.authenticationToken).toBeUndefined();
    expect(await decryptDevice(siteKey, claims.device)).toEqual(device);
  });

  it('stamps iat and exp on the server clock given its offset, and renews on it', async () => {
    const offset = -3_600_000; // this clock is an hour ahead of the server's
    const signer = createPassTokenSigner({ config, now, getDevice, clockOffsetMs: offset });
    const first = await signer.getToken();
    const { payload } = await jwtVerify(first, siteKey, { currentDate: new Date(time + offset) });
    expect(payload.iat).toBe(Math.floor((time + offset) / 1000));
    expect(payload.exp).toBe(payload.iat! + 900);
    time += (900 - 60) * 1000 - 1000;
    expect(await signer.getToken()).toBe(first);
    time += 1000;
    expect(await signer.getToken()).not.toBe(first);
  });

  it('estimates the offset from the midpoint of the round trip (RFC 5905 §8)', () => {
    expect(clockOffsetMs(10_000, 20_000, 20_400)).toBe(10_000 - 20_200);
    expect(clockOffsetMs(1_000_200, 1_000_000, 1_000_400)).toBe(0);
    expect(clockOffsetMs(undefined, 1, 2)).toBe(0);
  });

  it('does not verify under another site key', async () => {
    const token = await createPassTokenSigner({ config, now, getDevice }).getToken();
    const otherKey = await deriveSiteKey('test-master-secret', SITE_ID + 1);
    await expect(jwtVerify(token, otherKey, { currentDate: new Date(time) })).rejects.toThrow();
  });

  it('carries only non-empty authentication tokens', async () => {
    const signer = createPassTokenSigner({ config, now, getDevice });
    const token = await signer.getToken({ sso: 'sso-token', crm: '' });
    const { payload } = await jwtVerify(token, siteKey, { currentDate: new Date(time) });
    expect(payload.authenticationToken).toEqual({ sso: 'sso-token' });
    const empty = await signer.getToken({ crm: '' });
    expect((await jwtVerify(empty, siteKey, { currentDate: new Date(time) })).payload).not.toHaveProperty(
      'authenticationToken',
    );
  });

  it('reuses the token until 60 s before exp, then renews it', async () => {
    const signer = createPassTokenSigner({ config, now, getDevice });
    const first = await signer.getToken();
    const renewAt = (1_750_000_000 + 900 - 60) * 1000;
    time = renewAt - 1;
    expect(await signer.getToken()).toBe(first);
    time = renewAt;
    const second = await signer.getToken();
    expect(second).not.toBe(first);
    expect(decodeProtectedHeader(second).kid).toBe(KID);
    expect((await jwtVerify(second, siteKey, { currentDate: new Date(time) })).payload.iat).toBe(renewAt / 1000);
    expect(getDevice).toHaveBeenCalledTimes(2);
  });

  it('renews short-lived tokens at 10% of their validity before exp', async () => {
    expect(renewalMarginSeconds(900)).toBe(60);
    expect(renewalMarginSeconds(300)).toBe(30);
    const signer = createPassTokenSigner({ config: { ...config, passTokenValidity: 300 }, now, getDevice });
    const first = await signer.getToken();
    const renewAt = (1_750_000_000 + 300 - 30) * 1000;
    time = renewAt - 1;
    expect(await signer.getToken()).toBe(first);
    time = renewAt;
    expect(await signer.getToken()).not.toBe(first);
  });

  it('keeps one token per set of authentication tokens', async () => {
    const signer = createPassTokenSigner({ config, now, getDevice });
    const anonymous = await signer.getToken();
    const withSso = await signer.getToken({ sso: 's', crm: 'c' });
    expect(withSso).not.toBe(anonymous);
    expect(await signer.getToken({ crm: 'c', sso: 's' })).toBe(withSso);
    expect(await signer.getToken({})).toBe(anonymous);
    expect(await signer.getToken({ sso: 'other' })).not.toBe(withSso);
  });

  it('shares one signing between concurrent callers', async () => {
    const signer = createPassTokenSigner({ config, now, getDevice });
    const tokens = await Promise.all([signer.getToken(), signer.getToken(), signer.getToken({})]);
    expect(new Set(tokens).size).toBe(1);
    expect(getDevice).toHaveBeenCalledTimes(1);
  });

  it('retries after a failed signing', async () => {
    const signer = createPassTokenSigner({ config, now, getDevice });
    getDevice.mockRejectedValueOnce(new Error('no device'));
    await expect(signer.getToken()).rejects.toThrow('no device');
    await expect(signer.getToken()).resolves.toMatch(/^eyJ/);
  });

  it('reports a site key that cannot be unwrapped as a configuration error', async () => {
    const signer = createPassTokenSigner({ config: { ...config, ci: 'another-kid' }, now, getDevice });
    const error: unknown = await signer.getToken().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PraveshError);
    expect(error).toMatchObject({ code: 'configurationException', message: 'Site is not configured for this service' });
  });
});
