import { describe, expect, it } from 'vitest';
import { loadAggregatorConfig } from './aggregator.ts';
import { ConfigError } from './shared.ts';

describe('aggregator configuration', () => {
  it('defaults to the simulator with refresh and statements on, 3 s data-ready delay and a 5 s job ticker', () => {
    expect(loadAggregatorConfig({})).toEqual({
      kind: 'simulator',
      latencyMs: 0,
      dataReadyDelayMs: 3_000,
      refreshEnabled: true,
      statementEnabled: true,
      workerIntervalMs: 5_000,
    });
  });

  it('reads the switch and timings, and refuses what it cannot use', () => {
    expect(loadAggregatorConfig({ PRAVESH_AA_REFRESH_ENABLED: 'false', PRAVESH_AA_WORKER_MS: '0' })).toMatchObject({
      refreshEnabled: false,
      workerIntervalMs: 0,
    });
    expect(() => loadAggregatorConfig({ PRAVESH_AA_PROVIDER: 'finvu-live' })).toThrow(ConfigError);
    expect(loadAggregatorConfig({ PRAVESH_AA_STATEMENT_ENABLED: 'false' }).statementEnabled).toBe(false);
    expect(() => loadAggregatorConfig({ PRAVESH_AA_REFRESH_ENABLED: 'off' })).toThrow(ConfigError);
    expect(() => loadAggregatorConfig({ PRAVESH_AA_STATEMENT_ENABLED: '0' })).toThrow(ConfigError);
    expect(() => loadAggregatorConfig({ PRAVESH_AA_SIM_READY_MS: '-1' })).toThrow(ConfigError);
  });
});
