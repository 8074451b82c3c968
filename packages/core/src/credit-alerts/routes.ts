/**
 * Paths of the credit alerts calls, spec 001 §7 (third service, BSP): the spec shows the paths
 * but neither methods nor shapes. Ours, kept like the credit routes (core/credit/schemas.ts
 * CREDIT_ROUTES): reads are GET, writes POST, the customer is the access token's (pb-access-token
 * header or the pass token's sso strategy), never named in a URL. Zod-free so a widget can name them.
 */
export const CREDIT_ALERT_ROUTES = {
  /** spec 001 §3 account slice userAlertSegment: unread count, per-bureau subscription, the latest score change explained. */
  getUserAlertSegment: '/BSP/api/v1/creditAlerts/getUserAlertSegment',
  /** spec 001 §3 account slice userAllAlerts: the customer's alerts, newest pull first, ranked within a pull. */
  getUserAllAlerts: '/BSP/api/v1/creditAlerts/getUserAllAlerts',
  /** Marks alerts read or dismissed; idempotent. */
  createUpdateUserAlertState: '/BSP/api/v1/creditAlerts/createUpdateUserAlertState',
  /** Turns alerts of one bureau on or off for the customer; idempotent. */
  subscribeBureauAlerts: '/BSP/api/v1/creditAlerts/subscribeBureauAlerts',
} as const;
export type CreditAlertRoute = keyof typeof CREDIT_ALERT_ROUTES;

export const CREDIT_ALERT_ROUTE_METHODS: Readonly<Record<CreditAlertRoute, 'GET' | 'POST'>> = {
  getUserAlertSegment: 'GET',
  getUserAllAlerts: 'GET',
  createUpdateUserAlertState: 'POST',
  subscribeBureauAlerts: 'POST',
};
