/**
 * Authentication strategies a pass token may carry (spec 000 §3 "Pass token payload":
 * strategies for product, CRM, single sign-on). Any other key is an
 * invalidAuthenticationStrategyException. Zod-free so the browser bundle can import it.
 */
export const AUTHENTICATION_STRATEGIES = ['product', 'crm', 'sso'] as const;
export type AuthenticationStrategy = (typeof AUTHENTICATION_STRATEGIES)[number];

/**
 * Request headers whose tokens the SDK moves into the pass token (spec 000 §7: "The request
 * interceptor moves single sign-on, CRM and service tokens from headers into the token request").
 */
export const STRATEGY_HEADERS: Readonly<Record<string, AuthenticationStrategy>> = {
  'sso-authentication-token': 'sso',
  'crm-authentication-token': 'crm',
  'service-authentication-token': 'product',
};
