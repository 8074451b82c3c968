import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options } from 'autocannon';
import {
  CONSENT_CONFIG_CONTRACTS,
  CONSENT_ROUTES,
  CREDIT_ACCESS_TOKEN_HEADER,
  CREDIT_ROUTES,
  OFFER_ROUTES,
  PASS_TOKEN_HEADER,
} from '@pravesh/core';
import { ROUTES, startApiProcess, type ApiProcess } from './api-process.ts';
import { CONSENT_CONTRACT_ID, answerFixtures } from './consent-check.ts';
import { benchPass } from './pass-token.ts';
import type { Row } from './report.ts';
import { benchCustomer } from './sso.ts';

/**
 * Speeds as ratios measured in one run on one server: the box is shared (2 cores, other work
 * starts and stops), so absolute requests/s move by tens of percent between minutes, while routes
 * measured side by side move together. Four routes of the real API (bench/sso-server.ts: a fresh
 * database, demo contracts seeded) run in rounds, each round every route for a slice of time in a
 * rotating order:
 *
 *   open      GET, no-op, unshielded         shield cost   = 1 − shielded / open      (≤ 5 %)
 *   shielded  GET, no-op, pass token checked produce ratio = produce / shielded       (≥ 0.6)
 *   produce   POST pbguc/event/produce       check ratio   = check / shielded         (≥ 0.6)
 *   check     POST puckar/check
 *   post      POST no-op, shielded, reading  post ceiling  = post / shielded          (no target: what a
 *             puckar/check's body                                                       JSON body alone costs)
 *                                            produce ÷ POST = produce / post             (≥ 0.7: the route's
 *                                                                                        own cost, body aside)
 *   scores    GET myAccount/getCreditScores  scores ratio  = scores / shielded        (≥ 0.5)
 *   offers    GET pco/offers                 offers ratio  = offers / shielded        (≥ 0.5):
 *             an access token verified, the credit store's latest pulls and report read, the
 *             seeded catalogue filtered by the rules
 *
 * Each ratio is the median of the rounds' ratios, shown with its range. The shield's server CPU is
 * compared at one fixed request rate (SHIELD_CPU_RATE, open and shielded in turn, a pair per round):
 * CPU time per request falls as throughput rises (more requests per wake-up of the event loop), so
 * slices at full speed that the box's other work slowed by different amounts compared throughputs,
 * not the shield (4 to 15 % between runs, where a profile puts the shield's own functions at 0.3 µs
 * of the no-op's 35). produce sends a fresh
 * eventId on every call (each one a new row); check cycles through visitors who answered the
 * contract (each a ledger read). scores reads the four stored bureau records of one signed-in
 * customer who consented and pulled (access token verified, one read of the latest pulls). PGlite always; PostgreSQL too when DATABASE_URL is set (a
 * throw-away database, with Redis when REDIS_URL is set); and once more with analytics events on
 * the machine's NATS JetStream (PRAVESH_EVENTS_SINK=nats, a stream of the run's own), on
 * PostgreSQL when it is set, else on PGlite. BENCH_RATIO_EVENTS_SINK=postgres|nats runs only that
 * sink's configurations.
 */

export interface RatioOptions {
  connections: number;
  warmupSeconds: number;
  rounds: number;
  /** Seconds per route per round. */
  sliceSeconds: number;
  visitors: number;
}

export const DEFAULT_RATIO_OPTIONS: RatioOptions = {
  connections: 50,
  warmupSeconds: 2,
  rounds: 8,
  sliceSeconds: 1.5,
  visitors: 300,
};

export const TARGETS = {
  shieldCostPercent: 5,
  produceRatio: 0.6,
  producePostRatio: 0.7,
  checkRatio: 0.6,
  scoresRatio: 0.5,
  offersRatio: 0.5,
} as const;

/** Requests per second of the open and shielded no-ops when their server CPU is compared: well below either's speed. */
export const SHIELD_CPU_RATE = 2000;

