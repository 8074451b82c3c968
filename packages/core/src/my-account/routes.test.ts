import { describe, expect, it } from 'vitest';
import { VISIT_PATH } from '../visits/visit.ts';
import { MY_ACCOUNT_ROUTES } from './routes.ts';

describe('MY_ACCOUNT_ROUTES', () => {
  it('names the visit path the visits module serves', () => {
    expect(MY_ACCOUNT_ROUTES.visit).toBe(VISIT_PATH);
  });
});
