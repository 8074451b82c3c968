import { describe, expect, it } from 'vitest';
import { loadMetricsConfig } from './observability.ts';

describe('metrics config', () => {
  it('is off unless a port or a token is set', () => {
    expect(loadMetricsConfig({})).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    expect(loadMetricsConfig({ PRAVESH_METRICS_PORT: '9464', PRAVESH_METRICS_HOST: '0.0.0.0' })).toMatchObject({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('refuses a port that is not one and a guessable token', () => {
    expect(() => loadMetricsConfig({ PRAVESH_METRICS_PORT: '94640' })).toThrow(/not a port number/);
    expect(() => loadMetricsConfig({ PRAVESH_METRICS_PORT: 'metrics' })).toThrow(/not a port number/);
    expect(() => loadMetricsConfig({ PRAVESH_METRICS_TOKEN: 'short' })).toThrow(/shorter than 32/);
  });
});
