import { randomUUID } from 'node:crypto';
import autocannon, { type Options } from 'autocannon';
import { PASS_TOKEN_HEADER } from '@pravesh/core';
import { ROUTES, type ApiProcess } from './api-process.ts';
import { benchPass } from './pass-token.ts';
import { formatMs, type Row } from './report.ts';

/**
 * Server load on loopback: the shielded and the unshielded trivial route (same handler), so their
 * difference is the cost of verifying a pass token; and the analytics write path for information.
 *
 * The box is shared (2 cores, other work starts and stops), and a burst of other work during one
 * route's only run shows up as a "shield cost" of ±30%. So the two trivial routes run in
 * alternating one-second rounds (A B, B A, …), the throughput cost is the median of the rounds'
 * paired costs, and the server's own CPU time per request is reported beside it: CPU time is
 * spent per request whoever else runs, so it shows the same cost with less noise.
 */

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  /** Seconds per route in total, split over `rounds`. */
  durationSeconds: number;
  rounds: number;
}

export const DEFAULT_LOAD_OPTIONS: LoadOptions = { connections: 50, warmupSeconds: 2, durationSeconds: 10, rounds: 10 };

/** The throughput the shield may cost on a trivial route. */
export const SHIELD_COST_TARGET_PERCENT = 5;

export interface RouteLoad {
  route: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Server CPU time (user + system) per request, in microseconds. */
  cpuMicrosPerRequest: number;
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
}

export interface ServerLoadResult {
  connections: number;
  shielded: RouteLoad;
  open: RouteLoad;
  produce: RouteLoad;
  /** Throughput lost to the shield, in % of the unshielded route's: the median of the rounds'. */
  shieldCostPercent: number;
  /** The cost in each round, to show how much of the figure is noise. */
  roundCostsPercent: number[];
  /** The same from the totals of all rounds, which one burst of other work can move. */
  pooledCostPercent: number;
  /** Extra server CPU time per request on the shielded route, in % of the unshielded route's. */
  cpuCostPercent: number;
}

/** Counts of one route, added up over its runs. */
class Tally {
  requests = 0;
  seconds = 0;
  cpuMicros = 0;
  non2xx = 0;
  errors = 0;
  readonly latenciesMs: number[] = [];

  constructor(readonly route: string) {}

  add(other: Tally): void {
    this.requests += other.requests;
    this.seconds += other.seconds;
    this.cpuMicros += other.cpuMicros;
    this.non2xx += other.non2xx;
    this.errors += other.errors;
    for (const latency of other.latenciesMs) this.latenciesMs.push(latency);
  }

  summary(): RouteLoad {
    const sorted = [...this.latenciesMs].sort((a, b) => a - b);
    const p99Ms = sorted[Math.max(0, Math.ceil(0.99 * sorted.length) - 1)] ?? Number.NaN;
    const { route, requests, seconds, non2xx, errors } = this;
    const requestsPerSecond = requests / seconds;
    return {
      route,
      requestsPerSecond,
      p99Ms,
      cpuMicrosPerRequest: this.cpuMicros / requests,
      requests,
      seconds,
      non2xx,
      errors,
    };
  }
}

function produceBody(): string {
  return JSON.stringify([{ eventId: randomUUID(), event: 'bench' }]);
}

/** One request before the load, so a broken route fails loudly instead of benchmarking errors. */
async function checkRoute(url: string, init: { method?: 'GET' | 'POST'; headers: Record<string, string> }) {
  const method = init.method ?? 'GET';
  const body = method === 'POST' ? produceBody() : undefined;
  const response = await fetch(url, { method, headers: init.headers, body });
  if (response.status !== 200) {
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  }
}

/** One autocannon run, added to `tally` with the server CPU time it took. */
async function run(api: ApiProcess, tally: Tally, options: Options): Promise<Tally> {
  const cpuBefore = await api.cpuMicros();
  const instance = autocannon(options);
  instance.on('response', (_client, _status, _bytes, responseTime) => tally.latenciesMs.push(responseTime));
  const result = await instance;
  tally.cpuMicros += (await api.cpuMicros()) - cpuBefore;
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.non2xx += result.non2xx;
  tally.errors += result.errors;
  return tally;
}

