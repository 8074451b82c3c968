import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { PASS_TOKEN_HEADER, VISIT_PATH } from '@pravesh/core';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import { benchPass } from './pass-token.ts';
import { formatMs, formatTable, percentile, type Row } from './report.ts';
import { NOOP_VISIT_PATH, RAW_VISIT_PATH, VISIT_COUNT_PATH } from './visit-paths.ts';
import { wrkInstalled, wrkVisits, type LoadRound } from './wrk.ts';

/**
 * Visit ingestion: POST /MSP/api/v1/visit at 50 connections on PostgreSQL and on
 * PGlite, beside the same route wired to one INSERT per request, in the same run. Each request
 * carries a fresh visitId and every field of a visit, as the SDK sends it. After each run the
 * server's row count must have grown by exactly the number of 2xx answers. The load comes from
 * wrk when it is installed (lighter on the shared CPU, see wrk.ts), from autocannon otherwise;
 * BENCH_LOAD_GENERATOR=wrk|autocannon chooses.
 *
 * Target (PostgreSQL, batched): ≥ 10,000 visits/s with p99 < 50 ms and no non-2xx answer.
 */

export type DatabaseKind = 'postgres' | 'pglite';
/** batched: the real route; raw: one INSERT per request; noop: shield and body only, no work. */
export type RouteKind = 'batched' | 'raw' | 'noop';
export type LoadGenerator = 'wrk' | 'autocannon';

export interface IngestionOptions {
  connections: number;
  warmupSeconds: number;
  /** Seconds per route in total, split over `rounds` that alternate the routes' order. */
  durationSeconds: number;
  rounds: number;
  /** Admin URL of the PostgreSQL server; a throw-away database is created and dropped on it. */
  postgresUrl: string;
  /** Default: BENCH_LOAD_GENERATOR, else wrk when installed, else autocannon. */
  loadGenerator?: LoadGenerator;
}

function chosenLoadGenerator(): LoadGenerator {
  const chosen = process.env.BENCH_LOAD_GENERATOR;
  if (chosen === 'wrk' || chosen === 'autocannon') return chosen;
  if (chosen) throw new Error(`BENCH_LOAD_GENERATOR must be wrk or autocannon, not ${chosen}`);
  return wrkInstalled() ? 'wrk' : 'autocannon';
}

export const DEFAULT_INGESTION_OPTIONS: IngestionOptions = {
  connections: 50,
  warmupSeconds: 2,
  durationSeconds: 10,
  rounds: 2,
  postgresUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};

export const VISIT_TARGET = { visitsPerSecond: 10_000, p99Ms: 50 } as const;

/**
 * The batched route ÷ the no-op ceiling (same shield and body, no work) of the same server and run:
 * what the route's own work costs, on PostgreSQL with wrk, apart from how busy the shared box is.
 */
export const VISIT_CEILING_RATIO_TARGET = 0.7;

export interface IngestionRun {
  database: DatabaseKind;
  route: RouteKind;
  visitsPerSecond: number;
  /** The worst round's 99th percentile. */
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time of the server process per request (user + system), in microseconds; the database's own CPU is not in it. */
  serverCpuMicrosPerRequest: number;
  /** 2xx answers without a stored row, over all rounds: must be 0. */
  lostRows: number;
  /**
   * Most rows stored beyond the 2xx answers in one round. autocannon stops at its deadline
   * without reading answers in flight, so up to one per connection is expected; more would mean
   * a visit stored twice.
   */
  unansweredRows: number;
}

