import { describe, expect, it } from 'vitest';
import { isTransientOutage, outageSummary, retryAfterSecondsOf, serviceUnavailable } from './outage.ts';

describe('outage', () => {
  it('recognises a dependency failure through drizzle’s wrapper', () => {
    const driver = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const wrapped = new Error('Failed query: insert into visits values ($1)\nparams: secret-visitor', {
      cause: driver,
    });
    expect(isTransientOutage(wrapped)).toBe(true);
    expect(isTransientOutage(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientOutage(new Error('Connection is closed.'))).toBe(true);
  });

  it('does not take a bug or a constraint violation for an outage', () => {
    expect(isTransientOutage(new TypeError('x is undefined'))).toBe(false);
    expect(isTransientOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('summarises without the statement or its parameters', () => {
    const driver = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    const wrapped = new Error('Failed query: select $1\nparams: 9800000001', { cause: driver });
    const summary = JSON.stringify(outageSummary(wrapped));
    expect(summary).toContain('Connection terminated');
    expect(summary).not.toContain('9800000001');
    expect(summary).not.toContain('select');
  });

  it('carries its Retry-After in whole seconds', () => {
    expect(serviceUnavailable(0.2).status).toBe(503);
    expect(retryAfterSecondsOf(serviceUnavailable(0.2))).toBe(1);
    expect(retryAfterSecondsOf(serviceUnavailable(4.5))).toBe(5);
  });
});
