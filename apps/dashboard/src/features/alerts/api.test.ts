import { describe, expect, it } from 'vitest';
import { CREDIT_ALERT_ROUTES, CREDIT_ALERT_ROUTE_METHODS } from '@pravesh/core/credit-alerts/routes.ts';
import { ALERT_PATHS } from './api.ts';

describe('the credit alerts calls', () => {
  it('are the server’s creditAlerts routes (spec 001 §7)', () => {
    expect(ALERT_PATHS).toEqual(CREDIT_ALERT_ROUTES);
    expect(CREDIT_ALERT_ROUTE_METHODS).toEqual({
      getUserAlertSegment: 'GET',
      getUserAllAlerts: 'GET',
      createUpdateUserAlertState: 'POST',
      subscribeBureauAlerts: 'POST',
    });
  });
});
