import { describe, expect, it } from 'vitest';
import { CREDIT_ROUTE_METHODS, CREDIT_ROUTES } from '@pravesh/core/credit/schemas.ts';
import { BUREAU_SCORE_PATH, CREDIT_SCORES_PATH } from './api.ts';

describe('the scores calls', () => {
  it('is the credit module’s getCreditScores route', () => {
    expect(CREDIT_SCORES_PATH).toBe(CREDIT_ROUTES.getCreditScores);
    expect(CREDIT_ROUTE_METHODS.getCreditScores).toBe('GET');
  });

  it('the score history is the credit module’s getBureauScore route', () => {
    expect(BUREAU_SCORE_PATH).toBe(CREDIT_ROUTES.getBureauScore);
    expect(CREDIT_ROUTE_METHODS.getBureauScore).toBe('GET');
  });
});
