import { readFileSync } from 'node:fs';
import pg from 'pg';
import { PASS_TOKEN_HEADER, VISIT_PATH } from '@pravesh/core';
import { benchPass } from './pass-token.ts';
import { CONSTANT_FIELDS, createBenchDatabase, startVisitServer } from './visit-ingestion.ts';
import { NOOP_VISIT_PATH, RAW_VISIT_PATH } from './visit-paths.ts';
import { wrkVisits } from './wrk.ts';

/**
 * `npx tsx bench/profile-visits.ts batched,noop 10`: loads each named visit route of the
 * visit-ingestion bench (batched, raw, noop) in turn for that many seconds with wrk, against one
 * fresh server on a throw-away PostgreSQL database (PROFILE_DATABASE_URL, default the machine's;
 * `pglite` for the embedded one), and prints visits/s, the server's CPU per request and, on
 * PostgreSQL, the CPU its backends spent per request (read from /proc, so run it on the database's
 * host). With `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` the server writes a CPU
 * profile of the run; name one route to keep the profile about it.
 */

const PATHS = { batched: VISIT_PATH, raw: RAW_VISIT_PATH, noop: NOOP_VISIT_PATH } as const;
type Route = keyof typeof PATHS;
const names = (process.argv[2] ?? 'noop,batched').split(',') as Route[];
const seconds = Number(process.argv[3] ?? 10);
for (const name of names)
  if (!(name in PATHS)) throw new Error(`unknown route ${name}; one of ${Object.keys(PATHS).join(', ')}`);

const adminUrl = process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgres = adminUrl === 'pglite' ? undefined : await createBenchDatabase(adminUrl);

/** CPU µs of the PostgreSQL backends serving the bench database (utime + stime of each, from /proc). */
async function backendMicros(): Promise<number> {
  if (!postgres) return 0;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const name = new URL(postgres.url).pathname.slice(1);
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    const ticks = 100; // USER_HZ
    let micros = 0;
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      micros += ((Number(fields[11]) + Number(fields[12])) / ticks) * 1e6;
    }
    return micros;
  } finally {
    await client.end();
  }
}

const server = await startVisitServer(postgres?.url);
try {
  const { token } = await benchPass();
  for (const name of names) {
    const serverBefore = await server.cpuMicros();
    const databaseBefore = await backendMicros();
    const round = await wrkVisits({
      url: server.url + PATHS[name],
      connections: 50,
      seconds,
      tokenHeader: PASS_TOKEN_HEADER,
      token,
      constantFields: CONSTANT_FIELDS,
    });
    const serverMicros = (await server.cpuMicros()) - serverBefore;
    const databaseMicros = (await backendMicros()) - databaseBefore;
    console.log(
      `${name}: ${Math.round(round.ok / round.seconds)} visits/s, server ${(serverMicros / round.requests).toFixed(1)} µs/req, ` +
        `database ${(databaseMicros / round.requests).toFixed(1)} µs/req, ` +
        `server busy ${((100 * serverMicros) / (round.seconds * 1e6)).toFixed(0)} % of one core, p99 ${round.p99Ms.toFixed(1)} ms, ` +
        `${round.non2xx + round.errors} failed`,
    );
  }
} finally {
  await server.stop();
  await postgres?.drop();
}