export const ROUTE_NAMES = ['open', 'shielded', 'post', 'produce', 'check', 'scores', 'offers'] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface RouteTally {
  requests: number;
  seconds: number;
  failures: number;
  cpuMicros: number;
}

export interface RatioResult {
  database: 'pglite' | 'postgres';
  /** Where event/produce put the events (PRAVESH_EVENTS_SINK). */
  eventsSink: 'postgres' | 'nats';
  connections: number;
  /** requests/s per route over all rounds. */
  perSecond: Record<RouteName, number>;
  /** Server CPU µs per request per route. */
  cpuMicrosPerRequest: Record<RouteName, number>;
  shieldCostPercent: { median: number; min: number; max: number };
  produceRatio: { median: number; min: number; max: number };
  /** event/produce ÷ the shielded POST no-op: what storing the event costs beyond reading a JSON body. */
  producePostRatio: { median: number; min: number; max: number };
  checkRatio: { median: number; min: number; max: number };
  scoresRatio: { median: number; min: number; max: number };
  offersRatio: { median: number; min: number; max: number };
  /** The shielded POST no-op ÷ the shielded GET no-op: the most any POST route could reach. */
  postCeiling: { median: number; min: number; max: number };
  /** Extra server CPU per request on the shielded no-op, in % of the open one's, at SHIELD_CPU_RATE. */
  shieldCpuCostPercent: { median: number; min: number; max: number };
  /** Server CPU µs per request of the open and shielded no-ops at SHIELD_CPU_RATE (medians of rounds). */
  shieldCpuMicros: { open: number; shielded: number };
  failures: number;
}

function summary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** The access tokens the customer routes are measured with: scores and offers each have their own customer. */
interface BenchCustomers {
  scores: string;
  offers: string;
}

function targetsFor(
  url: string,
  token: string,
  bodies: readonly string[],
  connections: number,
  tokens: BenchCustomers,
) {
  const json = { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' };
  let next = 0;
  const targets: Record<RouteName, Options> = {
    open: { url: url + ROUTES.open, connections },
    shielded: { url: url + ROUTES.shielded, headers: { [PASS_TOKEN_HEADER]: token }, connections },
    produce: {
      url: url + ROUTES.produce,
      connections,
      requests: [
        {
          method: 'POST',
          headers: json,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify([{ eventId: randomUUID(), event: 'bench', category: 'ratio', userType: 'guest' }]),
          }),
        },
      ],
    },
    post: {
      url: url + ROUTES.shieldedPost,
      connections,
      requests: [
        {
          method: 'POST',
          headers: json,
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    },
    check: {
      url: url + CONSENT_ROUTES.check,
      connections,
      requests: [
        {
          method: 'POST',
          headers: json,
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    },
    scores: {
      url: url + CREDIT_ROUTES.getCreditScores,
      headers: { [PASS_TOKEN_HEADER]: token, [CREDIT_ACCESS_TOKEN_HEADER]: tokens.scores },
      connections,
    },
    offers: {
      url: url + OFFER_ROUTES.pcoOffers,
      headers: { [PASS_TOKEN_HEADER]: token, [CREDIT_ACCESS_TOKEN_HEADER]: tokens.offers },
      connections,
    },
  };
  return targets;
}

/** A customer who accepted the credit report terms and pulled: an access token whose scores exist. */
async function scoredCustomer(url: string): Promise<string> {
  const { token, siteKey } = await benchPass();
  const { customerId, accessToken } = await benchCustomer(url, token, siteKey);
  const headers = {
    [PASS_TOKEN_HEADER]: token,
    [CREDIT_ACCESS_TOKEN_HEADER]: accessToken,
    'content-type': 'application/json',
  };
  const calls: [string, unknown][] = [
    [
      CONSENT_ROUTES.userConsent,
      {
        contractId: CONSENT_CONFIG_CONTRACTS.main,
        contractVersionId: '1',
        customerId,
        visitorId: 'bench-visitor',
        visitId: 'bench-visit',
        userValue: 'Y',
        consentState: 1,
      },
    ],
    [CREDIT_ROUTES.pullReport, {}],
  ];
  for (const [path, body] of calls) {
    const response = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return accessToken;
}

/** A customer with an EXCELLENT score (bench fixture route): pco/offers answers them 7 offers with their KFS. */
async function offersCustomer(url: string): Promise<string> {
  const { token, siteKey } = await benchPass();
  const customer = await benchCustomer(url, token, siteKey);
  const fixture = await fetch(url + ROUTES.offersFixture, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerId: customer.customerId }),
  });
  if (!fixture.ok) throw new Error(`offers fixture answered ${fixture.status}`);
  return customer.accessToken;
}

/**
 * The autocannon options of every route against a fresh server at `url`, its fixtures made (the
 * consenting visitors, the scored and the offers customer). Exported for one-route profiling runs
 * (README Benchmarks).
 */
export async function ratioTargets(
  url: string,
  options: Pick<RatioOptions, 'connections' | 'visitors'> = DEFAULT_RATIO_OPTIONS,
): Promise<Record<RouteName, Options>> {
  const token = (await benchPass()).token;
  const visitors = await answerFixtures(url, token, options.visitors);
  const bodies = visitors.map((visitorId, i) =>
    JSON.stringify({
      contractId: CONSENT_CONTRACT_ID,
      visitId: `bench-visit-${i}`,
      visitorId,
      contractVersionId: '1',
    }),
  );
  return targetsFor(url, token, bodies, options.connections, {
    scores: await scoredCustomer(url),
    offers: await offersCustomer(url),
  });
}

async function fire(api: ApiProcess, options: Options): Promise<RouteTally> {
  const before = await api.cpuMicros();
  const result = await autocannon(options);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    failures: result.non2xx + result.errors,
    cpuMicros: (await api.cpuMicros()) - before,
  };
}

