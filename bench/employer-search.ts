import { fileURLToPath } from 'node:url';
import { EMPLOYER_SEARCH_LIMIT, PASS_TOKEN_HEADER, PROFILE_ROUTES, type EmployerSearchResponse } from '@pravesh/core';
import { ROUTES, startApiProcess } from './api-process.ts';
import { benchPass } from './pass-token.ts';
import { formatMs, percentile, type Row } from './report.ts';

/**
 * "Employer search p99 over the full list, as a ratio of the shielded no-op route
 * in the same run". The real API (bench/sso-server.ts: a fresh database, seeded as `npm run seed`
 * seeds it, so the whole generated employer list of ~30,000 names is there) answers
 * utility/employer for terms people type — two letters that match thousands, a word, a word and a
 * prefix, a term that matches nothing — beside the shielded no-op, one request at a time (each
 * latency is one request's own), alternating in rounds so both see the same moments of a shared
 * machine. PGlite always; PostgreSQL too when DATABASE_URL is set. Reported, not asserted (the
 * issue names no target).
 */

/** What customers type, broad to narrow: each round sends every one. */
export const SEARCH_TERMS = [
  'ta',
  'sh',
  'tata cons',
  'infos',
  'shree balaji tex',
  'textiles',
  'hdfc',
  'royal pol',
  'sai eng',
  'pvt',
  'zzqx',
  'mah',
] as const;

export interface EmployerSearchResult {
  database: 'pglite' | 'postgres';
  employers: number;
  samples: number;
  noop: { p50Ms: number; p99Ms: number };
  search: { p50Ms: number; p99Ms: number };
  ratioP50: number;
  ratioP99: number;
}

export const DEFAULT_EMPLOYER_SEARCH_OPTIONS = { rounds: 12, perRound: 3 };

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms, body };
}

async function measureOne(
  databaseUrl: string | undefined,
  options = DEFAULT_EMPLOYER_SEARCH_OPTIONS,
): Promise<EmployerSearchResult> {
  const { SSO_BENCH_DATABASE_URL: _db, SSO_BENCH_REDIS_URL: _redis, ...inherited } = process.env;
  const env = databaseUrl ? { ...inherited, SSO_BENCH_DATABASE_URL: databaseUrl } : inherited;
  const api = await startApiProcess({ entry: './sso-server.ts', env, name: 'employer search API' });
  try {
    const { token } = await benchPass();
    const headers = { [PASS_TOKEN_HEADER]: token };
    const noopUrl = api.url + ROUTES.shielded;
    const searchUrl = (term: string) => `${api.url}${PROFILE_ROUTES.employer}?q=${encodeURIComponent(term)}`;
    // The list is there, whole: a broad term fills the limit and says more match.
    const probe = (await timed(searchUrl('sh'), headers)).body as { response: EmployerSearchResponse };
    if (probe.response.employers.length !== EMPLOYER_SEARCH_LIMIT || !probe.response.more) {
      throw new Error('the employer list is not seeded: a broad search did not fill the limit');
    }
    // Warm-up: JIT, plans, the first pages of each index.
    for (const term of SEARCH_TERMS) {
      await timed(noopUrl, headers);
      await timed(searchUrl(term), headers);
    }
    const noop: number[] = [];
    const search: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const searchFirst = round % 2 === 1;
      for (let i = 0; i < options.perRound; i++) {
        for (const term of SEARCH_TERMS) {
          if (searchFirst) search.push((await timed(searchUrl(term), headers)).ms);
          noop.push((await timed(noopUrl, headers)).ms);
          if (!searchFirst) search.push((await timed(searchUrl(term), headers)).ms);
        }
      }
    }
    noop.sort((a, b) => a - b);
    search.sort((a, b) => a - b);
    const n = { p50Ms: percentile(noop, 0.5), p99Ms: percentile(noop, 0.99) };
    const s = { p50Ms: percentile(search, 0.5), p99Ms: percentile(search, 0.99) };
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      employers: await employerCount(api.url, headers),
      samples: search.length,
      noop: n,
      search: s,
      ratioP50: s.p50Ms / n.p50Ms,
      ratioP99: s.p99Ms / n.p99Ms,
    };
  } finally {
    await api.stop();
  }
}

/** How many employers the searches ran over (the bench server counts the seeded table). */
async function employerCount(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url + ROUTES.employerCount, { headers });
  if (!response.ok) throw new Error(`employer count answered ${response.status}`);
  return ((await response.json()) as { response: { employers: number } }).response.employers;
}

export async function measureEmployerSearch(
  options = DEFAULT_EMPLOYER_SEARCH_OPTIONS,
): Promise<EmployerSearchResult[]> {
  const results = [await measureOne(undefined, options)];
  if (process.env.DATABASE_URL) results.push(await measureOne(process.env.DATABASE_URL, options));
  return results;
}

export function employerSearchRows(results: readonly EmployerSearchResult[]): Row[] {
  return results.flatMap((result): Row[] => [
    {
      metric: `employer search (utility/employer) p50 / p99, ${result.database}`,
      value: `${formatMs(result.search.p50Ms)} / ${formatMs(result.search.p99Ms)} (${result.samples} sequential over ${result.employers.toLocaleString('en-US')} employers)`,
      target: '-',
      verdict: 'info',
    },
    {
      metric: `ratio: employer search ÷ shielded no-op latency, p99, ${result.database}`,
      value: `${result.ratioP99.toFixed(1)} (p50 ${result.ratioP50.toFixed(1)}; no-op ${formatMs(result.noop.p50Ms)} / ${formatMs(result.noop.p99Ms)})`,
      target: '-',
      verdict: 'info',
    },
  ]);
}

// `tsx bench/employer-search.ts` runs it alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { formatTable } = await import('./report.ts');
  const results = await measureEmployerSearch();
  console.log(formatTable(employerSearchRows(results)));
  console.log(JSON.stringify(results, null, 2));
}
