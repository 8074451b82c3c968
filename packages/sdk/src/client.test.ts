import {
  decryptDevice,
  deriveSiteKey,
  devicePayloadSchema,
  PraveshError,
  wrapSiteKey,
  type ShieldConfig,
} from '@pravesh/core';
import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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
});