async function measureOne(
  databaseUrl: string | undefined,
  options: RatioOptions,
  eventsSink: 'postgres' | 'nats' = 'postgres',
): Promise<RatioResult> {
  const {
    SSO_BENCH_DATABASE_URL: _db,
    SSO_BENCH_REDIS_URL: _redis,
    SSO_BENCH_EVENTS_SINK: _sink,
    ...inherited
  } = process.env;
  const env = {
    ...inherited,
    ...(databaseUrl
      ? {
          SSO_BENCH_DATABASE_URL: databaseUrl,
          ...(process.env.REDIS_URL ? { SSO_BENCH_REDIS_URL: process.env.REDIS_URL } : {}),
        }
      : {}),
    ...(eventsSink === 'nats' ? { SSO_BENCH_EVENTS_SINK: 'nats' } : {}),
  };
  const api = await startApiProcess({ entry: './sso-server.ts', env, name: 'ratio API' });
  try {
    const targets = await ratioTargets(api.url, options);
    for (const name of ROUTE_NAMES) {
      const probe = await fire(api, { ...targets[name], amount: 20, connections: 1 });
      if (probe.failures > 0) throw new Error(`${name} failed ${probe.failures} of 20 probe requests`);
      await fire(api, { ...targets[name], duration: options.warmupSeconds });
    }

    const totals = Object.fromEntries(
      ROUTE_NAMES.map((name) => [name, { requests: 0, seconds: 0, failures: 0, cpuMicros: 0 }]),
    ) as Record<RouteName, RouteTally>;
    const shieldCosts: number[] = [];
    const produceRatios: number[] = [];
    const producePostRatios: number[] = [];
    const checkRatios: number[] = [];
    const scoresRatios: number[] = [];
    const offersRatios: number[] = [];
    const postCeilings: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      // Rotate the order, so no route always runs first (or right after another) in its round.
      const order = ROUTE_NAMES.map((_, i) => ROUTE_NAMES[(i + round) % ROUTE_NAMES.length]!);
      const rate = {} as Record<RouteName, number>;
      for (const name of order) {
        const tally = await fire(api, { ...targets[name], duration: options.sliceSeconds });
        rate[name] = tally.requests / tally.seconds;
        const total = totals[name];
        total.requests += tally.requests;
        total.seconds += tally.seconds;
        total.failures += tally.failures;
        total.cpuMicros += tally.cpuMicros;
      }
      shieldCosts.push((1 - rate.shielded / rate.open) * 100);
      produceRatios.push(rate.produce / rate.shielded);
      producePostRatios.push(rate.produce / rate.post);
      checkRatios.push(rate.check / rate.shielded);
      scoresRatios.push(rate.scores / rate.shielded);
      offersRatios.push(rate.offers / rate.shielded);
      postCeilings.push(rate.post / rate.shielded);
    }
    // The shield's CPU: both no-ops at one rate, in alternating order, one pair per round.
    const shieldCpu: number[] = [];
    const pairMicros = { open: [] as number[], shielded: [] as number[] };
    for (let round = 0; round < options.rounds; round += 1) {
      const pair = round % 2 === 0 ? (['open', 'shielded'] as const) : (['shielded', 'open'] as const);
      for (const name of pair) {
        const tally = await fire(api, {
          ...targets[name],
          duration: options.sliceSeconds,
          overallRate: SHIELD_CPU_RATE,
        });
        totals[name].failures += tally.failures;
        pairMicros[name].push(tally.cpuMicros / tally.requests);
      }
      shieldCpu.push((pairMicros.shielded.at(-1)! / pairMicros.open.at(-1)! - 1) * 100);
    }
    const perSecond = Object.fromEntries(
      ROUTE_NAMES.map((name) => [name, totals[name].requests / totals[name].seconds]),
    ) as Record<RouteName, number>;
    const cpuMicrosPerRequest = Object.fromEntries(
      ROUTE_NAMES.map((name) => [name, totals[name].cpuMicros / totals[name].requests]),
    ) as Record<RouteName, number>;
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      eventsSink,
      connections: options.connections,
      perSecond,
      cpuMicrosPerRequest,
      shieldCostPercent: summary(shieldCosts),
      produceRatio: summary(produceRatios),
      producePostRatio: summary(producePostRatios),
      checkRatio: summary(checkRatios),
      scoresRatio: summary(scoresRatios),
      offersRatio: summary(offersRatios),
      postCeiling: summary(postCeilings),
      shieldCpuCostPercent: summary(shieldCpu),
      shieldCpuMicros: { open: summary(pairMicros.open).median, shielded: summary(pairMicros.shielded).median },
      failures: ROUTE_NAMES.reduce((sum, name) => sum + totals[name].failures, 0),
    };
  } finally {
    await api.stop();
  }
}

