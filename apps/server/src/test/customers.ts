import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { OPERATOR_DEVICE, type IssueTokenOptions } from '../modules/shield/issue-token.ts';
import {
  LOGOUT_CSRF_HEADER,
  SSO_ROUTES,
  logoutCsrfCookieName,
  sealForSite,
  type DeviceComponents,
} from '@pravesh/core';
import { createPiiCipher, type PiiCipher } from '../auth/pii-cipher.ts';
import { getTestInstance, type DatabaseKind, type TestInstance, type TestInstanceOptions } from './instance.ts';

/**
 * Signed-in customers for API tests, in one place (not a test file itself): a fake clock, a server
 * on a test database with captured logs, the browser's side of each sign-on call (sealed
 * authorization-key, OTP read from the dev outbox, PKCE pairs), and signInCustomer for modules that
 * only need a customer with a real access token.
 */
export const START = Date.UTC(2026, 10, 21, 6, 0, 0);

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

export function createClock(start = START): Clock {
  let at = start;
  return { now: () => at, advance: (ms) => void (at += ms) };
}

export interface SsoTestServer extends TestInstance {
  clock: Clock;
  logs: string[];
  /** A pass token for `siteId`, optionally from another device. */
  pass(siteId?: number, device?: Partial<DeviceComponents>): Promise<string>;
  siteKey(siteId?: number): Promise<Uint8Array<ArrayBuffer>>;
}

