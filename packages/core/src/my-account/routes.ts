/**
 * My Account's own session calls (spec 001 §7 "Internal service"), in a file without zod so the
 * dashboard's bundle can import the paths without the schema library (schemas.ts has the shapes).
 */
export const MY_ACCOUNT_ROUTES = {
  /** spec 001 §2 layout guard: "compares the stored customer with the visit-service customer". */
  session: '/MSP/api/v1/myAccount/session',
  /** spec 001 §4 Logout: ends the sign-on session behind the access token. */
  sessionLogout: '/MSP/api/v1/myAccount/session/logout',
  /** spec 001 §9 configuration paths: myAccount/getCustomerDetails. */
  getCustomerDetails: '/MSP/api/v1/myAccount/getCustomerDetails',
  /** spec 001 §7 POST MSP visit: the same path as visits/visit.ts VISIT_PATH (routes.test.ts holds them equal). */
  visit: '/MSP/api/v1/visit',
} as const;
