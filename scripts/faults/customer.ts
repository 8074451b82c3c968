import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  LOGOUT_CSRF_HEADER,
  PASS_TOKEN_HEADER,
  SSO_DEV_ROUTES,
  SSO_ROUTES,
  logoutCsrfCookieName,
  sealForSite,
} from '@pravesh/core';
import { BENCH_SITE_ID } from '../../bench/api-process.ts';
import type { Instance } from './instances.ts';
import type { Pass } from './load.ts';

/**
 * A customer signed in over real HTTP, as a demo site and the accounts pages do it (README "Sign-in
 * on the demo"; apps/server/src/test/customers.ts does the same through inject): an OTP sent with a
 * sealed authorization key, its code read from the local outbox, authorize with PKCE, then the code
 * exchange for an access token. The outbox is per process, so every step runs on one instance.
 */

/** Site 2's registered client (core's demo sites). */
const CLIENT = { clientId: 'pravesh-demo-site-a', redirectUri: 'http://localhost:4100/' };
const TIMEOUT_MS = 10_000;

export interface SignedIn {
  mobileNo: string;
  accessToken: string;
  /** The session cookie (`name=value`), to log the session out. */
  sessionCookie: string;
}

let signIns = 0;
function nextMobile(): string {
  // 93 + 8 digits unique to this run (time-based start, so reruns on one database do not collide).
  return `93${String((Date.now() + signIns++) % 100_000_000).padStart(8, '0')}`;
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export async function signIn(instance: Instance, pass: Pass): Promise<SignedIn> {
  const mobileNo = nextMobile();
  const { token, siteKey } = await pass();
  const authorizationKey = await sealForSite(siteKey, 'authorization-key', {
    siteId: BENCH_SITE_ID,
    timestamp: Date.now(),
    mobileNo,
  });
  await expectOk(
    await post(
      instance.url + SSO_ROUTES.otp,
      { [PASS_TOKEN_HEADER]: token, 'site-id': String(BENCH_SITE_ID), 'authorization-key': authorizationKey },
      { mobileNo, visitorId: randomUUID(), visitId: randomUUID() },
    ),
    'OTP send',
  );
  const outbox = (await expectOk(
    await fetch(instance.url + SSO_DEV_ROUTES.outboxJson, { signal: AbortSignal.timeout(TIMEOUT_MS) }),
    'outbox',
  )) as { messages: { to: string; text: string }[] };
  const otp = outbox.messages.find((message) => message.to === mobileNo)?.text.match(/^(\d{6}) /)?.[1];
  if (!otp) throw new Error(`no OTP in ${instance.name}'s outbox`);

  const verifier = randomBytes(32).toString('base64url');
  const authorized = await post(
    instance.url + SSO_ROUTES.authorize,
    { [PASS_TOKEN_HEADER]: token },
    {
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: CLIENT.redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'faults',
      visitorId: randomUUID(),
      visitId: randomUUID(),
      mobileNo,
      otp,
    },
  );
  const sessionCookie = authorized.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('PB_GLSS_TOKEN'));
  const { code } = ((await expectOk(authorized, 'authorize')) as { response: { code: string } }).response;
  if (!sessionCookie) throw new Error('authorize set no session cookie');

  const exchanged = (await expectOk(
    await post(
      `${instance.url}${SSO_ROUTES.getSsoToken}?guc=true`,
      { [PASS_TOKEN_HEADER]: token },
      { authorizationCode: code, code_verifier: verifier, redirect_uri: CLIENT.redirectUri },
    ),
    'code exchange',
  )) as { response: { accessToken: string } };
  return { mobileNo, accessToken: exchanged.response.accessToken, sessionCookie };
}

/** What the accounts /logout page sends: same-origin POST with its double-submit CSRF token. */
export async function logOut(instance: Instance, customer: SignedIn): Promise<Response> {
  const csrf = randomBytes(32).toString('base64url');
  return post(
    instance.url + SSO_ROUTES.logout,
    {
      cookie: `${customer.sessionCookie}; ${logoutCsrfCookieName('local')}=${csrf}`,
      [LOGOUT_CSRF_HEADER]: csrf,
      origin: instance.publicUrl,
      'sec-fetch-site': 'same-origin',
    },
    {},
  );
}

export interface TokenCheck {
  /** HTTP status, or 'timeout' / 'error'. */
  status: number | 'timeout' | 'error';
  ms: number;
}

/** One access-token check (OIDC userinfo); `timeoutMs` is how long a client would wait. */
export async function checkToken(instance: Instance, accessToken: string, timeoutMs = 10_000): Promise<TokenCheck> {
  const started = performance.now();
  try {
    const response = await fetch(instance.url + SSO_ROUTES.oauthUserinfo, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { status: timedOut ? 'timeout' : 'error', ms: performance.now() - started };
  }
}
