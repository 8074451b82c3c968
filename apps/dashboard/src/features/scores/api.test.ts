import { describe, expect, it } from 'vitest';
import { CREDIT_ROUTE_METHODS } from '@pravesh/core/credit/routes.ts';

describe('the scores calls', () => {
  // The queries in api.ts send GET: the credit module must serve both reads on GET.
  it('read getCreditScores and getBureauScore with GET, as the credit module serves them', () => {
    expect(CREDIT_ROUTE_METHODS.getCreditScores).toBe('GET');
    expect(CREDIT_ROUTE_METHODS.getBureauScore).toBe('GET');
  });
});
