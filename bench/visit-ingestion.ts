import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { PASS_TOKEN_HEADER, VISIT_PATH } from '@pravesh/core';
import { loadConfig } from '@pravesh/server/config';
import { issuePassToken } from '../apps/server/src/modules/shield/issue-token.ts';
import { createKeyring } from '../apps/server/src/modules/shield/keyring.ts';
import { BENCH_ENV, BENCH_SITE_ID, type ParentMessage, type ServerMessage } from './api-process.ts';
import { formatMs, formatTable, type Row } from './report.ts';
import { RAW_VISIT_PATH, VISIT_COUNT_PATH } from './visit-server.ts';

/**
 * Visit ingestion (issue 3): POST /MSP/api/v1/visit at 50 connections on PostgreSQL and on
 * PGlite, beside the same route wired to one INSERT per request, in the same run. Each request
 * carries a fresh visitId and every field of a visit, as the SDK sends it. After each run the
 * server's row count must have grown by exactly the number of 2xx answers.
 *
 * Target (PostgreSQL, batched): ≥ 10,000 visits/s with p99 < 50 ms and no non-2xx answer.
 */

export type DatabaseKind = 'postgres' | 'pglite';
export type RouteKind = 'batched' | 'raw';

export interface IngestionOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Admin URL of the PostgreSQL server; a throw-away database is created and dropped on it. */
  postgresUrl: string;
}

export const DEFAULT_INGESTION_OPTIONS: IngestionOptions = {
  connections: 50,
  warmupSeconds: 2,
  durationSeconds: 10,
  postgresUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};

export const VISIT_TARGET = { visitsPerSecond: 10_000, p99Ms: 50 } as const;

export interface IngestionRun {
  database: DatabaseKind;
  route: RouteKind;
  visitsPerSecond: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Rows the server gained minus 2xx answers: anything but 0 is a lost or extra write. */
  unaccountedRows: number;
}

export interface IngestionResult {
  connections: number;
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

function visitBody(): string {
  const visitId = randomUUID();
  return JSON.stringify({
    visitId,
    visitorId: randomUUID(),
    deviceId: 'bench-device',
    parentVisitId: visitId,
    absoluteParentVisitId: visitId,
    siteName: 'Homepage',
    createdAt: Date.now(),
    completeUrl: b64('https://www.example.in/personal-loan?utm_source=google&utm_medium=cpc'),
    ...UTM,
  });
}

interface VisitServer {
  url: string;
  stop(): Promise<void>;
}

async function startVisitServer(databaseUrl: string | undefined): Promise<VisitServer> {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const entry = fileURLToPath(new URL('./visit-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', tsxLoader, entry], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
  });
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('visit server did not start in 60 s')), 60_000);
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve(message.url);
      else if (message.type === 'failed') reject(new Error(`visit server failed to start: ${message.error}`));
      else return;
      clearTimeout(timer);
    });
    void exited.then(([code]) => {
      clearTimeout(timer);
      reject(new Error(`visit server exited with code ${String(code)} before it was ready`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' } satisfies ParentMessage);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A throw-away database on the PostgreSQL server, dropped by the returned function. */
async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
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

async function signPassToken(): Promise<string> {
  const config = loadConfig(BENCH_ENV);
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  return issuePassToken({ keyring, siteId: BENCH_SITE_ID, validitySeconds: 3600 });
}

async function rowCount(baseUrl: string): Promise<number> {
  const response = await fetch(baseUrl + VISIT_COUNT_PATH);
  return ((await response.json()) as { count: number }).count;
}

async function load(options: Options): Promise<{ result: Result; latencies: number[] }> {
  const latencies: number[] = [];
  const instance = autocannon(options);
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  return { result: await instance, latencies };
}

function p99(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.99 * sorted.length) - 1)] ?? Number.NaN;
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
    const target = (route: RouteKind): Options => ({
      url: server.url + (route === 'batched' ? VISIT_PATH : RAW_VISIT_PATH),
      connections: options.connections,
      requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: visitBody() }) }],
    });
    for (const route of ['batched', 'raw'] as const) {
      const check = await fetch(target(route).url, { method: 'POST', headers, body: visitBody() });
      if (check.status !== 200) throw new Error(`${route} visit route answered ${check.status}: ${await check.text()}`);
      await load({ ...target(route), duration: options.warmupSeconds });
    }
    const runs: IngestionRun[] = [];
    // Raw first, then batched: the table is larger for the batched run, which only handicaps it.
    for (const route of ['raw', 'batched'] as const) {
      const before = await rowCount(server.url);
      const { result, latencies } = await load({ ...target(route), duration: options.durationSeconds });
      const after = await rowCount(server.url);
      runs.push({
        database,
        route,
        visitsPerSecond: result['2xx'] / result.duration,
        p99Ms: p99(latencies),
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        unaccountedRows: after - before - result['2xx'],
      });
    }
    return runs;
  } finally {
    await server.stop();
  }
}

export async function measureVisitIngestion(
  options: IngestionOptions = DEFAULT_INGESTION_OPTIONS,
): Promise<IngestionResult> {
  const token = await signPassToken();
  const result: IngestionResult = { connections: options.connections, runs: [], failures: {} };
  let postgres: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  try {
    postgres = await createBenchDatabase(options.postgresUrl);
    result.runs.push(...(await measureDatabase('postgres', postgres.url, token, options)));
  } catch (error) {
    result.failures.postgres = error instanceof Error ? error.message : String(error);
  } finally {
    await postgres?.drop().catch(() => undefined);
  }
  try {
    result.runs.push(...(await measureDatabase('pglite', undefined, token, options)));
  } catch (error) {
    result.failures.pglite = error instanceof Error ? error.message : String(error);
  }
  return result;
}

function problems(run: IngestionRun): string | undefined {
  const found = [
    run.non2xx > 0 ? `${run.non2xx} non-2xx` : '',
    run.errors > 0 ? `${run.errors} errors` : '',
    run.unaccountedRows !== 0 ? `${run.unaccountedRows} rows unaccounted for` : '',
  ].filter(Boolean);
  return found.length > 0 ? found.join(', ') : undefined;
}

export function visitIngestionRows(result: IngestionResult): Row[] {
  const rows: Row[] = [];
  for (const run of result.runs) {
    const label = `POST visit ${run.route === 'batched' ? 'batched' : '1 insert/request'} (${run.database}, ${result.connections} conn)`;
    const failed = problems(run);
    const gated = run.database === 'postgres' && run.route === 'batched';
    const met = run.visitsPerSecond >= VISIT_TARGET.visitsPerSecond && run.p99Ms < VISIT_TARGET.p99Ms;
    const verdict = failed ? 'ERROR' : gated ? (met ? 'ok' : 'MISSED') : 'info';
    rows.push(
      {
        metric: `${label} visits/s`,
        value: Math.round(run.visitsPerSecond).toLocaleString('en-US'),
        target: gated ? `>= ${VISIT_TARGET.visitsPerSecond.toLocaleString('en-US')}` : '-',
        verdict,
        note: failed,
      },
      {
        metric: `${label} p99 latency`,
        value: formatMs(run.p99Ms),
        target: gated ? `< ${VISIT_TARGET.p99Ms} ms` : '-',
        verdict,
      },
    );
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
