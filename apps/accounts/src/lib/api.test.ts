import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deriveSiteKey,
  leadingZeroBits,
  openForSite,
  sealForSite,
  shieldConfigPath,
  SSO_ROUTES,
  wrapSiteKey,
  type ShieldConfig,
} from '@pravesh/core';
import { AccountsApiError, createAccountsApi } from './api.ts';
import { parseJourneyParams } from './params.ts';

const API = 'http://localhost:4000';
const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const keys = new Map<number, Uint8Array<ArrayBuffer>>();

async function shieldConfig(siteId: number): Promise<ShieldConfig> {
  return {
    siteId,
    ct: await wrapSiteKey(keys.get(siteId)!, siteId, 'k1'),
    ci: 'k1',
    environment: 'local',
    passTokenValidity: 900,
    noPassDomain: [],
    allowedRoute: [],
    allowedSite: [],
    includeSubdomain: false,
    version: 1001,
    siteName: `Site ${siteId}`,
    defaultAuthentication: false,
  };
}

beforeAll(async () => {
  keys.set(11, await deriveSiteKey('master', 11));
  keys.set(2, await deriveSiteKey('master', 2));
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** The network boundary: shield configs for sites 11 and 2, and whatever `answer` says for the rest. */
function fakeServer(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    for (const siteId of [11, 2]) {
      if (url === `${API}${shieldConfigPath(siteId)}`) {
        return json({ status: true, statusCode: 'success', response: await shieldConfig(siteId) });
      }
    }
    const request: Sent = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    sent.push(request);
    return answer(request);
  });
  return { fetch, sent };
}

const ok = (response: unknown) => json({ status: true, statusCode: 'success', response });

function apiWith(answer: (sent: Sent) => Response, query = '') {
  const server = fakeServer(answer);
  let ids = 0;
  const api = createAccountsApi({
    apiBaseUrl: API,
    environment: 'local',
    ssoSiteId: 11,
    params: parseJourneyParams(
      `?client_id=demo-site-a&redirect_uri=${encodeURIComponent('http://localhost:4100/cb')}&state=s1&scope=myaccount&source_site_id=2&journey_type=JOURNEY${query}`,
    ),
    fetch: server.fetch,
    now: () => NOW,
    randomId: () => `id-${++ids}`,
  });
  return { api, ...server };
}

