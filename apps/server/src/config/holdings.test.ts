import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '@pravesh/core';
import { loadHoldingsConfig } from './holdings.ts';

describe('holdings config (spec 001 §9 "ONDC eligible" switch)', () => {
  it('varies by environment: on in production, staging and the demo, off in the development ones', () => {
    const on = ENVIRONMENTS.filter((environment) => loadHoldingsConfig({}, environment).ondcEligible);
    expect(on.sort()).toEqual(['local', 'production', 'staging']);
  });

  it('is set with PRAVESH_ONDC_ELIGIBLE 0 or 1, and refuses anything else', () => {
    expect(loadHoldingsConfig({ PRAVESH_ONDC_ELIGIBLE: '0' }, 'production').ondcEligible).toBe(false);
    expect(loadHoldingsConfig({ PRAVESH_ONDC_ELIGIBLE: '1' }, 'development').ondcEligible).toBe(true);
    expect(() => loadHoldingsConfig({ PRAVESH_ONDC_ELIGIBLE: 'yes' }, 'staging')).toThrow(/0 or 1/);
  });
});
