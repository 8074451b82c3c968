import {
  decryptDevice,
  deriveSiteKey,
  devicePayloadSchema,
  PraveshError,
  wrapSiteKey,
  type ShieldConfig,
} from '@pravesh/core';
import { jwtVerify } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shieldConfigPath } from '@pravesh/core';
import { createPravesh } from './client.ts';
import type { FetchLike } from './http.ts';

const API = 'https://api.example.in';
const SITE_ID = 7;
let siteKey: Uint8Array<ArrayBuffer>;
let served: ShieldConfig;

beforeAll(async () => {
  siteKey = await deriveSiteKey('master', SITE_ID);
  served = {
    siteId: SITE_ID,
    ct: await wrapSiteKey(siteKey, SITE_ID, 'k1'),
    ci: 'k1',
    environment: 'staging',
    passTokenValidity: 900,
    noPassDomain: [],
    allowedRoute: [],
    allowedSite: [SITE_ID],
    includeSubdomain: false,
    version: 1001,
    siteName: 'Credit card',
    defaultAuthentication: false,
  };
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: the network boundary of the SDK. */
function fakeServer(config: () => unknown = () => served) {
  return vi.fn<FetchLike>((url, init) => {
    if (url === `${API}${shieldConfigPath(SITE_ID)}`) {
      return Promise.resolve(json({ status: true, statusCode: 'success', response: config() }));
    }
    if (url === `${API}/MSP/api/v1/pbguc/event/produce`) {
      const [event] = JSON.parse(init.body as string) as [{ eventId: string }];
      return Promise.resolve(
        json({ status: true, statusCode: 'success', response: { eventId: event.eventId, storedAt: 'now' } }),
      );
    }
    return Promise.resolve(json({ status: false, statusCode: 'notFound', statusMessage: 'Route not found' }, 404));
  });
}

describe('createPravesh', () => {
  it('checks its options at once', () => {
    expect(() => createPravesh({} as never)).toThrow(new PraveshError('required', { list: 'environment, siteId' }));
    expect(() => createPravesh({ environment: 'local', siteId: 99 })).toThrow(/^99 - is not a valid site-Id/);
  });

  it('fetches the shield config without a pass token and validates it', async () => {
    const fetch = fakeServer();
    const pravesh = createPravesh({ apiBaseUrl: `${API}/`, siteId: '7', environment: 'staging', fetch });
    expect(pravesh.config).toBeUndefined();
    expect(await pravesh.init()).toEqual(served);
    expect(pravesh.config).toEqual(served);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/MSP/api/v1/shield/config/7`);
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('pb-pass-token');
  });

  it('fetches the config once for concurrent callers', async () => {
    const fetch = fakeServer();
    const pravesh = createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment: 'staging', fetch });
    await Promise.all([pravesh.init(), pravesh.init(), pravesh.getPassToken()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports an invalid config and tries again on the next call', async () => {
    let config: unknown = { siteId: SITE_ID, ci: 'k1' };
    const fetch = fakeServer(() => config);
    const pravesh = createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment: 'staging', fetch });
    await expect(pravesh.init()).rejects.toThrow('[ct] is required');
    config = { ...served, siteId: 3 };
    await expect(pravesh.init()).rejects.toThrow('Site is not configured for this service');
    config = served;
    await expect(pravesh.init()).resolves.toEqual(served);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('signs pass tokens the site key verifies', async () => {
    const time = 1_760_000_000_000;
    const pravesh = createPravesh({
      apiBaseUrl: API,
      siteId: SITE_ID,
      environment: 'staging',
      fetch: fakeServer(),
      now: () => time,
    });
    const token = await pravesh.getPassToken({ sso: 'glss' });
    const { payload, protectedHeader } = await jwtVerify(token, siteKey, { currentDate: new Date(time) });
    expect(protectedHeader.kid).toBe('k1');
    expect(payload).toMatchObject({
      siteId: SITE_ID,
      iat: 1_760_000_000,
      exp: 1_760_000_900,
      authenticationToken: { sso: 'glss' },
    });
    // Outside a browser every probe falls back, and the payload is still a valid fingerprint.
    expect(devicePayloadSchema.safeParse(await decryptDevice(siteKey, payload.device as string)).success).toBe(true);
  });

  it('tracks events through the shielded client', async () => {
    const fetch = fakeServer();
    const pravesh = createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment: 'staging', fetch });
    const receipt = await pravesh.track({ event: 'page_view', pageType: 'home' });
    expect(receipt.storedAt).toBe('now');
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe(`${API}/MSP/api/v1/pbguc/event/produce`);
    expect(init.method).toBe('POST');
    await expect(jwtVerify((init.headers as Record<string, string>)['pb-pass-token']!, siteKey)).resolves.toBeTruthy();
  });

  it('passes server failures on with their statusCode', async () => {
    const pravesh = createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment: 'staging', fetch: fakeServer() });
    await expect(pravesh.request('GET', '/MSP/api/v1/missing')).rejects.toMatchObject({
      name: 'PassRequestError',
      message: 'notFound',
      httpStatus: 404,
    });
    expect(await pravesh.imageUrl('/SSOSP/api/v1/customer/setSSID')).toMatch(
      new RegExp(`^${API}/SSOSP/api/v1/customer/setSSID\\?pb-pass-token=eyJ`),
    );
  });

  describe('on a browser clock far from the server', () => {
    const SERVER_NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
    /** The server's rules (apps/server/src/modules/shield/verifier.ts): 30 s of future skew, 5 s after exp. */
    async function acceptedByServer(token: string, serverNow: number) {
      const { payload } = await jwtVerify(token, siteKey, {
        algorithms: ['HS256'],
        currentDate: new Date(serverNow),
        clockTolerance: 5,
      });
      const seconds = serverNow / 1000;
      return payload.iat! <= seconds + 30 && payload.exp! <= seconds + 900 + 30;
    }

    afterEach(() => void vi.useRealTimers());

    it.each([
      ['a year ahead', 365 * 86_400_000],
      ['an hour behind', -3_600_000],
      ['ten minutes ahead', 600_000],
    ])('signs tokens the server accepts when the clock is %s', async (_label, skew) => {
      vi.useFakeTimers({ now: SERVER_NOW + skew });
      // The server answers 400 ms after the request left, reading its clock halfway (server time).
      const fetch = vi.fn<FetchLike>(async (url) => {
        await vi.advanceTimersByTimeAsync(200);
        const body =
          url === `${API}${shieldConfigPath(SITE_ID)}`
            ? { status: true, statusCode: 'success', response: { ...served, serverTime: Date.now() - skew } }
            : { status: true, statusCode: 'success', response: {} };
        await vi.advanceTimersByTimeAsync(200);
        return json(body);
      });
      const pravesh = createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment: 'staging', fetch });
      const token = await pravesh.getPassToken();
      const serverNow = Date.now() - skew;
      expect(await acceptedByServer(token, serverNow)).toBe(true);
      const { payload } = await jwtVerify(token, siteKey, { currentDate: new Date(serverNow) });
      expect(Math.abs(payload.iat! - serverNow / 1000)).toBeLessThanOrEqual(1);

      // Renewed on the server's clock too: 13 minutes on the token is kept, past the 60 s margin renewed.
      await vi.advanceTimersByTimeAsync(13 * 60_000);
      expect(await pravesh.getPassToken()).toBe(token);
      await vi.advanceTimersByTimeAsync(61_000);
      const renewed = await pravesh.getPassToken();
      expect(renewed).not.toBe(token);
      expect(await acceptedByServer(renewed, Date.now() - skew)).toBe(true);
    });

    it('keeps its own clock when the server sends no serverTime (an older server)', async () => {
      vi.useFakeTimers({ now: SERVER_NOW + 365 * 86_400_000 });
      const pravesh = createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment: 'staging', fetch: fakeServer() });
      const { payload } = await jwtVerify(await pravesh.getPassToken(), siteKey, { currentDate: new Date() });
      // Without the correction a server a year behind would refuse it: the bug this guards against.
      expect(payload.iat).toBe(Math.floor(Date.now() / 1000));
      expect(await acceptedByServer(await pravesh.getPassToken(), SERVER_NOW)).toBe(false);
    });
  });
});
