import { deriveSiteKey, REQUEST_TIMEOUT_MS, wrapSiteKey, type DevicePayload, type ShieldConfig } from '@pravesh/core';
import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, PassRequestError, type FetchLike } from './http.ts';
import { createPassTokenSigner, type AuthenticationTokens, type PassTokenSigner } from './pass-token.ts';

const BASE = 'https://api.example.in';

function reply(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function fakeFetch(
  response: () => Response | Promise<Response> = () => reply({ status: true, statusCode: 'success' }),
) {
  return vi.fn<FetchLike>(() => Promise.resolve(response()));
}

function sent(fetch: ReturnType<typeof fakeFetch>, call = 0): { url: string; init: RequestInit } {
  const [url, init] = fetch.mock.calls[call]!;
  return { url, init };
}

function fakeSigner(): PassTokenSigner & { getToken: ReturnType<typeof vi.fn> } {
  return { getToken: vi.fn((tokens: AuthenticationTokens = {}) => Promise.resolve(`token:${JSON.stringify(tokens)}`)) };
}

async function rejection(promise: Promise<unknown>): Promise<PassRequestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PassRequestError);
  return error as PassRequestError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createHttpClient', () => {
  it('resolves with the envelope response and sends JSON with credentials', async () => {
    const fetch = fakeFetch(() => reply({ status: true, statusCode: 'success', response: { visitId: 'v1' } }));
    const http = createHttpClient({ baseUrl: `${BASE}/`, signer: fakeSigner(), fetch });
    const result = await http.request<{ visitId: string }>('POST', '/MSP/api/v1/visit', {
      body: { siteName: 'Credit card' },
      query: { a: 1, b: true, skipped: undefined, c: 'x y' },
    });
    expect(result).toEqual({ visitId: 'v1' });
    const { url, init } = sent(fetch);
    expect(url).toBe(`${BASE}/MSP/api/v1/visit?a=1&b=true&c=x+y`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"siteName":"Credit card"}' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('treats statusCode "success" without status as a success', async () => {
    const fetch = fakeFetch(() => reply({ statusCode: 'success', response: [1, 2] }));
    expect(await createHttpClient({ baseUrl: BASE, fetch }).request('GET', '/x')).toEqual([1, 2]);
  });

  it('lets a call turn credentials off', async () => {
    const fetch = fakeFetch();
    await createHttpClient({ baseUrl: BASE, fetch }).request('POST', '/x', { body: {}, credentials: 'omit' });
    expect(sent(fetch).init.credentials).toBe('omit');
  });

  it('adds the pass token header', async () => {
    const fetch = fakeFetch();
    const signer = fakeSigner();
    await createHttpClient({ baseUrl: BASE, signer, fetch }).request('GET', '/x');
    expect(sent(fetch).init.headers).toMatchObject({ 'pb-pass-token': 'token:{}' });
    expect(signer.getToken).toHaveBeenCalledWith({});
  });

  it('moves the strategy headers into the pass token', async () => {
    const fetch = fakeFetch();
    const signer = fakeSigner();
    await createHttpClient({ baseUrl: BASE, signer, fetch }).request('GET', '/x', {
      headers: { 'SSO-Authentication-Token': 'sso1', 'crm-authentication-token': 'crm1', 'x-trace': 't' },
    });
    expect(signer.getToken).toHaveBeenCalledWith({ sso: 'sso1', crm: 'crm1' });
    const headers = sent(fetch).init.headers as Record<string, string>;
    expect(Object.keys(headers).filter((name) => name.endsWith('authentication-token'))).toEqual([]);
    expect(headers).toMatchObject({ 'x-trace': 't', 'pb-pass-token': 'token:{"sso":"sso1","crm":"crm1"}' });
  });

  it('signs the moved tokens into a token the site key verifies', async () => {
    const siteKey = await deriveSiteKey('master', 11);
    const config: ShieldConfig = {
      siteId: 11,
      ct: await wrapSiteKey(siteKey, 11, 'k1'),
      ci: 'k1',
      environment: 'local',
      passTokenValidity: 900,
      noPassDomain: [],
      allowedRoute: [],
      allowedSite: [],
      includeSubdomain: false,
      version: 1001,
      siteName: 'Single sign-on',
      defaultAuthentication: false,
    };
    const device = { hash: '0'.repeat(64), components: {} } as DevicePayload;
    const signer = createPassTokenSigner({ config, getDevice: () => Promise.resolve(device) });
    const fetch = fakeFetch();
    await createHttpClient({ baseUrl: BASE, signer, fetch }).request('GET', '/x', {
      headers: { 'service-authentication-token': 'svc' },
    });
    const token = (sent(fetch).init.headers as Record<string, string>)['pb-pass-token']!;
    const { payload } = await jwtVerify(token, siteKey);
    expect(payload.authenticationToken).toEqual({ product: 'svc' });
  });

  it('skips the token when no-pass is 1 and keeps the no-pass header', async () => {
    const fetch = fakeFetch();
    const signer = fakeSigner();
    const http = createHttpClient({ baseUrl: BASE, signer, fetch });
    await http.request('GET', '/x', { headers: { 'No-Pass': '1', 'sso-authentication-token': 's' } });
    expect(signer.getToken).not.toHaveBeenCalled();
    const headers = sent(fetch).init.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('pb-pass-token');
    expect(headers).toMatchObject({ 'no-pass': '1', 'sso-authentication-token': 's' });

    await http.request('GET', '/x', { headers: { 'no-pass': '0' } });
    expect(sent(fetch, 1).init.headers).toHaveProperty('pb-pass-token');
  });

  it('sends no token without a signer', async () => {
    const fetch = fakeFetch();
    await createHttpClient({ baseUrl: BASE, fetch }).request('GET', '/x');
    expect(sent(fetch).init.headers).not.toHaveProperty('pb-pass-token');
  });

  it('falls back to no token when signing fails', async () => {
    const fetch = fakeFetch();
    const signer = { getToken: () => Promise.reject(new Error('no key')) };
    await createHttpClient({ baseUrl: BASE, signer, fetch }).request('GET', '/x');
    expect(sent(fetch).init.headers).not.toHaveProperty('pb-pass-token');
  });

  it('rejects with the server statusCode', async () => {
    const envelope = { status: false, statusCode: 'invalidJwtException', statusMessage: 'Jwt Expired' };
    const fetch = fakeFetch(() => reply(envelope, 401));
    const error = await rejection(createHttpClient({ baseUrl: BASE, fetch }).request('GET', '/x'));
    expect(error).toMatchObject({
      name: 'PassRequestError',
      message: 'invalidJwtException',
      statusCode: 'invalidJwtException',
      statusMessage: 'Jwt Expired',
      httpStatus: 401,
      body: envelope,
    });
  });

  it('rejects a non-envelope reply with somethingWentWrong', async () => {
    const fetch = fakeFetch(() => reply({ ok: 1 }));
    const error = await rejection(createHttpClient({ baseUrl: BASE, fetch }).request('GET', '/x'));
    expect(error).toMatchObject({ message: 'somethingWentWrong', httpStatus: 200 });
  });

  it('turns a network failure into somethingWentWrong', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(createHttpClient({ baseUrl: BASE, fetch }).request('GET', '/x'));
    expect(error).toMatchObject({ message: 'somethingWentWrong', statusCode: 'somethingWentWrong', httpStatus: 0 });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('turns a reply that is not JSON into somethingWentWrong', async () => {
    const fetch = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(createHttpClient({ baseUrl: BASE, fetch }).request('GET', '/x'));
    expect(error).toMatchObject({ message: 'somethingWentWrong', httpStatus: 502, body: '<html>Bad gateway</html>' });
  });

  it.each([undefined, 5_000])('aborts after the timeout (%s ms) with somethingWentWrong', async (timeoutMs) => {
    vi.useFakeTimers();
    const limit = timeoutMs ?? REQUEST_TIMEOUT_MS;
    const fetch = vi.fn<FetchLike>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = createHttpClient({ baseUrl: BASE, fetch, signer: fakeSigner(), timeoutMs })
      .request('GET', '/slow')
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await vi.advanceTimersByTimeAsync(limit - 1);
    expect(fetch.mock.calls[0]![1].signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PassRequestError);
    expect(error).toMatchObject({ message: 'somethingWentWrong', httpStatus: 0 });
  });

  it('clears the timer once the reply has arrived', async () => {
    vi.useFakeTimers();
    await createHttpClient({ baseUrl: BASE, fetch: fakeFetch() }).request('GET', '/x');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('puts the pass token in the query of image URLs', async () => {
    const signer = fakeSigner();
    const http = createHttpClient({ baseUrl: BASE, signer, fetch: fakeFetch() });
    expect(await http.imageUrl('/SSOSP/api/v1/customer/setSSID', { siteId: 11 })).toBe(
      `${BASE}/SSOSP/api/v1/customer/setSSID?siteId=11&pb-pass-token=token%3A%7B%7D`,
    );
    expect(await createHttpClient({ baseUrl: BASE }).imageUrl('/pixel')).toBe(`${BASE}/pixel`);
  });
});
