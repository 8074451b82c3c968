/**
 * Memory through a write stall (README "Running more than one instance"): the API on PostgreSQL in
 * a child process, `connections` clients sending analytics events without pause, and another
 * connection holding `LOCK TABLE analytics_events IN ACCESS EXCLUSIVE MODE` for `stallSeconds`.
 * Prints the answers by status and the server's peak RSS before and during the stall.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/write-stall.ts [stallSeconds] [connections] [clientTimeoutSeconds]
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ENV, ROUTES } from './api-process.ts';
import { benchPass } from './pass-token.ts';

const stallSeconds = Number(process.argv[2] ?? 60);
const connections = Number(process.argv[3] ?? 200);
/** Clients give up after this many seconds and send on a new connection (the abandoned request stays queued unless dropped). */
const clientTimeoutSeconds = Number(process.argv[4] ?? 1);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is not set');

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const name = `pravesh_stall_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const port = 4700 + Math.floor(Math.random() * 200);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, ...BENCH_ENV, DATABASE_URL: url.toString(), PORT: String(port), REDIS_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { token } = await benchPass();
  let peakBefore = 0;
  let peakDuring = 0;
  let stalled = false;
  const sampler = setInterval(() => {
    const mb = rssMb(server.pid!);
    if (stalled) peakDuring = Math.max(peakDuring, mb);
    else peakBefore = Math.max(peakBefore, mb);
  }, 250);
  const load = autocannon({
    url: `${base}${ROUTES.produce}`,
    method: 'POST',
    connections,
    duration: stallSeconds + 20,
    timeout: clientTimeoutSeconds,
    headers: { 'content-type': 'application/json', 'pb-pass-token': token },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify([{ eventId: randomUUID(), event: 'page_view' }]),
        }),
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const locker = new pg.Client({ connectionString: url.toString() });
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table analytics_events in access exclusive mode');
  stalled = true;
  const readyDuring: number[] = [];
  const probe = setInterval(() => {
    void fetch(`${base}/readyz`).then(
      (response) => readyDuring.push(response.status),
      () => undefined,
    );
  }, 5000);
  await new Promise((resolve) => setTimeout(resolve, stallSeconds * 1000));
  clearInterval(probe);
  await locker.query('rollback');
  stalled = false;
  await locker.end();
  const result = await load;
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      stallSeconds,
      connections,
      requests: result.requests.total,
      statuses: Object.fromEntries(
        Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
      ),
      clientTimeouts: result.timeouts,
      readyzDuringStall: readyDuring,
      peakRssMbBefore: Math.round(peakBefore),
      peakRssMbDuring: Math.round(peakDuring),
    }),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
