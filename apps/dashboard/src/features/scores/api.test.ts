import { describe, expect, it } from 'vitest';
import { CREDIT_ROUTE_METHODS, CREDIT_ROUTES } from '@pravesh/core/credit/schemas.ts';
import { CREDIT_SCORES_PATH } from './api.ts';

describe('the scores call', () => {
  it('is the credit module’s getCreditScores route', () => {
    expect(CREDIT_SCORES_PATH).toBe(CREDIT_ROUTES.getCreditScores);
    expect(CREDIT_ROUTE_METHODS.getCreditScores).toBe('GET');
  });
});
