import { fileURLToPath } from 'node:url';
import { AGGREGATOR_ROUTES, CREDIT_ACCESS_TOKEN_HEADER, PASS_TOKEN_HEADER, TRANSACTION_TABS } from '@pravesh/core';
import { ROUTES, startApiProcess } from './api-process.ts';
import { benchPass } from './pass-token.ts';
import { formatMs, percentile, type Row } from './report.ts';
import { benchCustomer } from './sso.ts';

/**
 * "npm run bench adds: transactions page query p99 for an account with 10,000
 * transactions, and a 3-month statement PDF's generation time, as ratios of the shielded no-op
 * route in the same run". One customer with a linked account of 10,000 fetched transactions over
 * two years (bench fixture: an approved consent at the simulator, busyAccountHistory) on the real
 * API (bench/sso-server.ts), PGlite, and PostgreSQL too when DATABASE_URL is set. One request at a
 * time, so each latency is one request's own, in rounds that alternate with the shielded no-op so
 * both see the same moments of a shared machine:
 *
 *   page       GET FI/transaction: a random tab (Credit, Debit, All) and a random one of its pages
 *              (access token verified, the account checked as the customer's, the page and its
 *              total read off the indexes of migration 0019)
 *   statement  GET fi/transaction months=3 as application/pdf: about 1,250 rows, some 30 pages
 *              (the consent synced with the AA, the rows read, the PDF drawn with its embedded font)
 *
 * Reported, not asserted (the issue sets no target).
 */

export interface AggregatorBenchOptions {
  rounds: number;
  pagesPerRound: number;
  statementsPerRound: number;
}

export const DEFAULT_AGGREGATOR_OPTIONS: AggregatorBenchOptions = {
  rounds: 10,
  pagesPerRound: 60,
  statementsPerRound: 2,
};

interface Latencies {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface AggregatorBenchResult {
  database: 'pglite' | 'postgres';
  transactions: number;
  noop: Latencies & { samples: number };
  page: Latencies & { samples: number };
  statement: Latencies & { samples: number; bytes: number };
  /** The page's p99 over the no-op's p99; the statement's p50 and p95 over the no-op's. */
  pageRatioP99: number;
  statementRatioP50: number;
  statementRatioP95: number;
}

const TRANSACTIONS = 10_000;

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return { ms, bytes: body.byteLength };
}

function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), p99Ms: percentile(sorted, 0.99) };
}

