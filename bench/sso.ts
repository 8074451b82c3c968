import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { PASS_TOKEN_HEADER, SSO_ROUTES, sealForSite } from '@pravesh/core';
import { loadConfig } from '@pravesh/server/config';
import { issuePassToken } from '../apps/server/src/modules/shield/issue-token.ts';
import { createKeyring } from '../apps/server/src/modules/shield/keyring.ts';
import { BENCH_ENV, BENCH_SITE_ID, type ServerMessage } from './api-process.ts';
import { formatMs, type Row } from './report.ts';

/**
 * Sign-on benchmark (issue 4): p99 latency at 50 connections of
 *  - OTP verification: POST /SSOSP/api/v1/oauth/authorize with mobileNo + otp, each request with
 *    its own fresh code (sent beforehand through the OTP API and read from the dev outbox);
 *  - code exchange: POST /MSP/api/v1/myAccount/getSsoToken?guc=true, each request with its own
 *    fresh authorization code (made beforehand with the glss_token method).
 * Codes work once, so each run is a fixed number of requests, not a duration. The API runs in its
 * own child process (bench/sso-server.ts) on PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */

export const SSO_P99_TARGET_MS = 50;

export interface SsoBenchOptions {
  connections: number;
  /** Requests per measured run (each needs its own OTP or code). */
  requests: number;
  warmupRequests: number;
}

export const DEFAULT_SSO_OPTIONS: SsoBenchOptions = { connections: 50, requests: 2000, warmupRequests: 300 };

export interface SsoRunResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface SsoBenchResult {
  database: 'pglite' | 'postgres';
  connections: number;
  otpVerification: SsoRunResult;
  codeExchange: SsoRunResult;
}

const CLIENT = { client_id: 'pravesh-demo-site-a', redirect_uri: 'http://localhost:4100/' };

interface Child {
  url: string;
  stop(): Promise<void>;
}

async function startSsoServer(databaseUrl: string | undefined): Promise<Child> {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const entry = fileURLToPath(new URL('./sso-server.ts', import.meta.url));
  const { SSO_BENCH_DATABASE_URL: _inherited, ...inherited } = process.env;
  const env = databaseUrl ? { ...inherited, SSO_BENCH_DATABASE_URL: databaseUrl } : inherited;
  const child = spawn(process.execPath, ['--import', tsxLoader, entry], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sign-on API start took longer than 60 s')), 60_000);
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.url);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`sign-on API failed to start: ${message.error}`));
      }
    });
    void exited.then(([code]) => reject(new Error(`sign-on API exited with code ${String(code)}`)));
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function passTokenAndKey() {
  const config = loadConfig(BENCH_ENV);
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const token = await issuePassToken({
    keyring,
    siteId: BENCH_SITE_ID,
    validitySeconds: config.sites.get(BENCH_SITE_ID)!.passTokenValidity,
  });
  return { token, siteKey: await keyring.siteKey(keyring.activeKid, BENCH_SITE_ID) };
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return out;
}

async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Sends an OTP to each number and reads the codes back from the dev outbox (50 newest per read). */
async function otpFixtures(url: string, pass: string, siteKey: Uint8Array<ArrayBuffer>, count: number, offset: number) {
  const numbers = Array.from({ length: count }, (_, i) => `9${String(100_000_000 + offset + i).slice(-9)}`);
  const codes = new Map<string, string>();
  for (let i = 0; i < numbers.length; i += 50) {
    const batch = numbers.slice(i, i + 50);
    await Promise.all(
      batch.map(async (mobileNo) => {
        const authorizationKey = await sealForSite(siteKey, 'authorization-key', {
          siteId: BENCH_SITE_ID,
          timestamp: Date.now(),
          mobileNo,
        });
        const response = await postJson(
          url + SSO_ROUTES.otp,
          { [PASS_TOKEN_HEADER]: pass, 'site-id': String(BENCH_SITE_ID), 'authorization-key': authorizationKey },
          { mobileNo, visitorId: 'bench-visitor', visitId: 'bench-visit' },
        );
        if (response.status !== 200) throw new Error(`OTP send answered ${response.status}: ${await response.text()}`);
      }),
    );
    const outbox = (await (await fetch(`${url}/dev/outbox.json`)).json()) as {
      messages: { to: string; text: string }[];
    };
    for (const message of outbox.messages) if (!codes.has(message.to)) codes.set(message.to, message.text.slice(0, 6));
  }
  return numbers.map((mobileNo) => {
    const otp = codes.get(mobileNo);
    if (!otp) throw new Error(`no OTP in the outbox for ${mobileNo}`);
    return { mobileNo, otp };
  });
}

