import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { CONSENT_ROUTES, PASS_TOKEN_HEADER } from '@pravesh/core';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import { benchPass } from './pass-token.ts';
import { formatMs, type LoadSummary, type Row } from './report.ts';

/**
 * Consent check benchmark: requests/s and p99 of POST /MSP/api/v1/puckar/check at 50
 * connections, the call every page with a consent panel makes. Each request names one of a pool of
 * visitors who answered the contract before (one ledger entry each, so the check reads the latest
 * version and the visitor's entries, as on a real page), and the version from the visitor's cookie.
 * The API is the real one in its own child process (bench/sso-server.ts: a fresh database, demo
 * contracts seeded) on PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */

export interface ConsentCheckOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Visitors who answered beforehand; requests cycle through them. */
  visitors: number;
}

export const DEFAULT_CONSENT_CHECK_OPTIONS: ConsentCheckOptions = {
  connections: 50,
  warmupSeconds: 2,
  durationSeconds: 10,
  visitors: 500,
};

export const CONSENT_CONTRACT_ID = 'pb-tnc-homepage';

export interface ConsentCheckResult extends LoadSummary {
  database: 'pglite' | 'postgres';
  connections: number;
}

/** The real API (bench/sso-server.ts) on a fresh embedded database, or on a throw-away one at databaseUrl. */
function startServer(databaseUrl: string | undefined): Promise<ApiProcess> {
  const { SSO_BENCH_DATABASE_URL: _inherited, ...inherited } = process.env;
  const env = databaseUrl ? { ...inherited, SSO_BENCH_DATABASE_URL: databaseUrl } : inherited;
  return startApiProcess({ entry: './sso-server.ts', env, name: 'consent API' });
}

/** Records one answer per visitor (visitor-only consent, no sign-in needed), 50 at a time. */
export async function answerFixtures(url: string, token: string, count: number): Promise<string[]> {
  const visitors = Array.from({ length: count }, (_, i) => `bench-visitor-${i}`);
  for (let i = 0; i < visitors.length; i += 50) {
    await Promise.all(
      visitors.slice(i, i + 50).map(async (visitorId, j) => {
        const send = () =>
          fetch(url + CONSENT_ROUTES.userConsent, {
            method: 'POST',
            headers: { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
            body: JSON.stringify({
              contractId: CONSENT_CONTRACT_ID,
              contractVersionId: '1',
              visitorId,
              visitId: `bench-visit-${i + j}`,
              pageUrl: Buffer.from('http://localhost:4100/').toString('base64'),
              userValue: (i + j) % 4 === 0 ? 'N' : 'Y',
              consentState: 1,
            }),
          });
        let response = await send();
        // A box shared with other work may be busy enough for the write queue to refuse (503 with
        // Retry-After, nothing stored): the fixture waits as a client would and sends again.
        for (let attempt = 0; response.status === 503 && attempt < 5; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
          response = await send();
        }
        if (response.status !== 200) {
          throw new Error(`userconsent answered ${response.status}: ${await response.text()}`);
        }
      }),
    );
  }
  return visitors;
}

async function fire(
  url: string,
  token: string,
  bodies: readonly string[],
  options: Pick<Options, 'connections' | 'duration'>,
): Promise<Result> {
  let next = 0;
  return autocannon({
    ...options,
    url: url + CONSENT_ROUTES.check,
    requests: [
      {
        method: 'POST',
        headers: { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  });
}

async function measureOne(databaseUrl: string | undefined, options: ConsentCheckOptions): Promise<ConsentCheckResult> {
  const server = await startServer(databaseUrl);
  try {
    const token = (await benchPass()).token;
    const visitors = await answerFixtures(server.url, token, options.visitors);
    const bodies = visitors.map((visitorId, i) =>
      JSON.stringify({
        contractId: CONSENT_CONTRACT_ID,
        visitId: `bench-visit-${i}`,
        visitorId,
        contractVersionId: '1',
      }),
    );
    // One request first, so a broken route fails loudly instead of benchmarking errors.
    const probe = await fetch(server.url + CONSENT_ROUTES.check, {
      method: 'POST',
      headers: { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: bodies[1],
    });
    const answer = (await probe.json()) as { response?: { alreadyVerified?: boolean } };
    if (probe.status !== 200 || answer.response?.alreadyVerified !== true) {
      throw new Error(`puckar/check answered ${probe.status}: ${JSON.stringify(answer)}`);
    }
    await fire(server.url, token, bodies, { connections: options.connections, duration: options.warmupSeconds });
    const result = await fire(server.url, token, bodies, {
      connections: options.connections,
      duration: options.durationSeconds,
    });
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: options.connections,
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    await server.stop();
  }
}

/** PGlite always; PostgreSQL as well when DATABASE_URL is set (a throw-away database). */
export async function measureConsentCheck(
  options: ConsentCheckOptions = DEFAULT_CONSENT_CHECK_OPTIONS,
): Promise<ConsentCheckResult[]> {
  const results = [await measureOne(undefined, options)];
  if (process.env.DATABASE_URL) results.push(await measureOne(process.env.DATABASE_URL, options));
  return results;
}

export function consentCheckRows(results: readonly ConsentCheckResult[]): Row[] {
  return results.map((result): Row => {
    const failed = result.non2xx + result.errors;
    return {
      metric: `POST puckar/check req/s @${result.connections} conn, ${result.database}`,
      value: `${Math.round(result.requestsPerSecond).toLocaleString('en-US')} (p99 ${formatMs(result.p99Ms)}, p50 ${formatMs(result.p50Ms)})`,
      target: '-',
      verdict: failed > 0 ? 'ERROR' : 'info',
      note: failed > 0 ? `${failed} of ${result.requests} requests failed` : undefined,
    };
  });
}

// `tsx bench/consent-check.ts` runs it alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { formatTable } = await import('./report.ts');
  console.log(formatTable(consentCheckRows(await measureConsentCheck())));
}