export interface IngestionResult {
  connections: number;
  loadGenerator: LoadGenerator;
  runs: IngestionRun[];
  /** Databases that could not be measured, with the reason. */
  failures: Partial<Record<DatabaseKind, string>>;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const UTM = {
  utmContent: b64('banner-top'),
  utmMedium: b64('cpc'),
  utmCampaign: b64('diwali-2026'),
  utmSource: b64('google'),
  utmName: b64('loans'),
  utmTerm: b64('personal loan'),
  utmTitle: b64('Personal loans at 10.5%'),
  utm: b64('utm_source=google&utm_medium=cpc&utm_campaign=diwali-2026'),
  dataSource: b64('web'),
  pbUtmCampaign: 'diwali-2026',
  pbUtmContent: 'banner-top',
  pbUtmMedium: 'cpc',
  pbUtmSource: 'google',
  pbUtmTerm: 'personal loan',
};

/** The fields every visit of the run shares, as JSON without its braces. */
export const CONSTANT_FIELDS = JSON.stringify({
  deviceId: 'bench-device',
  siteName: 'Homepage',
  completeUrl: b64('https://www.example.in/personal-loan?utm_source=google&utm_medium=cpc'),
  ...UTM,
}).slice(1, -1);

/**
 * A visit with fresh ids, as the SDK sends it. Built from a template rather than JSON.stringify
 * of a whole object: the load generator shares the 2 cores with the server and the database,
 * and its own CPU per request is taken from theirs. The bytes sent are the same.
 */
function visitBody(): string {
  const visitId = randomUUID();
  return (
    `{"visitId":"${visitId}","visitorId":"${randomUUID()}","parentVisitId":"${visitId}",` +
    `"absoluteParentVisitId":"${visitId}","createdAt":${Date.now()},${CONSTANT_FIELDS}}`
  );
}

export function startVisitServer(databaseUrl: string | undefined): Promise<ApiProcess> {
  return startApiProcess({
    entry: './visit-server.ts',
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    name: 'visit server',
  });
}

/** A throw-away database on the PostgreSQL server, dropped by the returned function. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pravesh_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function rowCount(baseUrl: string): Promise<number> {
  const response = await fetch(baseUrl + VISIT_COUNT_PATH);
  return ((await response.json()) as { count: number }).count;
}

/** The row count once requests still in flight have landed (two equal reads 200 ms apart). */
async function settledRowCount(baseUrl: string): Promise<number> {
  let previous = await rowCount(baseUrl);
  for (let attempt = 0; attempt < 25; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const current = await rowCount(baseUrl);
    if (current === previous) return current;
    previous = current;
  }
  return previous;
}

async function autocannonRound(options: Options): Promise<LoadRound> {
  const latencies: number[] = [];
  const instance = autocannon(options);
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result: Result = await instance;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p99Ms: percentile(
      latencies.sort((a, b) => a - b),
      0.99,
    ),
  };
}

const PATHS: Record<RouteKind, string> = { batched: VISIT_PATH, raw: RAW_VISIT_PATH, noop: NOOP_VISIT_PATH };

/** Counts of one route, added up over its rounds. */
interface Tally {
  ok: number;
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  lostRows: number;
  unansweredRows: number;
  cpuMicros: number;
  worstP99Ms: number;
}

async function measureDatabase(
  database: DatabaseKind,
  databaseUrl: string | undefined,
  token: string,
  options: IngestionOptions,
): Promise<IngestionRun[]> {
  const server = await startVisitServer(databaseUrl);
  try {
    const headers = { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' };
    const url = (route: RouteKind) => server.url + PATHS[route];
    const loadRound = (route: RouteKind, seconds: number): Promise<LoadRound> =>
      options.loadGenerator === 'wrk'
        ? wrkVisits({
            url: url(route),
            connections: options.connections,
            seconds,
            tokenHeader: PASS_TOKEN_HEADER,
            token,
            constantFields: CONSTANT_FIELDS,
          })
        : autocannonRound({
            url: url(route),
            connections: options.connections,
            duration: seconds,
            requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: visitBody() }) }],
          });
    const routes: RouteKind[] = ['noop', 'raw', 'batched'];
    for (const route of routes) {
      const check = await fetch(url(route), { method: 'POST', headers, body: visitBody() });
      if (check.status !== 200) throw new Error(`${route} visit route answered ${check.status}: ${await check.text()}`);
      await loadRound(route, options.warmupSeconds);
    }
    const tallies = new Map<RouteKind, Tally>(
      routes.map((route) => [
        route,
        {
          ok: 0,
          requests: 0,
          seconds: 0,
          non2xx: 0,
          errors: 0,
          lostRows: 0,
          unansweredRows: 0,
          cpuMicros: 0,
          worstP99Ms: 0,
        },
      ]),
    );
    const roundSeconds = options.durationSeconds / options.rounds;
    for (let round = 0; round < options.rounds; round += 1) {
      // The box is shared: alternating the order spreads a burst of other work over every route.
      for (const route of round % 2 === 0 ? routes : [...routes].reverse()) {
        const tally = tallies.get(route)!;
        const before = await settledRowCount(server.url);
        const cpuBefore = await server.cpuMicros();
        const result = await loadRound(route, roundSeconds);
        tally.cpuMicros += (await server.cpuMicros()) - cpuBefore;
        const after = await settledRowCount(server.url);
        tally.ok += result.ok;
        tally.requests += result.requests;
        tally.seconds += result.seconds;
        tally.non2xx += result.non2xx;
        tally.errors += result.errors;
        if (route !== 'noop') {
          const extra = after - before - result.ok;
          tally.lostRows += Math.max(0, -extra);
          tally.unansweredRows = Math.max(tally.unansweredRows, extra);
        }
        tally.worstP99Ms = Math.max(tally.worstP99Ms, result.p99Ms);
      }
    }
    return routes.map((route) => {
      const tally = tallies.get(route)!;
      return {
        database,
        route,
        visitsPerSecond: tally.ok / tally.seconds,
        serverCpuMicrosPerRequest: tally.cpuMicros / tally.requests,
        p99Ms: tally.worstP99Ms,
        requests: tally.requests,
        non2xx: tally.non2xx,
        errors: tally.errors,
        lostRows: tally.lostRows,
        unansweredRows: tally.unansweredRows,
      };
    });
  } finally {
    await server.stop();
  }
}