/** A signed-in session (by OTP), whose token makes codes cheaply with the glss_token method. */
async function sessionToken(url: string, pass: string, siteKey: Uint8Array<ArrayBuffer>): Promise<string> {
  const [first] = await otpFixtures(url, pass, siteKey, 1, 800_000_000);
  const signIn = await postJson(url + SSO_ROUTES.authorize, { [PASS_TOKEN_HEADER]: pass }, { ...CLIENT, ...first });
  const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('PB_GLSS_TOKEN_DEV='));
  const glssToken = cookie?.split(';')[0]?.split('=')[1];
  if (!glssToken) throw new Error(`sign-in gave no session cookie: ${signIn.status}`);
  return glssToken;
}

async function codeFixtures(url: string, pass: string, glssToken: string, count: number): Promise<string[]> {
  return inBatches(Array.from({ length: count }), 50, async () => {
    const response = await postJson(
      url + SSO_ROUTES.authorize,
      { [PASS_TOKEN_HEADER]: pass },
      { ...CLIENT, glss_token: glssToken },
    );
    const body = (await response.json()) as { response?: { code?: string } };
    if (!body.response?.code) throw new Error(`authorize answered ${response.status}`);
    return body.response.code;
  });
}

/** One fixed-size autocannon run in which every request takes the next body. */
async function fire(url: string, headers: Record<string, string>, bodies: string[], connections: number) {
  let next = 0;
  const options: Options & { amount: number } = {
    url,
    connections,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  };
  const result: Result = await autocannon(options);
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  } satisfies SsoRunResult;
}

async function measureOne(databaseUrl: string | undefined, options: SsoBenchOptions): Promise<SsoBenchResult> {
  const server = await startSsoServer(databaseUrl);
  try {
    const { token, siteKey } = await passTokenAndKey();
    const headers = { [PASS_TOKEN_HEADER]: token };
    const total = options.warmupRequests + options.requests;

    const otps = (await otpFixtures(server.url, token, siteKey, total, 0)).map((fixture) =>
      JSON.stringify({ ...CLIENT, ...fixture, visitorId: 'bench-visitor', visitId: 'bench-visit' }),
    );
    await fire(server.url + SSO_ROUTES.authorize, headers, otps.slice(0, options.warmupRequests), options.connections);
    const otpVerification = await fire(
      server.url + SSO_ROUTES.authorize,
      headers,
      otps.slice(options.warmupRequests),
      options.connections,
    );

    // Codes live 60 s: made right before they are exchanged.
    const exchangeUrl = `${server.url}${SSO_ROUTES.getSsoToken}?guc=true`;
    const glssToken = await sessionToken(server.url, token, siteKey);
    const warmCodes = await codeFixtures(server.url, token, glssToken, options.warmupRequests);
    await fire(
      exchangeUrl,
      headers,
      warmCodes.map((code) => JSON.stringify({ authorizationCode: code })),
      options.connections,
    );
    const codes = await codeFixtures(server.url, token, glssToken, options.requests);
    const codeExchange = await fire(
      exchangeUrl,
      headers,
      codes.map((code) => JSON.stringify({ authorizationCode: code })),
      options.connections,
    );
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: options.connections,
      otpVerification,
      codeExchange,
    };
  } finally {
    await server.stop();
  }
}

/** PGlite always; PostgreSQL as well when DATABASE_URL is set (a throw-away database). */
export async function measureSso(options: SsoBenchOptions = DEFAULT_SSO_OPTIONS): Promise<SsoBenchResult[]> {
  const results = [await measureOne(undefined, options)];
  if (process.env.DATABASE_URL) results.push(await measureOne(process.env.DATABASE_URL, options));
  return results;
}

export function ssoRows(results: readonly SsoBenchResult[]): Row[] {
  return results.flatMap((result) =>
    (
      [
        ['OTP verification (authorize with otp)', result.otpVerification],
        ['code exchange (getSsoToken)', result.codeExchange],
      ] as const
    ).map(([name, run]): Row => {
      const failed = run.non2xx + run.errors;
      return {
        metric: `${name} p99 @${result.connections} conn, ${result.database}`,
        value: `${formatMs(run.p99Ms)} (p50 ${formatMs(run.p50Ms)}, ${Math.round(run.requestsPerSecond)} req/s)`,
        target: `< ${SSO_P99_TARGET_MS} ms`,
        verdict: failed > 0 ? 'ERROR' : run.p99Ms < SSO_P99_TARGET_MS ? 'ok' : 'MISSED',
        note: failed > 0 ? `${failed} of ${run.requests} requests failed` : undefined,
      };
    }),
  );
}

// `tsx bench/sso.ts` runs it alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { formatTable } = await import('./report.ts');
  console.log(formatTable(ssoRows(await measureSso())));
}
