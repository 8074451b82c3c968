import { describe, expect, it } from 'vitest';
import { ORDERS, SIDES, summariseTurns, type Block, type Side } from './metrics-turns.ts';

/** Turns in the bench's orders; each side's block from `block(side, turn)`. */
function turns(count: number, block: (side: Side, turn: number) => Omit<Block, 'side'>): Block[] {
  return Array.from({ length: count }, (_, turn) =>
    ORDERS[turn % ORDERS.length]!.map((side) => ({ side, ...block(side, turn) })),
  ).flat();
}

describe('summariseTurns', () => {
  it('finds a 3 % CPU cost on the metered side through a box whose speed moves tenfold, and none between the twins', () => {
    const blocks = turns(60, (side, turn) => {
      const speed = 1 + (9 * ((turn * 7) % 10)) / 10; // the box's other work, turn by turn
      const micros = side === 'on' ? 51.5 : 50; // per request
      const requests = Math.round((100_000 / micros) * (speed / 10));
      return { requests, ms: 100, cpuMicros: requests * micros };
    });
    const summary = summariseTurns(blocks);
    expect(summary.turns).toBe(60);
    expect(summary.cpu.metrics.ratio).toBeCloseTo(50 / 51.5, 3);
    expect(summary.throughput.metrics.ratio).toBeCloseTo(50 / 51.5, 2);
    expect(summary.cpu.aa.ratio).toBeCloseTo(1, 3);
    expect(summary.cpu.metrics.low).toBeLessThanOrEqual(summary.cpu.metrics.ratio);
    expect(summary.cpu.metrics.high).toBeGreaterThanOrEqual(summary.cpu.metrics.ratio);
    expect(summary.cpuMicros.on).toBeCloseTo(51.5, 1);
  });

  it('has an interval that widens with the turns’ scatter', () => {
    const scattered = (spread: number) =>
      summariseTurns(
        turns(60, (side, turn) => {
          const noise = side === 'twin' ? 1 + spread * Math.sin(turn * 12.9898) : 1;
          return { requests: 1000, ms: 100, cpuMicros: 50_000 * noise };
        }),
      ).cpu.aa;
    const narrow = scattered(0.01);
    const wide = scattered(0.2);
    expect(wide.high - wide.low).toBeGreaterThan(5 * (narrow.high - narrow.low));
  });

  it('refuses blocks that are not whole turns, or a side that served nothing (the load stopped)', () => {
    const blocks = turns(6, () => ({ requests: 1000, ms: 100, cpuMicros: 50_000 }));
    expect(() => summariseTurns(blocks.slice(0, SIDES.length * 6 - 1))).toThrow(/whole turns/);
    blocks[4] = { ...blocks[4]!, requests: 0 };
    expect(() => summariseTurns(blocks)).toThrow(/served nothing/);
  });
});
