import { parseArgs } from 'node:util';
import { cleanUpNow } from './cleanup.ts';
import { embeddedDatabaseFaults } from './embedded.ts';
import { FAULTS, type Check, type Fault, type FaultContext, type Settings } from './faults.ts';
import { createInstance, logPath, type Instance } from './instances.ts';
import { Load, isAck, passSource, recoverySeconds } from './load.ts';
import { MB, loadChecks, refusalsByStatus, storedCounts, table, type FaultRow } from './report.ts';
import { freePort, sleep, startPostgres, startRedis, tempDir } from './services.ts';

/**
 * `npm run faults` (README "Fault suite"): its own PostgreSQL cluster and Redis, two server
 * instances on them, bounded load on visits and analytics events, and each fault of the operator's
 * pre-launch trial injected in turn. Afterwards the database is asked about every id sent. Prints
 * one table and the checks; exits 1 when a check fails, 2 when the suite itself could not run.
 *
 * `--short` is the variant `npm test` runs (under 3 minutes on a 2-core box); with `--skippable`
 * (the test script's step) PRAVESH_SKIP_FAULTS=1 skips it, loudly.
 */

const PORTS = {
  postgres: [5450, 5459],
  redis: [6430, 6439],
  instances: [4700, 4709],
} as const satisfies Record<string, [number, number]>;

function settingsFor(short: boolean): Settings {
  const rssBoundMb = Number(process.env.FAULTS_RSS_BOUND_MB ?? 512);
  return short
    ? {
        short,
        beforeSeconds: 2,
        afterSeconds: 4,
        baselineSeconds: 3,
        redisDownSeconds: 3,
        lockSeconds: 6,
        workersPerInstance: 4,
        // The short run shares two cores with the journeys (scripts/test.ts): paced, its eight
        // workers still keep requests in flight through every fault (each fault's row counts them),
        // without taking a core from the journeys for its whole run.
        pauseMs: 20,
        requestTimeoutMs: 2_000,
        rssBoundBytes: rssBoundMb * MB,
        tokenCheckBoundMs: 1_000,
        totalBoundSeconds: 300,
      }
    : {
        short,
        beforeSeconds: 5,
        afterSeconds: 15,
        baselineSeconds: 10,
        redisDownSeconds: 8,
        lockSeconds: 10,
        workersPerInstance: 12,
        pauseMs: 0,
        requestTimeoutMs: 2_000,
        rssBoundBytes: rssBoundMb * MB,
        tokenCheckBoundMs: 1_000,
        totalBoundSeconds: 900,
      };
}

