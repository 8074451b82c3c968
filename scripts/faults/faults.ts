import { checkToken, logOut, signIn, type SignedIn, type TokenCheck } from './customer.ts';
import type { ExitResult, Instance } from './instances.ts';
import type { Load, Pass } from './load.ts';
import { sleep, type Postgres, type RedisServer } from './services.ts';

/**
 * The faults of the operator's pre-launch trial, each injected under load. A fault's inject()
 * returns once the fault is over (the moment recovery is measured from) and reports the checks
 * only it can make: readiness while the write path is stuck, revocation through Redis data loss,
 * how long a token check takes while Redis is down.
 */

export interface Settings {
  short: boolean;
  /** Load before each fault, and after it (the recovery window), in seconds. */
  beforeSeconds: number;
  afterSeconds: number;
  baselineSeconds: number;
  redisDownSeconds: number;
  lockSeconds: number;
  workersPerInstance: number;
  /** A worker's pause after each answer: 0 sends as fast as answers come (see LoadOptions.pauseMs). */
  pauseMs: number;
  requestTimeoutMs: number;
  rssBoundBytes: number;
  /** A token check with Redis down should cost a database read, not a reconnect wait. */
  tokenCheckBoundMs: number;
  /** Everything, setup to cleanup. */
  totalBoundSeconds: number;
}

export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export interface FaultContext {
  postgres: Postgres;
  redis: RedisServer;
  a: Instance;
  b: Instance;
  load: Load;
  pass: Pass;
  settings: Settings;
}

export interface FaultOutcome {
  /** performance.now() when the fault was over. */
  faultEnd: number;
  checks: Check[];
  notes: string[];
}

export interface Fault {
  name: string;
  /** Longest acceptable recovery, in seconds. */
  recoveryBoundSeconds: number;
  inject(context: FaultContext): Promise<FaultOutcome>;
}

interface Probe {
  at: number;
  status: number | 'timeout' | 'error';
}