async function measureOne(databaseUrl: string | undefined, options: AggregatorBenchOptions) {
  const { SSO_BENCH_DATABASE_URL: _db, SSO_BENCH_REDIS_URL: _redis, ...inherited } = process.env;
  const env = databaseUrl ? { ...inherited, SSO_BENCH_DATABASE_URL: databaseUrl } : inherited;
  const api = await startApiProcess({ entry: './sso-server.ts', env, name: 'aggregator API' });
  try {
    const { token, siteKey } = await benchPass();
    const customer = await benchCustomer(api.url, token, siteKey);
    const fixture = await fetch(api.url + ROUTES.aggregatorFixture, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: customer.customerId, transactions: TRANSACTIONS }),
    });
    if (!fixture.ok) throw new Error(`aggregator fixture answered ${fixture.status}: ${await fixture.text()}`);
    const { accountId } = ((await fixture.json()) as { response: { accountId: string } }).response;

    const noopUrl = api.url + ROUTES.shielded;
    const noopHeaders = { [PASS_TOKEN_HEADER]: token };
    const headers = { ...noopHeaders, [CREDIT_ACCESS_TOKEN_HEADER]: customer.accessToken };
    const pageCounts = new Map<string, number>();
    for (const tab of TRANSACTION_TABS) {
      const first = await fetch(`${api.url}${AGGREGATOR_ROUTES.transaction}?accountId=${accountId}&type=${tab}`, {
        headers,
      });
      const body = (await first.json()) as { response?: { pageCount: number; totalRecords: number } };
      if (!body.response) throw new Error(`FI/transaction answered ${first.status}`);
      pageCounts.set(tab, body.response.pageCount);
    }
    if (pageCounts.get('All')! * 20 < TRANSACTIONS)
      throw new Error('the fixture account has fewer transactions than asked');
    // A different page each time (seeded, so runs are alike): the query, not a cache, is measured.
    let seed = 17;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pageUrl = () => {
      const tab = TRANSACTION_TABS[Math.floor(random() * TRANSACTION_TABS.length)]!;
      const page = 1 + Math.floor(random() * pageCounts.get(tab)!);
      return `${api.url}${AGGREGATOR_ROUTES.transaction}?accountId=${accountId}&type=${tab}&page=${page}`;
    };
    const statementUrl = `${api.url}${AGGREGATOR_ROUTES.statement}?accountId=${accountId}&months=3`;
    const statementHeaders = { ...headers, accept: 'application/pdf' };

    // Warm-up: font parsing, JIT, first queries.
    for (let i = 0; i < 20; i++) {
      await timed(noopUrl, noopHeaders);
      await timed(pageUrl(), headers);
    }
    await timed(statementUrl, statementHeaders);

    const noop: number[] = [];
    const page: number[] = [];
    const statement: number[] = [];
    let bytes = 0;
    for (let round = 0; round < options.rounds; round++) {
      const kinds = ['noop', 'page', 'statement'] as const;
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(k + round) % kinds.length]!;
        if (kind === 'noop') {
          for (let i = 0; i < options.pagesPerRound; i++) noop.push((await timed(noopUrl, noopHeaders)).ms);
        } else if (kind === 'page') {
          for (let i = 0; i < options.pagesPerRound; i++) page.push((await timed(pageUrl(), headers)).ms);
        } else {
          for (let i = 0; i < options.statementsPerRound; i++) {
            const sample = await timed(statementUrl, statementHeaders);
            statement.push(sample.ms);
            bytes = sample.bytes;
          }
        }
      }
    }
    const n = latencies(noop);
    const p = latencies(page);
    const s = latencies(statement);
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      transactions: TRANSACTIONS,
      noop: { ...n, samples: noop.length },
      page: { ...p, samples: page.length },
      statement: { ...s, samples: statement.length, bytes },
      pageRatioP99: p.p99Ms / n.p99Ms,
      statementRatioP50: s.p50Ms / n.p50Ms,
      statementRatioP95: s.p95Ms / n.p95Ms,
    } satisfies AggregatorBenchResult;
  } finally {
    await api.stop();
  }
}

export async function measureAggregator(
  options: AggregatorBenchOptions = DEFAULT_AGGREGATOR_OPTIONS,
): Promise<AggregatorBenchResult[]> {
  const results = [await measureOne(undefined, options)];
  if (process.env.DATABASE_URL) results.push(await measureOne(process.env.DATABASE_URL, options));
  return results;
}

export function aggregatorRows(results: readonly AggregatorBenchResult[]): Row[] {
  return results.flatMap((result): Row[] => {
    const db = result.database;
    const { noop, page, statement } = result;
    return [
      {
        metric: `FI/transaction page (10,000-transaction account) p50 / p99, ${db}`,
        value: `${formatMs(page.p50Ms)} / ${formatMs(page.p99Ms)} (${page.samples} sequential, random tab and page)`,
        target: '-',
        verdict: 'info',
      },
      {
        metric: `ratio: FI/transaction page p99 ÷ shielded no-op p99, ${db}`,
        value: `${result.pageRatioP99.toFixed(1)} (no-op p99 ${formatMs(noop.p99Ms)})`,
        target: '-',
        verdict: 'info',
      },
      {
        metric: `3-month statement PDF (fi/transaction) p50 / p95, ${db}`,
        value: `${formatMs(statement.p50Ms)} / ${formatMs(statement.p95Ms)} (${statement.samples} sequential, ${(statement.bytes / 1024).toFixed(0)} KB)`,
        target: '-',
        verdict: 'info',
      },
      {
        metric: `ratio: statement PDF ÷ shielded no-op latency, p50 / p95, ${db}`,
        value: `${result.statementRatioP50.toFixed(0)} / ${result.statementRatioP95.toFixed(0)} (no-op ${formatMs(noop.p50Ms)} / ${formatMs(noop.p95Ms)})`,
        target: '-',
        verdict: 'info',
      },
    ];
  });
}

// `tsx bench/aggregator.ts` runs it alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { formatTable } = await import('./report.ts');
  const results = await measureAggregator();
  console.log(formatTable(aggregatorRows(results)));
  console.log(JSON.stringify(results, null, 2));
}
