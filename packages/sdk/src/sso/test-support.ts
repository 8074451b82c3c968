import {
  deriveSiteKey,
  shieldConfigPath,
  SSO_ROUTES,
  wrapSiteKey,
  type Environment,
  type ShieldConfig,
} from '@pravesh/core';
import { vi } from 'vitest';
import { createPravesh, type Pravesh } from '../client.ts';
import { memoryCookieJar } from '../cookies.ts';
import type { FetchLike } from '../http.ts';
import type { ClearTimeoutLike, SetTimeoutLike } from '../visit-chain.ts';
import { createVisitorRecordStore, type VisitorRecordStore } from '../visitor-record.ts';
import type { VisitorLink } from './visitor-link.ts';

/** Test helpers of the sign-on client: a fake accounts host and API behind a fake fetch. */

export const API = 'https://api.example.in';
export const ACCOUNTS = 'https://accounts.example.in';
export const SITE_ID = 2;
export const CUSTOMER_ID = '6f1c1f8e-8a43-4f55-9a55-3c7d0f0d2a11';
export const MOBILE = '9876543210';
export const REDIRECT = 'https://www.example.in/sso/callback';
export const CONFIG = {
  clientId: 'demo-site-a',
  scope: ['myaccount', 'bureau'],
  redirectLoginUri: REDIRECT,
  redirectLogoutUri: 'https://www.example.in/',
  accountsUrl: ACCOUNTS,
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ok = (response: unknown) => json({ status: true, statusCode: 'success', response });

export interface Call {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

export type Handler = (call: Call) => Response | Promise<Response>;

export interface FakeServer {
  fetch: ReturnType<typeof vi.fn<FetchLike>>;
  calls: Call[];
  /** Calls whose path (without query) is `path`. */
  to(path: string): Call[];
  /** Overrides the reply of one path (without query); `times` replies, then the default again. */
  reply(path: string, handler: Handler, times?: number): void;
  siteKey: Uint8Array<ArrayBuffer>;
  configFailures: number;
}

let codes = 0;

export async function fakeServer(environment: Environment = 'local'): Promise<FakeServer> {
  const siteKey = await deriveSiteKey('master', SITE_ID);
  const shield: ShieldConfig = {
    siteId: SITE_ID,
    ct: await wrapSiteKey(siteKey, SITE_ID, 'k1'),
    ci: 'k1',
    environment,
    passTokenValidity: 900,
    noPassDomain: [],
    allowedRoute: [],
    allowedSite: [SITE_ID],
    includeSubdomain: false,
    version: 1001,
    siteName: 'Homepage',
    defaultAuthentication: false,
  };
  const calls: Call[] = [];
  const overrides = new Map<string, { handler: Handler; times: number }[]>();
  const defaults: Record<string, Handler> = {
    [shieldConfigPath(SITE_ID)]: () => {
      if (server.configFailures > 0) {
        server.configFailures--;
        return Promise.reject(new TypeError('network down'));
      }
      return ok(shield);
    },
    [SSO_ROUTES.otp]: () => ok({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 }),
    [SSO_ROUTES.preference]: () => ok({ registered: true, passwordSet: false, preferredMethod: 'otp' }),
    [SSO_ROUTES.authorize]: ({ body }) =>
      ok({
        code: `code-${++codes}`,
        state: body?.state,
        redirect_uri: body?.redirect_uri,
        customerId: CUSTOMER_ID,
        method: 'otp',
        expiresInSeconds: 60,
      }),
    [SSO_ROUTES.getSsoToken]: ({ body }) =>
      ok({
        ...(body?.ssidHandoff === true ? { ssidHandoff: 'h'.repeat(43) } : {}),
        accessToken: `access-${++codes}`,
        customerId: CUSTOMER_ID,
        mobileNo: MOBILE,
        visitorId: null,
        expiresIn: 900,
        tokenType: 'Bearer',
        scope: 'myaccount bureau',
        user: { customerId: CUSTOMER_ID, mobileNo: MOBILE, visitorId: null, visitId: null, glssToken: 'g'.repeat(43) },
      }),
  };
  const fetch = vi.fn<FetchLike>(async (url, init) => {
    const parsed = new URL(url);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[name] = value;
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    const queued = overrides.get(call.path);
    const override = queued?.[0];
    if (override) {
      override.times--;
      if (override.times <= 0) queued.shift();
      return override.handler(call);
    }
    const handler = defaults[call.path];
    return handler
      ? handler(call)
      : json({ status: false, statusCode: 'notFound', statusMessage: 'Route not found' }, 404);
  });
  const server: FakeServer = {
    fetch,
    calls,
    to: (path) => calls.filter((call) => call.path === path),
    reply(path, handler, times = 1) {
      const queued = overrides.get(path) ?? [];
      queued.push({ handler, times });
      overrides.set(path, queued);
    },
    siteKey,
    configFailures: 0,
  };
  return server;
}

export function praveshFor(server: FakeServer, environment: Environment = 'local'): Pravesh {
  return createPravesh({ apiBaseUrl: API, siteId: SITE_ID, environment, fetch: server.fetch });
}

/** A scheduler whose time moves only when a test says so. */
export function fakeTimers(start = 1_750_000_000_000) {
  let time = start;
  let nextId = 0;
  const timers: { id: number; at: number; callback: () => void }[] = [];
  const setTimeout: SetTimeoutLike = (callback, ms) => {
    const id = ++nextId;
    timers.push({ id, at: time + ms, callback });
    return id;
  };
  const clearTimeout: ClearTimeoutLike = (handle) => {
    const index = timers.findIndex((timer) => timer.id === handle);
    if (index !== -1) timers.splice(index, 1);
  };
  return {
    now: () => time,
    setTimeout,
    clearTimeout,
    pending: () => timers.length,
    /** Runs the timers due within `ms`, one at a time, letting promises settle in between. */
    async advance(ms: number) {
      const target = time + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > target) break;
        timers.shift();
        time = next.at;
        next.callback();
        await settle();
      }
      time = target;
    },
  };
}

/** Lets pending promises (and Web Crypto work) finish. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A visitor layer slice over a real visitor record store (memory cookies). */
export function visitorLinkFor(environment: Environment = 'local') {
  const jar = memoryCookieJar();
  const records: VisitorRecordStore = createVisitorRecordStore({ environment, cookieKey: 'cookie-key', cookies: jar });
  const record = records.ensure();
  records.write({ ...record, visit: 'visit-1' });
  const link: VisitorLink & { visits: { newVisit: ReturnType<typeof vi.fn> }; maintain: ReturnType<typeof vi.fn> } = {
    records,
    visits: { newVisit: vi.fn(() => Promise.resolve(records.ensure())) },
    maintain: vi.fn(() => Promise.resolve()),
  };
  return { link, records, jar };
}
