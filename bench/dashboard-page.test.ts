import { describe, expect, it } from 'vitest';
import {
  cdpNetworkConditions,
  dashboardPageRows,
  inpOf,
  SLOW_4G,
  type DashboardLoad,
  type DashboardPageResult,
  type EventEntry,
} from './dashboard-page.ts';

const event = (name: string, interactionId: number, durationMs: number): EventEntry => ({
  name,
  interactionId,
  durationMs,
  target: 'button',
});

function result(lcpMs: number, inpMs: number): DashboardPageResult {
  const load: DashboardLoad = {
    lcpMs,
    lcpElement: 'p.greeting',
    inpMs,
    events: [],
    transferBytes: 2048,
    fcpMs: 900,
    requests: [],
  };
  return {
    loads: [load],
    cpuThrottlingRate: 4,
    network: cdpNetworkConditions(SLOW_4G),
    p75LcpMs: lcpMs,
    p75InpMs: inpMs,
    medianLcpMs: lcpMs,
    medianInpMs: inpMs,
  };
}

describe('dashboard page helpers', () => {
  it('turns Slow 4G into CDP units with Lighthouse’s DevTools adjustment', () => {
    expect(cdpNetworkConditions(SLOW_4G)).toEqual({
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
      uploadThroughput: (750 * 1024 * 0.9) / 8,
    });
  });

  it('takes INP as the worst interaction, ignoring events outside any interaction', () => {
    const entries = [
      event('mouseover', 0, 400),
      event('pointerdown', 7, 40),
      event('click', 7, 56),
      event('pointerdown', 14, 120),
      event('click', 14, 112),
    ];
    expect(inpOf(entries)).toBe(120);
    expect(inpOf([event('mouseout', 0, 96)])).toBe(0);
  });

  it('meets the targets at LCP 2000 ms and INP 200 ms, and misses them above', () => {
    expect(dashboardPageRows(result(2000, 200)).map((row) => row.verdict)).toEqual(['ok', 'ok']);
    expect(dashboardPageRows(result(2001, 201)).map((row) => row.verdict)).toEqual(['MISSED', 'MISSED']);
  });
});