export async function ssoServer(
  kind: DatabaseKind,
  options: TestInstanceOptions & { clock?: Clock } = {},
): Promise<SsoTestServer> {
  const clock = options.clock ?? createClock();
  const logs: string[] = [];
  const server = await getTestInstance(kind, {
    logger: true,
    logStream: { write: (line) => void logs.push(line) },
    now: clock.now,
    ...options,
    env: { PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`, ...options.env },
  });
  return {
    ...server,
    clock,
    logs,
    pass: (siteId = 2, device) =>
      server.token(siteId, {
        ...(device ? { device: { ...OPERATOR_DEVICE, ...device } } : {}),
      } satisfies Partial<IssueTokenOptions>),
    siteKey: (siteId = 2) => server.keyring.siteKey(server.keyring.activeKid, siteId),
  };
}

export const MOBILE = '9123456789';

/** The server's personal-data cipher, for tests that write or read customer rows directly. */
export function piiOf(server: TestInstance): PiiCipher {
  return createPiiCipher(server.config.pii, server.config.piiHashKey);
}

export interface OtpCallOptions {
  siteId?: number;
  /** Overrides of the sealed authorization-key payload. */
  key?: Partial<{ siteId: number | string; timestamp: number; mobileNo: string }>;
  header?: Record<string, string>;
  ip?: string;
  /** The answer to a challenge of an otpProofOfWorkRequired reply. */
  proofOfWork?: { challenge: string; nonce: string };
}

export async function sendOtp(
  server: SsoTestServer,
  mobileNo = MOBILE,
  options: OtpCallOptions = {},
): Promise<LightMyRequestResponse> {
  const siteId = options.siteId ?? 2;
  const authorizationKey = await sealForSite(await server.siteKey(siteId), 'authorization-key', {
    siteId,
    timestamp: server.clock.now(),
    mobileNo,
    ...options.key,
  });
  return server.app.inject({
    method: 'POST',
    url: SSO_ROUTES.otp,
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: {
      'pb-pass-token': await server.pass(siteId),
      'site-id': String(siteId),
      'authorization-key': authorizationKey,
      ...options.header,
    },
    payload: {
      mobileNo,
      visitorId: 'visitor-1',
      visitId: 'visit-1',
      ...(options.proofOfWork ? { proofOfWork: options.proofOfWork } : {}),
    },
  });
}

/** The code of the newest outbox message to `mobileNo`. */
export async function latestOtp(server: SsoTestServer, mobileNo = MOBILE): Promise<string> {
  const reply = await server.app.inject('/dev/outbox.json');
  const { messages } = reply.json<{ messages: { to: string; text: string }[] }>();
  const message = messages.find((entry) => entry.to === mobileNo);
  const code = message?.text.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no OTP in the outbox for ${mobileNo}`);
  return code;
}

export const CLIENT_A = { clientId: 'pravesh-demo-site-a', redirectUri: 'http://localhost:4100/', siteId: 2 };
export const CLIENT_B = { clientId: 'pravesh-demo-site-b', redirectUri: 'http://localhost:4101/', siteId: 7 };

export interface AuthorizeOptions {
  siteId?: number;
  cookie?: string;
  device?: Partial<DeviceComponents>;
}

export async function authorize(
  server: SsoTestServer,
  body: Record<string, unknown>,
  options: AuthorizeOptions = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: SSO_ROUTES.authorize,
    headers: {
      'pb-pass-token': await server.pass(options.siteId ?? 2, options.device),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: {
      response_type: 'code',
      client_id: CLIENT_A.clientId,
      redirect_uri: CLIENT_A.redirectUri,
      // Public clients must use PKCE; exchange() sends the matching verifier.
      code_challenge: TEST_PKCE.challenge,
      code_challenge_method: 'S256',
      state: 'state-123',
      visitorId: 'visitor-1',
      visitId: 'visit-1',
      ...body,
    },
  });
}

/** Sends an OTP and signs in with it; answers the authorize reply. */
export async function signInWithOtp(
  server: SsoTestServer,
  mobileNo = MOBILE,
  body: Record<string, unknown> = {},
  options: AuthorizeOptions = {},
): Promise<LightMyRequestResponse> {
  const sent = await sendOtp(server, mobileNo);
  if (sent.statusCode !== 200) throw new Error(`OTP send failed: ${sent.body}`);
  return authorize(server, { mobileNo, otp: await latestOtp(server, mobileNo), ...body }, options);
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The PKCE pair authorize() and exchange() use unless a test passes its own. */
export const TEST_PKCE = pkcePair();

/** Cookie header for the session token of a Set-Cookie list. */
export function sessionCookie(reply: LightMyRequestResponse, name = 'PB_GLSS_TOKEN_DEV'): string {
  const cookie = reply.cookies.find((entry) => entry.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return `${name}=${cookie.value}`;
}

export async function exchange(
  server: SsoTestServer,
  body: Record<string, unknown>,
  siteId = 2,
  path: string = `${SSO_ROUTES.getSsoToken}?guc=true`,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: path,
    headers: { 'pb-pass-token': await server.pass(siteId) },
    // What the authorize() helper's code was bound to; a test's own values (or null) win.
    payload: { code_verifier: TEST_PKCE.verifier, redirect_uri: CLIENT_A.redirectUri, ...body },
  });
}

/**
 * The legitimate logout: what the accounts /logout page sends (POST oauth/logout, same-origin, its
 * CSRF token in the header and in its SameSite=Strict cookie). `cookie` is the session cookie.
 */
export async function logOut(
  server: SsoTestServer,
  cookie: string | undefined,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const csrf = randomBytes(32).toString('base64url');
  return server.app.inject({
    method: 'POST',
    url: SSO_ROUTES.logout,
    headers: {
      cookie: [cookie, `${logoutCsrfCookieName(server.config.environment)}=${csrf}`].filter(Boolean).join('; '),
      [LOGOUT_CSRF_HEADER]: csrf,
      origin: server.config.publicUrl,
      'sec-fetch-site': 'same-origin',
    },
    payload: body,
  });
}

/** An access token for `client`'s site, from the browser's session cookie (glss_token method). */
export async function accessTokenOn(
  server: SsoTestServer,
  cookie: string,
  client: { clientId: string; redirectUri: string; siteId: number },
): Promise<string> {
  const authorized = await authorize(
    server,
    { client_id: client.clientId, redirect_uri: client.redirectUri },
    { siteId: client.siteId, cookie },
  );
  if (authorized.statusCode !== 200) throw new Error(`authorize failed: ${authorized.body}`);
  const { code } = authorized.json<{ response: { code: string } }>().response;
  const exchanged = await exchange(
    server,
    { authorizationCode: code, redirect_uri: client.redirectUri },
    client.siteId,
  );
  if (exchanged.statusCode !== 200) throw new Error(`exchange failed: ${exchanged.body}`);
  return exchanged.json<{ response: { accessToken: string } }>().response.accessToken;
}

export interface SignedInCustomer {
  customerId: string;
  mobileNo: string;
  /** A real access token from the code exchange (getSsoToken), as a demo site holds it. */
  accessToken: string;
  /** The session cookie, to log the session out. */
  cookie: string;
}

let mobiles = 0;

/** A mobile number no other call in this test process has used. */
export function nextMobile(prefix = '96'): string {
  return `${prefix}${String(10_000_000 + mobiles++).slice(-8)}`;
}

/** A real sign-in: OTP from the outbox, authorize, then the code exchange (getSsoToken). */
export async function signInCustomer(server: SsoTestServer, mobileNo = nextMobile()): Promise<SignedInCustomer> {
  const authorized = await signInWithOtp(server, mobileNo);
  if (authorized.statusCode !== 200) throw new Error(`sign-in failed: ${authorized.body}`);
  const { code } = authorized.json<{ response: { code: string } }>().response;
  const exchanged = await exchange(server, { authorizationCode: code });
  if (exchanged.statusCode !== 200) throw new Error(`code exchange failed: ${exchanged.body}`);
  const { customerId, accessToken } = exchanged.json<{ response: { customerId: string; accessToken: string } }>()
    .response;
  return { customerId, mobileNo, accessToken, cookie: sessionCookie(authorized) };
}