export async function measureSpeedRatios(options: RatioOptions = DEFAULT_RATIO_OPTIONS): Promise<RatioResult[]> {
  const only = process.env.BENCH_RATIO_EVENTS_SINK;
  const results: RatioResult[] = [];
  if (only !== 'nats') {
    results.push(await measureOne(undefined, options));
    if (process.env.DATABASE_URL) results.push(await measureOne(process.env.DATABASE_URL, options));
  }
  if (only !== 'postgres') results.push(await measureOne(process.env.DATABASE_URL, options, 'nats'));
  return results;
}

const rps = (value: number) => Math.round(value).toLocaleString('en-US');
const range = (s: { min: number; max: number }, digits: number, unit = '') =>
  `${s.min.toFixed(digits)}${unit} to ${s.max.toFixed(digits)}${unit}`;

export function speedRatioRows(results: readonly RatioResult[]): Row[] {
  return results.flatMap((result): Row[] => {
    const failed = result.failures > 0 ? `${result.failures} failed requests` : undefined;
    const verdict = (met: boolean) => (failed ? 'ERROR' : met ? 'ok' : 'MISSED');
    const db = result.eventsSink === 'nats' ? `${result.database}, events on NATS` : result.database;
    const { perSecond: r, cpuMicrosPerRequest: cpu } = result;
    const rounds = 'median of rounds, ';
    return [
      {
        metric: `req/s open / shielded no-op / produce / check, ${db}`,
        value: `${rps(r.open)} / ${rps(r.shielded)} / ${rps(r.produce)} / ${rps(r.check)}`,
        target: '-',
        verdict: failed ? 'ERROR' : 'info',
        note: failed,
      },
      {
        metric: `ratio: shield throughput cost, ${db}`,
        value: `${result.shieldCostPercent.median.toFixed(1)} % (${rounds}${range(result.shieldCostPercent, 1, ' %')})`,
        target: `≤ ${TARGETS.shieldCostPercent} %`,
        verdict: verdict(result.shieldCostPercent.median <= TARGETS.shieldCostPercent),
      },
      {
        metric: `ratio: shield server CPU per request, ${db}`,
        value: `${result.shieldCpuCostPercent.median.toFixed(1)} % (${rounds}${range(result.shieldCpuCostPercent, 1, ' %')}; ${result.shieldCpuMicros.shielded.toFixed(1)} vs ${result.shieldCpuMicros.open.toFixed(1)} µs at ${rps(SHIELD_CPU_RATE)} req/s)`,
        target: `≤ ${TARGETS.shieldCostPercent} %`,
        verdict: verdict(result.shieldCpuCostPercent.median <= TARGETS.shieldCostPercent),
      },
      {
        metric: `ceiling: POST no-op with a JSON body ÷ shielded no-op, ${db}`,
        value: `${result.postCeiling.median.toFixed(2)} (${rounds}${range(result.postCeiling, 2)}; ${cpu.post.toFixed(1)} vs ${cpu.shielded.toFixed(1)} µs)`,
        target: '-',
        verdict: failed ? 'ERROR' : 'info',
      },
      {
        metric: `ratio: event/produce ÷ shielded no-op, ${db}`,
        value: `${result.produceRatio.median.toFixed(2)} (${rounds}${range(result.produceRatio, 2)}; ${cpu.produce.toFixed(1)} µs)`,
        target: `≥ ${TARGETS.produceRatio}`,
        verdict: verdict(result.produceRatio.median >= TARGETS.produceRatio),
      },
      {
        metric: `ratio: event/produce ÷ shielded POST no-op, ${db}`,
        value: `${result.producePostRatio.median.toFixed(2)} (${rounds}${range(result.producePostRatio, 2)}; ${rps(r.produce)} vs ${rps(r.post)} req/s)`,
        target: `≥ ${TARGETS.producePostRatio}`,
        verdict: verdict(result.producePostRatio.median >= TARGETS.producePostRatio),
      },
      {
        metric: `ratio: getCreditScores ÷ shielded no-op, ${db}`,
        value: `${result.scoresRatio.median.toFixed(2)} (${rounds}${range(result.scoresRatio, 2)}; ${rps(r.scores)} req/s)`,
        target: `≥ ${TARGETS.scoresRatio}`,
        verdict: verdict(result.scoresRatio.median >= TARGETS.scoresRatio),
      },
      {
        metric: `ratio: pco/offers ÷ shielded no-op, ${db}`,
        value: `${result.offersRatio.median.toFixed(2)} (${rounds}${range(result.offersRatio, 2)}; ${rps(r.offers)} req/s)`,
        target: `≥ ${TARGETS.offersRatio}`,
        verdict: verdict(result.offersRatio.median >= TARGETS.offersRatio),
      },
      {
        metric: `ratio: puckar/check ÷ shielded no-op, ${db}`,
        value: `${result.checkRatio.median.toFixed(2)} (${rounds}${range(result.checkRatio, 2)}; ${cpu.check.toFixed(1)} µs)`,
        target: `≥ ${TARGETS.checkRatio}`,
        verdict: verdict(result.checkRatio.median >= TARGETS.checkRatio),
      },
    ];
  });
}

// `tsx bench/speed-ratios.ts` runs it alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { formatTable } = await import('./report.ts');
  const results = await measureSpeedRatios();
  console.log(formatTable(speedRatioRows(results)));
  console.log(JSON.stringify(results, null, 2));
}
