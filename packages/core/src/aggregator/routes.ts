/**
 * Paths of the OVI consent and banking service (spec 001 §7 "Consent and banking"), zod-free so
 * front ends can name them. Methods the spec does not show are ours: reads GET, writes POST. The
 * `aa/*` paths are ours (spec 001 §2 journey steps 3–6): in a real Finvu deployment the AA's own SDK
 * runs discovery, linking and approval in the browser; here the server relays them to the provider.
 * `statement` is spec 001 §7's lower-case `fi/transaction` (statement), beside `FI/transaction`: the
 * two differ only in case, as the spec writes them. `FI/insights` is ours ("View Insights").
 */
export const AGGREGATOR_ROUTES = {
  consent: '/OVI/api/v2/consent',
  userApplication: '/OVI/api/v1/consent/user/application',
  getState: '/OVI/api/v1/consent/state/getState',
  stateCapture: '/OVI/api/v1/consent/stateCapture',
  getAccountsDetail: '/OVI/api/v1/FI/getAccountsDetail',
  fetchUserAccountInfo: '/OVI/api/v1/FI/fetchUserAccountInfo',
  refreshData: '/OVI/api/v1/FI/refreshData',
  deActivateUserData: '/OVI/api/v1/FI/deActivateUserData',
  transaction: '/OVI/api/v1/FI/transaction',
  statement: '/OVI/api/v1/fi/transaction',
  insights: '/OVI/api/v1/FI/insights',
  journeyDataStatus: '/OVI/api/v2/journey/data/status',
  journeyInitiate: '/OVI/api/v2/journey/initiate',
  discover: '/OVI/api/v1/aa/discover',
  link: '/OVI/api/v1/aa/link',
  linkConfirm: '/OVI/api/v1/aa/link/confirm',
  decide: '/OVI/api/v1/aa/consent/decide',
} as const;
export type AggregatorRoute = keyof typeof AGGREGATOR_ROUTES;

export const AGGREGATOR_ROUTE_METHODS: Readonly<Record<AggregatorRoute, 'GET' | 'POST' | 'DELETE'>> = {
  consent: 'POST',
  userApplication: 'GET',
  getState: 'GET',
  stateCapture: 'POST',
  getAccountsDetail: 'GET',
  fetchUserAccountInfo: 'GET',
  refreshData: 'POST',
  deActivateUserData: 'DELETE',
  transaction: 'GET',
  statement: 'GET',
  insights: 'GET',
  journeyDataStatus: 'GET',
  journeyInitiate: 'POST',
  discover: 'POST',
  link: 'POST',
  linkConfirm: 'POST',
  decide: 'POST',
};