/** /readyz as an orchestrator probes it: a short timeout, and anything but 200 is "not ready". */
async function probeReady(instance: Instance, timeoutMs = 1_000): Promise<Probe> {
  const at = performance.now();
  try {
    const response = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return { at, status: response.status };
  } catch (error) {
    return { at, status: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error' };
  }
}

function summarise(probes: readonly Probe[]): string {
  const counts = new Map<string, number>();
  for (const probe of probes) counts.set(String(probe.status), (counts.get(String(probe.status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status}×${count}`).join(' ') || 'no probes';
}

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * A token that was used on B before Redis lost its data, whose session is then logged out on A,
 * must answer 401 on B. Set up so that the revocation counter, once reset by the data loss, is
 * brought back by the logout to exactly the value B's cached entry was tagged with: Redis is
 * flushed first (counter 0), one other session is logged out (1), the token is used on B (tagged
 * with 1), Redis loses its data (0), the token's session is logged out on A (1 again).
 */
async function prepareRevocation(context: FaultContext): Promise<{ token: SignedIn; notes: string[] }> {
  const { a, b, redis, pass } = context;
  await redis.flushAll();
  const other = await signIn(a, pass);
  const token = await signIn(a, pass);
  const loggedOut = await logOut(a, other);
  const used = await checkToken(b, token.accessToken);
  return {
    token,
    notes: [`before: other session logged out on A ${loggedOut.status}, token on B ${used.status}`],
  };
}

async function logOutUntilDone(instance: Instance, customer: SignedIn, withinMs: number): Promise<string[]> {
  const statuses: string[] = [];
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    const response = await logOut(instance, customer).catch(() => undefined);
    statuses.push(String(response?.status ?? 'error'));
    if (response?.status === 200) break;
    await sleep(500);
  }
  return statuses;
}

async function revocationCheck(context: FaultContext, token: SignedIn): Promise<{ check: Check; notes: string[] }> {
  const { a, b } = context;
  const logout = await logOutUntilDone(a, token, 15_000);
  const onB = [await checkToken(b, token.accessToken), await checkToken(b, token.accessToken)];
  const onA = await checkToken(a, token.accessToken);
  const pass = onB.every((check) => check.status === 401) && onA.status === 401;
  return {
    check: {
      name: 'revocation holds through Redis data loss',
      pass,
      detail: `logout on A: ${logout.join(',')}; token then on B: ${onB.map((c) => c.status).join(',')}, on A: ${onA.status} (401 expected)`,
    },
    notes: [],
  };
}

const baseline: Fault = {
  name: 'none (baseline)',
  recoveryBoundSeconds: 0,
  async inject(context) {
    await sleep(context.settings.baselineSeconds * 1000);
    return { faultEnd: performance.now(), checks: [], notes: [] };
  },
};

const postgresRestart: Fault = {
  name: 'PostgreSQL restart',
  recoveryBoundSeconds: 10,
  async inject({ postgres }) {
    const started = performance.now();
    await postgres.restart();
    return {
      faultEnd: performance.now(),
      checks: [],
      notes: [`pg_ctl restart -m fast took ${ms(performance.now() - started)}`],
    };
  },
};

/** How much slower than with Redis up a token check may be with Redis down: a database read, not a wait. */
const UP_TO_DOWN_FACTOR = 4;

const redisStopStart: Fault = {
  name: 'Redis stop + start',
  recoveryBoundSeconds: 5,
  async inject(context) {
    const { a, b, redis, settings, pass } = context;
    const prepared = await prepareRevocation(context);
    const live = await signIn(a, pass);
    // The same checks with Redis up, just before: the bound follows the machine's load (the short
    // run shares two cores with the journeys), so only a wait of its own — a reconnect, 1–10 s —
    // fails it, not a busy CPU that slows every request alike.
    const before: TokenCheck[] = [];
    for (let round = 0; round < 3; round++) {
      before.push(...(await Promise.all([checkToken(a, live.accessToken), checkToken(b, live.accessToken)])));
    }
    const slowestUp = Math.max(...before.map((check) => check.ms));
    const bound = Math.max(settings.tokenCheckBoundMs, UP_TO_DOWN_FACTOR * slowestUp);
    await redis.stop();
    const downUntil = performance.now() + settings.redisDownSeconds * 1000;
    const checks: TokenCheck[] = [];
    while (performance.now() < downUntil) {
      checks.push(...(await Promise.all([checkToken(a, live.accessToken), checkToken(b, live.accessToken)])));
      await sleep(200);
    }
    await redis.start();
    const faultEnd = performance.now();
    const slowest = Math.max(...checks.map((check) => check.ms));
    const statuses = [...new Set(checks.map((check) => String(check.status)))].join(',');
    const revocation = await revocationCheck(context, prepared.token);
    return {
      faultEnd,
      checks: [
        {
          name: `token check with Redis down answers within ${settings.tokenCheckBoundMs} ms, or ${UP_TO_DOWN_FACTOR}× its slowest with Redis up`,
          pass: slowest <= bound && checks.every((check) => check.status === 200),
          detail:
            `${checks.length} checks, slowest ${ms(slowest)} (bound ${ms(bound)}; with Redis up ${ms(slowestUp)}), ` +
            `statuses ${statuses} (a live token: 200 expected)`,
        },
        revocation.check,
      ],
      notes: prepared.notes,
    };
  },
};

const redisFlush: Fault = {
  name: 'Redis FLUSHALL',
  recoveryBoundSeconds: 5,
  async inject(context) {
    const prepared = await prepareRevocation(context);
    await context.redis.flushAll();
    const faultEnd = performance.now();
    const revocation = await revocationCheck(context, prepared.token);
    return { faultEnd, checks: [revocation.check], notes: prepared.notes };
  },
};

/** SIGKILL mid-load, then started again: the fault ends when it answers /healthz once more. */
const instanceKill: Fault = {
  name: 'SIGKILL of instance B',
  recoveryBoundSeconds: 5,
  async inject({ b }) {
    b.signal('SIGKILL');
    await b.waitExit(10_000);
    const restarting = performance.now();
    await b.start();
    return { faultEnd: performance.now(), checks: [], notes: [`restart took ${ms(performance.now() - restarting)}`] };
  },
};

/**
 * SIGTERM mid-load, as an orchestrator stops an instance: /readyz is probed from the signal until
 * the process is gone. Last of the faults, so B is not started again (the SIGKILL fault shows a
 * restart); the load stops sending to it and recovery is A's.
 */
const instanceTerm: Fault = {
  name: 'SIGTERM of instance B',
  recoveryBoundSeconds: 5,
  async inject({ b, load }) {
    const signalled = performance.now();
    b.signal('SIGTERM');
    const probes: Probe[] = [];
    let exited: ExitResult | undefined;
    const exit = b.waitExit(30_000).then((result) => (exited = result ?? { code: null, signal: null }));
    // Node runs the handler on its next turn: the first probe goes once the signal has surely arrived.
    await sleep(100);
    while (exited === undefined && performance.now() - signalled < 30_000) {
      probes.push(await probeReady(b));
      await Promise.race([sleep(100), exit]);
    }
    const finished = await exit;
    const drainMs = performance.now() - signalled;
    load.retire(b);
    // Node runs the signal handler on a turn of the event loop, and on a box the journeys load the
    // loop has once taken longer than the 100 ms above to get there: a probe before that may still
    // be answered 200. What an orchestrator relies on is that readiness turns within a second of
    // the signal and never turns back, so a 200 counts against the server only after that second
    // or after a non-200.
    const firstNotReady = probes.findIndex((probe) => typeof probe.status === 'number' && probe.status !== 200);
    const readyTooLate = probes.filter(
      (probe, index) =>
        probe.status === 200 && (probe.at - signalled > 1_000 || (firstNotReady !== -1 && index > firstNotReady)),
    );
    const turned = firstNotReady === -1 ? 'never' : `${ms(probes[firstNotReady]!.at - signalled)} after the signal`;
    return {
      faultEnd: performance.now(),
      checks: [
        {
          name: '/readyz non-200 from SIGTERM until exit',
          pass: firstNotReady !== -1 && probes[firstNotReady]!.at - signalled <= 1_000 && readyTooLate.length === 0,
          detail:
            `probes after SIGTERM: ${summarise(probes)} ('error' = connection refused: no HTTP answer); ` +
            `not ready from the probe sent ${turned}`,
        },
        {
          name: 'SIGTERM drains and exits 0',
          pass: finished.code === 0,
          detail: `exit ${finished.code ?? finished.signal ?? 'none within 30 s'} after ${ms(drainMs)}`,
        },
      ],
      notes: [],
    };
  },
};

const tableLock: Fault = {
  name: 'analytics_events locked',
  recoveryBoundSeconds: 5,
  async inject({ postgres, a, b, settings }) {
    const client = await postgres.connect();
    const probes = new Map<string, Probe[]>([
      [a.name, []],
      [b.name, []],
    ]);
    let lockedAt = 0;
    try {
      await client.query('begin');
      await client.query('lock table analytics_events in access exclusive mode');
      lockedAt = performance.now();
      const until = lockedAt + settings.lockSeconds * 1000;
      while (performance.now() < until) {
        const [onA, onB] = await Promise.all([probeReady(a), probeReady(b)]);
        probes.get(a.name)!.push(onA);
        probes.get(b.name)!.push(onB);
        await sleep(250);
      }
      await client.query('commit');
    } finally {
      await client.end();
    }
    const faultEnd = performance.now();
    // The write path is stuck once the oldest queued write is a few seconds old: the second half.
    const late = (instance: Instance) =>
      probes.get(instance.name)!.filter((probe) => probe.at >= lockedAt + (settings.lockSeconds * 1000) / 2);
    const flipped = (instance: Instance) =>
      late(instance).some((probe) => typeof probe.status === 'number' && probe.status !== 200);
    return {
      faultEnd,
      checks: [
        {
          name: '/readyz non-200 while the table is locked',
          pass: flipped(a) && flipped(b),
          detail: [a, b]
            .map((instance) => `${instance.name}: ${summarise(late(instance))} in the lock's second half`)
            .join('; '),
        },
      ],
      notes: [`locked for ${ms(faultEnd - lockedAt)}`],
    };
  },
};

export const FAULTS: readonly Fault[] = [
  baseline,
  postgresRestart,
  redisStopStart,
  redisFlush,
  tableLock,
  instanceKill,
  instanceTerm,
];