/** The highest resident memory of each instance while a fault runs, sampled every 250 ms. */
class RssSampler {
  peaks = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly instances: readonly Instance[]) {
    this.timer = setInterval(() => this.sample(), 250);
  }
  sample(): void {
    for (const instance of this.instances) {
      this.peaks.set(instance.name, Math.max(this.peaks.get(instance.name) ?? 0, instance.rss()));
    }
  }
  take(): Map<string, number> {
    this.sample();
    const peaks = this.peaks;
    this.peaks = new Map();
    return peaks;
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

const runStart = performance.now();
/** A progress line with the seconds since the suite started. */
function progress(text: string): void {
  console.log(`faults: [${Math.round((performance.now() - runStart) / 1000)} s] ${text}`);
}

async function runFault(fault: Fault, context: FaultContext, sampler: RssSampler): Promise<FaultRow> {
  const { load, settings, a, b } = context;
  progress(`${fault.name} …`);
  const logBefore = a.logBytes() + b.logBytes();
  sampler.take();
  const firstSent = load.sent.length;
  load.fault = fault.name;
  // The baseline has nothing to lead into or recover from.
  const baseline = fault.recoveryBoundSeconds === 0;
  if (!baseline) await sleep(settings.beforeSeconds * 1000);
  const outcome = await fault.inject(context);
  if (!baseline) await sleep(settings.afterSeconds * 1000);
  const sent = load.sent.slice(firstSent).filter((entry) => entry.fault === fault.name);
  return {
    fault: fault.name,
    sent,
    recovery: recoverySeconds(sent, outcome.faultEnd),
    recoveryBoundSeconds: fault.recoveryBoundSeconds,
    peakRss: sampler.take(),
    logBytes: a.logBytes() + b.logBytes() - logBefore,
    checks: outcome.checks,
    notes: outcome.notes,
  };
}

/** Every id of `table` and how often it is stored. */
async function storedIds(context: FaultContext, table: string, column: string): Promise<Map<string, number>> {
  const result = await context.postgres.query<{ id: string; n: string }>(
    `select ${column}::text as id, count(*) as n from ${table} group by 1`,
  );
  return new Map(result.rows.map((row) => [row.id, Number(row.n)]));
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { short: { type: 'boolean' }, skippable: { type: 'boolean' } } });
  const short = values.short ?? false;
  if (values.skippable && process.env.PRAVESH_SKIP_FAULTS === '1') {
    console.log('faults: SKIPPED — PRAVESH_SKIP_FAULTS=1 is set; the fault suite did not run');
    return 0;
  }
  const settings = settingsFor(short);
  const bound = setTimeout(() => {
    console.error(`faults: over the ${settings.totalBoundSeconds} s bound, stopping everything`);
    cleanUpNow();
    process.exit(2);
  }, settings.totalBoundSeconds * 1000);
  const startedAt = performance.now();

  const keepLogs = process.env.FAULTS_KEEP_LOGS === '1';
  const logs = tempDir('pravesh-faults-logs-', keepLogs);
  const taken = new Set<number>();
  const port = async () => {
    const free = await freePort(...PORTS.instances, taken);
    taken.add(free);
    return free;
  };
  const pass = passSource();
  // The embedded-database case (a second server on one PGlite folder, then the first killed
  // mid-write and started again) times nothing (its bound is a minute and a half) but migrates a
  // fresh embedded database, the suite's longest step after the faults themselves: it runs
  // while PostgreSQL, Redis and the two instances start, and is over before any load or fault, so
  // the recovery times and memory below stay the faults' own.
  const embeddedPorts: [number, number] = [await port(), await port()];
  progress('the embedded database (a second server on its folder, SIGKILL mid-write), while the rest starts …');
  const embeddedCase = embeddedDatabaseFaults(embeddedPorts, logs.dir, pass)
    .catch((error: unknown) => ({
      checks: [{ name: 'the case ran', pass: false, detail: error instanceof Error ? error.message : String(error) }],
      notes: [],
    }))
    .finally(() => progress('the embedded database: done'));
  const postgres = await startPostgres([...PORTS.postgres]);
  const redis = await startRedis([...PORTS.redis]);
  const instanceData = tempDir('pravesh-faults-data-');
  const ports = [await port(), await port()] as const;
  const shared = {
    // Behind one balancer address: tokens name their issuer, and both instances must be it.
    PRAVESH_PUBLIC_URL: `http://localhost:${ports[0]}`,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    PRAVESH_MIGRATION_DATABASE_URL: '',
    PRAVESH_DATA_DIR: instanceData.dir,
    // As deployed behind a balancer (README "Running more than one instance"): after SIGTERM the
    // instance answers /readyz 503 for this long, still serving, before it drains and exits.
    PRAVESH_SHUTDOWN_DELAY_MS: '1500',
  };
  const a = createInstance({ name: 'A', port: ports[0], env: shared, logFile: logPath(logs.dir, 'A') });
  const b = createInstance({ name: 'B', port: ports[1], env: shared, logFile: logPath(logs.dir, 'B') });
  // One at a time: both migrating the fresh database at once is not what is under test here.
  await a.start();
  await b.start();
  progress(
    `PostgreSQL :${postgres.port}, Redis :${redis.port}, A :${a.port}, B :${b.port} (${short ? 'short' : 'full'} run; logs in ${logs.dir})`,
  );

  const embedded = await embeddedCase;
  const load = new Load({
    instances: [a, b],
    workersPerInstance: settings.workersPerInstance,
    pauseMs: settings.pauseMs,
    requestTimeoutMs: settings.requestTimeoutMs,
    pass,
  });
  const context: FaultContext = { postgres, redis, a, b, load, pass, settings };
  const sampler = new RssSampler([a, b]);
  const rows: FaultRow[] = [];
  load.start();
  try {
    for (const fault of FAULTS) {
      try {
        rows.push(await runFault(fault, context, sampler));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`faults: ${fault.name} could not run: ${message}`);
        rows.push({
          fault: fault.name,
          sent: [],
          recovery: null,
          recoveryBoundSeconds: fault.recoveryBoundSeconds,
          peakRss: sampler.take(),
          logBytes: 0,
          checks: [{ name: 'the fault ran', pass: false, detail: message }],
          notes: [],
        });
        // An instance that did not come back is started again so the next faults can run.
        if (fault !== FAULTS.at(-1)) for (const instance of [a, b]) if (!instance.running()) await instance.start();
      }
    }
  } finally {
    await load.stop();
    sampler.stop();
  }
  // Stopped (SIGTERM: they flush what they queued) before the database is asked, so a refused
  // or abandoned write that is still queued somewhere has landed when the ids are counted.
  await Promise.all([a.stop(), b.stop()]);
  const stored = {
    visit: await storedIds(context, 'visits', 'visit_id'),
    event: await storedIds(context, 'analytics_events', 'event_id'),
  };
  await redis.close();
  postgres.stop();

  const header = [
    'fault',
    'requests',
    'acked',
    'refusals by status',
    'lost',
    'dup',
    'refused stored',
    'gave up (stored)',
    'recovery s',
    'peak RSS MB',
    'log KB',
  ];
  const lines: string[][] = [];
  const failures: string[] = [];
  const report: string[] = [];
  const addChecks = (fault: string, checks: Check[]) => {
    for (const check of checks) {
      report.push(`${check.pass ? 'PASS' : 'FAIL'}  ${fault}: ${check.name} — ${check.detail}`);
      if (!check.pass) failures.push(`${fault}: ${check.name}`);
    }
  };
  for (const row of rows) {
    const counts = storedCounts(row.sent, stored);
    lines.push([
      row.fault,
      String(row.sent.length),
      String(row.sent.filter((entry) => isAck(entry.outcome)).length),
      refusalsByStatus(row.sent),
      String(counts.lost),
      String(counts.duplicated),
      String(counts.refusedStored),
      `${counts.gaveUp} (${counts.gaveUpStored})`,
      row.recoveryBoundSeconds === 0 ? '-' : row.recovery === null ? 'never' : row.recovery.toFixed(1),
      [...row.peakRss].map(([name, bytes]) => `${name} ${Math.round(bytes / MB)}`).join(' / '),
      String(Math.round(row.logBytes / 1024)),
    ]);
    if (row.sent.length > 0) addChecks(row.fault, loadChecks(row, counts, settings));
    addChecks(row.fault, row.checks);
    for (const note of row.notes) report.push(`      ${row.fault}: ${note}`);
  }
  lines.push(['embedded database', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-']);
  addChecks('embedded database', embedded.checks);

  clearTimeout(bound);
  console.log(
    `\nFault suite (${short ? 'short' : 'full'}, ${Math.round((performance.now() - startedAt) / 1000)} s; ` +
      `${settings.workersPerInstance} workers per instance${settings.pauseMs ? `, ${settings.pauseMs} ms apart` : ''}, clients give up after ${settings.requestTimeoutMs / 1000} s)\n`,
  );
  console.log(table(header, lines));
  console.log(`\n${report.join('\n')}\n`);
  if (failures.length > 0) {
    console.log(`faults: ${failures.length} check(s) failed`);
    if (keepLogs) console.log(`faults: the instances' logs are in ${logs.dir}`);
    else console.log("faults: FAULTS_KEEP_LOGS=1 keeps the instances' logs");
    return 1;
  }
  console.log('faults: every check passed');
  return 0;
}

main().then(
  (code) => {
    cleanUpNow();
    process.exit(code);
  },
  (error: unknown) => {
    console.error('faults: the suite could not run:', error);
    cleanUpNow();
    process.exit(2);
  },
);