describe('createAccountsApi', () => {
  it('sends the OTP shielded, with site-id and an authorization-key sealed under the SSO site key', async () => {
    const { api, sent } = apiWith(() => ok({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 }));
    expect(await api.sendOtp('9876543210')).toEqual({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 });
    const [request] = sent;
    expect(request!.url).toBe(`${API}${SSO_ROUTES.otp}`);
    expect(request!.method).toBe('POST');
    expect(request!.headers['site-id']).toBe('11');
    expect(request!.headers['pb-pass-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await openForSite(keys.get(11)!, 'authorization-key', request!.headers['authorization-key']!)).toEqual({
      siteId: 11,
      timestamp: NOW,
      mobileNo: '9876543210',
    });
    // spec 000 §3 "OTP send payload": the widget passed no visitor ids, so the page made its own.
    expect(request!.body).toEqual({ mobileNo: '9876543210', visitorId: 'id-1', visitId: 'id-2' });
  });

  it('answers a proof-of-work challenge by itself and sends the OTP again with the proof', async () => {
    const challenge = { challenge: '8.1763704920000.salt.mac', difficulty: 8, expiresInSeconds: 120 };
    const { api, sent } = apiWith((request) =>
      request.body?.proofOfWork
        ? ok({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 })
        : json(
            {
              status: false,
              statusCode: 'otpProofOfWorkRequired',
              statusMessage: 'Please wait a moment and request the OTP again',
              response: { proofOfWork: challenge },
            },
            428,
          ),
    );
    expect(await api.sendOtp('9876543210')).toEqual({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 });
    expect(sent.map((request) => request.url)).toEqual([`${API}${SSO_ROUTES.otp}`, `${API}${SSO_ROUTES.otp}`]);
    const proof = sent[1]!.body!.proofOfWork as { challenge: string; nonce: string };
    expect(sent[1]!.body).toMatchObject({ mobileNo: '9876543210', visitorId: 'id-1', visitId: 'id-2' });
    expect(proof.challenge).toBe(challenge.challenge);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${proof.challenge}:${proof.nonce}`));
    expect(leadingZeroBits(new Uint8Array(digest))).toBeGreaterThanOrEqual(8);
  });

  it('emails the OTP (JOURNEY_EMAIL_OTP) with an authorization-key sealing the address, and verifies with it', async () => {
    const { api, sent } = apiWith((request) =>
      request.url.endsWith(SSO_ROUTES.authorize)
        ? ok({ code: 'c1', state: 's1', redirect_uri: 'http://localhost:4100/cb', customerId: 'u1' })
        : ok({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 }),
    );
    expect(await api.sendEmailOtp('name@example.in')).toEqual({
      resendAfterSeconds: 30,
      expiresInSeconds: 300,
      otpLength: 6,
    });
    const [request] = sent;
    expect(request!.url).toBe(`${API}${SSO_ROUTES.emailOtp}`);
    expect(request!.headers['site-id']).toBe('11');
    expect(await openForSite(keys.get(11)!, 'authorization-key', request!.headers['authorization-key']!)).toEqual({
      siteId: 11,
      timestamp: NOW,
      email: 'name@example.in',
    });
    expect(request!.body).toEqual({ email: 'name@example.in', visitorId: 'id-1', visitId: 'id-2' });

    await api.authorize(undefined, { otp: '123456', email: 'name@example.in' });
    expect(sent[1]!.body).toMatchObject({ email: 'name@example.in', otp: '123456' });
    expect(sent[1]!.body).not.toHaveProperty('mobileNo');
  });

  it('passes the widget’s visitor and visit ids on', async () => {
    const { api, sent } = apiWith(
      () => ok({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 }),
      '&visitorId=v-1&visitId=visit-9',
    );
    await api.sendOtp('9876543210');
    expect(sent[0]!.body).toMatchObject({ visitorId: 'v-1', visitId: 'visit-9' });
  });

  it('authorizes with the link’s fields and the OTP', async () => {
    const grant = {
      code: 'c1',
      state: 's1',
      redirect_uri: 'http://localhost:4100/cb',
      customerId: 'u1',
      method: 'otp',
    };
    const { api, sent } = apiWith(() => ok(grant), `&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`);
    expect(await api.authorize('9876543210', { otp: '123456' })).toEqual({
      code: 'c1',
      state: 's1',
      redirect_uri: 'http://localhost:4100/cb',
      customerId: 'u1',
    });
    expect(sent[0]!.url).toBe(`${API}${SSO_ROUTES.authorize}`);
    expect(sent[0]!.body).toEqual({
      response_type: 'code',
      client_id: 'demo-site-a',
      redirect_uri: 'http://localhost:4100/cb',
      state: 's1',
      scope: 'myaccount',
      visitorId: 'id-1',
      visitId: 'id-2',
      mobileNo: '9876543210',
      source_site_id: 2,
      journey_type: 'JOURNEY',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      otp: '123456',
    });
  });

  it('seals passwords of 20 characters or fewer (spec 000 §5) and sends longer ones as typed', async () => {
    const { api, sent } = apiWith(() => ok({ code: 'c', redirect_uri: 'http://localhost:4100/cb', customerId: 'u' }));
    await api.authorize('9876543210', { password: 'twenty-chars-exactly' });
    const sealed = sent[0]!.body!.password as string;
    expect(sealed).not.toBe('twenty-chars-exactly');
    expect(await openForSite(keys.get(11)!, 'password', sealed)).toBe('twenty-chars-exactly');
    await api.authorize('9876543210', { password: 'a passphrase of 21 ch', forceRedirect: true });
    expect(sent[1]!.body).toMatchObject({ password: 'a passphrase of 21 ch', force_redirect: 1 });
  });

  it('turns a refusal into its statusCode and statusMessage', async () => {
    const { api } = apiWith(() =>
      json(
        { status: false, statusCode: 'otpIncorrect', statusMessage: 'OTP is Incorrect, Please enter valid OTP' },
        400,
      ),
    );
    const error = await api.authorize('9876543210', { otp: '000000' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountsApiError);
    expect(error).toMatchObject({
      statusCode: 'otpIncorrect',
      statusMessage: 'OTP is Incorrect, Please enter valid OTP',
      httpStatus: 400,
    });
  });

  it('reads the preference', async () => {
    const { api, sent } = apiWith(() =>
      ok({ registered: true, passwordSet: true, preferredMethod: 'mobile_credential' }),
    );
    expect(await api.preference('9876543210')).toEqual({ passwordSet: true, preferredMethod: 'mobile_credential' });
    // The number travels in the body, never in the URL (URLs reach logs and history).
    expect(sent[0]!.url).toBe(`${API}${SSO_ROUTES.preference}`);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toEqual({ mobileNo: '9876543210' });
    expect(sent[0]!.headers['site-id']).toBe('11');
  });

  it('opens a mobile number the embedding site sealed into the link', async () => {
    const { api } = apiWith(() => ok({}));
    const sealed = await sealForSite(keys.get(2)!, 'login-link', '9123456789');
    expect(await api.openSealedMobile(sealed)).toBe('9123456789');
    expect(await api.openSealedMobile('not-sealed')).toBeUndefined();
  });
});