export async function measureVisitIngestion(
  options: IngestionOptions = DEFAULT_INGESTION_OPTIONS,
): Promise<IngestionResult> {
  const token = (await benchPass()).token;
  const loadGenerator = options.loadGenerator ?? chosenLoadGenerator();
  const result: IngestionResult = {
    connections: options.connections,
    loadGenerator,
    runs: [],
    failures: {},
  };
  let postgres: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  try {
    postgres = await createBenchDatabase(options.postgresUrl);
    result.runs.push(...(await measureDatabase('postgres', postgres.url, token, { ...options, loadGenerator })));
  } catch (error) {
    result.failures.postgres = error instanceof Error ? error.message : String(error);
  } finally {
    await postgres?.drop().catch(() => undefined);
  }
  try {
    result.runs.push(...(await measureDatabase('pglite', undefined, token, { ...options, loadGenerator })));
  } catch (error) {
    result.failures.pglite = error instanceof Error ? error.message : String(error);
  }
  return result;
}

function problems(run: IngestionRun, connections: number): string | undefined {
  const found = [
    run.non2xx > 0 ? `${run.non2xx} non-2xx` : '',
    run.errors > 0 ? `${run.errors} errors` : '',
    run.lostRows > 0 ? `${run.lostRows} answered visits not stored` : '',
    run.unansweredRows > connections ? `${run.unansweredRows - connections} more rows than requests` : '',
  ].filter(Boolean);
  return found.length > 0 ? found.join(', ') : undefined;
}

export function visitIngestionRows(result: IngestionResult): Row[] {
  const rows: Row[] = [];
  for (const run of result.runs) {
    const kind = { batched: 'batched', raw: '1 insert/request', noop: 'no-op ceiling' }[run.route];
    const label = `POST visit ${kind} (${run.database}, ${result.connections} conn, ${result.loadGenerator})`;
    const failed = problems(run, result.connections);
    const gated = run.database === 'postgres' && run.route === 'batched';
    // Each target row has its own verdict: a throughput miss does not make the p99 row a miss.
    const verdict = (met: boolean) => (failed ? 'ERROR' : gated ? (met ? 'ok' : 'MISSED') : 'info');
    rows.push(
      {
        metric: `${label} visits/s`,
        value: Math.round(run.visitsPerSecond).toLocaleString('en-US'),
        target: gated ? `>= ${VISIT_TARGET.visitsPerSecond.toLocaleString('en-US')}` : '-',
        verdict: verdict(run.visitsPerSecond >= VISIT_TARGET.visitsPerSecond),
        note: failed,
      },
      {
        metric: `${label} p99 latency`,
        value: formatMs(run.p99Ms),
        target: gated ? `< ${VISIT_TARGET.p99Ms} ms` : '-',
        verdict: verdict(run.p99Ms < VISIT_TARGET.p99Ms),
      },
      {
        metric: `${label} server CPU per request`,
        value: `${Math.round(run.serverCpuMicrosPerRequest)} µs`,
        target: '-',
        verdict: failed ? 'ERROR' : 'info',
      },
    );
  }
  for (const database of ['postgres', 'pglite'] as const) {
    const of = (route: RouteKind) => result.runs.find((run) => run.database === database && run.route === route);
    const batched = of('batched');
    const noop = of('noop');
    if (!batched || !noop || noop.visitsPerSecond === 0) continue;
    const ratio = batched.visitsPerSecond / noop.visitsPerSecond;
    const gated = database === 'postgres' && result.loadGenerator === 'wrk';
    const failed = problems(batched, result.connections) ?? problems(noop, result.connections);
    rows.push({
      metric: `ratio: POST visit batched ÷ no-op ceiling (${database}, ${result.connections} conn, ${result.loadGenerator})`,
      value: `${ratio.toFixed(2)} (${Math.round(batched.visitsPerSecond).toLocaleString('en-US')} ÷ ${Math.round(noop.visitsPerSecond).toLocaleString('en-US')}; ${Math.round(batched.serverCpuMicrosPerRequest)} vs ${Math.round(noop.serverCpuMicrosPerRequest)} µs)`,
      target: gated ? `>= ${VISIT_CEILING_RATIO_TARGET}` : '-',
      verdict: failed ? 'ERROR' : gated ? (ratio >= VISIT_CEILING_RATIO_TARGET ? 'ok' : 'MISSED') : 'info',
      note: failed,
    });
  }
  for (const [database, reason] of Object.entries(result.failures)) {
    rows.push({ metric: `POST visit (${database})`, value: '-', target: '-', verdict: 'ERROR', note: reason });
  }
  return rows;
}

// `npx tsx bench/visit-ingestion.ts` runs it alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureVisitIngestion();
  console.log(formatTable(visitIngestionRows(result)));
  console.log(JSON.stringify(result, null, 2));
}