function costPercent(open: number, shielded: number): number {
  return (1 - shielded / open) * 100;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

export async function measureServerLoad(
  api: ApiProcess,
  options: LoadOptions = DEFAULT_LOAD_OPTIONS,
): Promise<ServerLoadResult> {
  const { connections, warmupSeconds, durationSeconds, rounds } = options;
  // No Origin header, as curl sends none: the shield accepts a non-browser caller on its token alone.
  const headers = { [PASS_TOKEN_HEADER]: (await benchPass()).token };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const trivial = {
    open: { url: api.url + ROUTES.open, headers: {}, connections },
    shielded: { url: api.url + ROUTES.shielded, headers, connections },
  };
  const produce: Options = {
    url: api.url + ROUTES.produce,
    connections,
    // A fresh eventId on every send: a repeated id would be answered from the first insert.
    requests: [
      { method: 'POST', headers: jsonHeaders, setupRequest: (request) => ({ ...request, body: produceBody() }) },
    ],
  };
  await checkRoute(trivial.open.url, trivial.open);
  await checkRoute(trivial.shielded.url, trivial.shielded);
  await checkRoute(produce.url, { method: 'POST', headers: jsonHeaders });

  for (const target of Object.values(trivial)) {
    await run(api, new Tally('warm-up'), { ...target, duration: warmupSeconds });
  }
  const open = new Tally(ROUTES.open);
  const shielded = new Tally(ROUTES.shielded);
  const roundCostsPercent: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const openRound = new Tally(ROUTES.open);
    const shieldedRound = new Tally(ROUTES.shielded);
    const legs = [
      { tally: openRound, target: trivial.open },
      { tally: shieldedRound, target: trivial.shielded },
    ];
    // A B, then B A: neither route always runs first in its round.
    if (round % 2 === 1) legs.reverse();
    for (const { tally, target } of legs) await run(api, tally, { ...target, duration: durationSeconds / rounds });
    roundCostsPercent.push(
      costPercent(openRound.summary().requestsPerSecond, shieldedRound.summary().requestsPerSecond),
    );
    open.add(openRound);
    shielded.add(shieldedRound);
  }

  await run(api, new Tally('warm-up'), { ...produce, duration: warmupSeconds });
  const written = await run(api, new Tally(ROUTES.produce), { ...produce, duration: durationSeconds });

  const openLoad = open.summary();
  const shieldedLoad = shielded.summary();
  return {
    connections,
    shielded: shieldedLoad,
    open: openLoad,
    produce: written.summary(),
    shieldCostPercent: median(roundCostsPercent),
    roundCostsPercent,
    pooledCostPercent: costPercent(openLoad.requestsPerSecond, shieldedLoad.requestsPerSecond),
    // Negated: a cost is a rise in CPU time per request, where it was a fall in requests per second.
    cpuCostPercent: -costPercent(openLoad.cpuMicrosPerRequest, shieldedLoad.cpuMicrosPerRequest),
  };
}

function failures(load: RouteLoad): string | undefined {
  if (load.non2xx === 0 && load.errors === 0) return undefined;
  return `${load.non2xx} non-2xx, ${load.errors} errors`;
}

function loadRows(label: string, load: RouteLoad): Row[] {
  const failed = failures(load);
  const verdict = failed ? 'ERROR' : 'info';
  const value = Math.round(load.requestsPerSecond).toLocaleString('en-US');
  return [
    { metric: `${label} req/s`, value, target: '-', verdict, note: failed },
    { metric: `${label} p99 latency`, value: formatMs(load.p99Ms), target: '-', verdict },
  ];
}

const micros = (value: number) => `${value.toFixed(1)} µs`;
const percent = (value: number) => `${value.toFixed(1)} %`;

export function serverLoadRows(result: ServerLoadResult): Row[] {
  const failed = failures(result.shielded) ?? failures(result.open);
  const rounds = result.roundCostsPercent;
  const spread = `median of ${rounds.length} rounds, ${percent(Math.min(...rounds))} to ${percent(Math.max(...rounds))}`;
  const { shielded, open, shieldCostPercent: cost, cpuCostPercent: cpuCost } = result;
  return [
    ...loadRows('GET shielded route', shielded),
    ...loadRows('GET unshielded route', open),
    {
      metric: 'shield throughput cost',
      value: `${percent(cost)} (${spread})`,
      target: `< ${SHIELD_COST_TARGET_PERCENT} %`,
      verdict: failed ? 'ERROR' : cost < SHIELD_COST_TARGET_PERCENT ? 'ok' : 'MISSED',
      note: failed,
    },
    {
      // The same question asked of the server's CPU time, which other work on the box barely moves.
      metric: 'shield server CPU cost per request',
      value: `${percent(cpuCost)} (${micros(shielded.cpuMicrosPerRequest)} vs ${micros(open.cpuMicrosPerRequest)})`,
      target: `< ${SHIELD_COST_TARGET_PERCENT} %`,
      verdict: failed ? 'ERROR' : cpuCost < SHIELD_COST_TARGET_PERCENT ? 'ok' : 'MISSED',
    },
    ...loadRows('POST event/produce (batched inserts)', result.produce),
  ];
}
