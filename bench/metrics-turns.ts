/**
 * What bench/metrics-server.ts (the child: three copies of the API taking turns) and
 * bench/production-server.ts (the parent: load and the table row) share, and the arithmetic of
 * the turns, apart so it can be tested without a server.
 */

import { seededRandom } from '@pravesh/core/seeded-random.ts';

/** How long each copy serves before the next takes over. */
export const BLOCK_MS = 100;
/** The metered copy, the unmetered one, and a second unmetered one for the A/A check. */
export const SIDES = ['on', 'off', 'twin'] as const;
export type Side = (typeof SIDES)[number];

/** The six orders of the three sides, one per turn in rotation: no side always goes first or follows the same one. */
export const ORDERS: readonly (readonly Side[])[] = [
  ['on', 'off', 'twin'],
  ['twin', 'on', 'off'],
  ['off', 'twin', 'on'],
  ['twin', 'off', 'on'],
  ['on', 'twin', 'off'],
  ['off', 'on', 'twin'],
];

/** One block: which copy served, how many requests it received, how long it lasted, the process's CPU time in it. */
export interface Block {
  side: Side;
  requests: number;
  ms: number;
  cpuMicros: number;
}

/** Bench control paths on the child's socket, answered by the child itself, never by a copy. */
export const CONTROL = {
  /** POST ?blocks=N (whole turns): records the N blocks from the next turn's start; answers with them (Block[]) once recorded. */
  record: '/bench/metrics-blocks',
  /** GET: the metered copy's http_server_request_duration_seconds counts, summed ({ count }), to show it counted. */
  counted: '/bench/metrics-counted',
} as const;

/** A ratio over all the recorded turns, with a 95 % bootstrap interval and the median of the turns' own ratios. */
export interface RatioSummary {
  /** Totals over all turns: side A's requests per second (or CPU a request) over side B's. */
  ratio: number;
  /** 2.5th and 97.5th percentiles of the ratio over BOOTSTRAP_SAMPLES resamplings of the turns. */
  low: number;
  high: number;
  /** Median of each turn's own ratio (robust to one bad turn, but noisier than the totals). */
  medianOfTurns: number;
}

export interface TurnsSummary {
  turns: number;
  /** Requests a second of each side, over all its blocks. */
  perSecond: Record<Side, number>;
  /** CPU µs a request of each side (the whole process: main thread, GC helpers), over all its blocks. */
  cpuMicros: Record<Side, number>;
  /** Throughput on ÷ off, and twin ÷ off (A/A). */
  throughput: { metrics: RatioSummary; aa: RatioSummary };
  /** CPU a request off ÷ on (below 1 when metrics cost), and off ÷ twin (A/A). */
  cpu: { metrics: RatioSummary; aa: RatioSummary };
}

export const BOOTSTRAP_SAMPLES = 2000;

function quantile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (sorted.length - 1) * fraction;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

type Turn = Record<Side, Block>;
type Totals = { requests: number; ms: number; cpuMicros: number };

/**
 * `measure` of side a over side b, from the totals of the given turns; bootstrapped by drawing as
 * many turns with replacement, BOOTSTRAP_SAMPLES times.
 */
function summarise(
  turns: readonly Turn[],
  a: Side,
  b: Side,
  measure: (a: Totals, b: Totals) => number,
  perTurn: (a: Block, b: Block) => number,
): RatioSummary {
  const over = (picked: readonly Turn[]) => {
    const sum = (side: Side): Totals => {
      const totals = { requests: 0, ms: 0, cpuMicros: 0 };
      for (const turn of picked) {
        totals.requests += turn[side].requests;
        totals.ms += turn[side].ms;
        totals.cpuMicros += turn[side].cpuMicros;
      }
      return totals;
    };
    return measure(sum(a), sum(b));
  };
  // Seeded, so the same blocks always give the same interval.
  const random = seededRandom(turns.length);
  const resampled: number[] = [];
  for (let sample = 0; sample < BOOTSTRAP_SAMPLES; sample += 1) {
    resampled.push(over(turns.map(() => turns[Math.floor(random() * turns.length)]!)));
  }
  return {
    ratio: over(turns),
    low: quantile(resampled, 0.025),
    high: quantile(resampled, 0.975),
    medianOfTurns: quantile(
      turns.map((turn) => perTurn(turn[a], turn[b])),
      0.5,
    ),
  };
}

const rate = (totals: Totals | Block) => (totals.requests * 1000) / totals.ms;
const cpu = (totals: Totals | Block) => totals.cpuMicros / totals.requests;

/**
 * Each turn is three consecutive blocks, one per side, 0.3 s: the box's speed, which moves by tens
 * of percent over minutes, hardly moves inside one, so whatever it does falls on the three sides
 * alike and cancels in the totals of many turns. The interval says how far the turns' scatter
 * leaves the ratio uncertain; the A/A pair is the check that nothing but noise separates two sides.
 */
export function summariseTurns(blocks: readonly Block[]): TurnsSummary {
  if (blocks.length === 0 || blocks.length % SIDES.length !== 0) {
    throw new Error(`${blocks.length} blocks are not whole turns of ${SIDES.length}`);
  }
  const turns: Turn[] = [];
  for (let start = 0; start < blocks.length; start += SIDES.length) {
    const turn = Object.fromEntries(blocks.slice(start, start + SIDES.length).map((block) => [block.side, block]));
    if (SIDES.some((side) => turn[side] === undefined || turn[side].requests === 0)) {
      throw new Error(`turn ${start / SIDES.length} lacks a side or a side served nothing: did the load stop?`);
    }
    turns.push(turn as Turn);
  }
  const totals = (side: Side): Totals => ({
    requests: turns.reduce((sum, turn) => sum + turn[side].requests, 0),
    ms: turns.reduce((sum, turn) => sum + turn[side].ms, 0),
    cpuMicros: turns.reduce((sum, turn) => sum + turn[side].cpuMicros, 0),
  });
  const perSide = (measure: (totals: Totals) => number) =>
    Object.fromEntries(SIDES.map((side) => [side, measure(totals(side))])) as Record<Side, number>;
  const throughputOf = (a: Side, b: Side) =>
    summarise(
      turns,
      a,
      b,
      (x, y) => rate(x) / rate(y),
      (x, y) => rate(x) / rate(y),
    );
  // CPU the other way up, b over a: below 1 when side a costs more a request.
  const cpuOf = (a: Side, b: Side) =>
    summarise(
      turns,
      a,
      b,
      (x, y) => cpu(y) / cpu(x),
      (x, y) => cpu(y) / cpu(x),
    );
  return {
    turns: turns.length,
    perSecond: perSide(rate),
    cpuMicros: perSide(cpu),
    throughput: { metrics: throughputOf('on', 'off'), aa: throughputOf('twin', 'off') },
    cpu: { metrics: cpuOf('on', 'off'), aa: cpuOf('twin', 'off') },
  };
}
