import type { Bureau } from '@pravesh/core/constants.ts';
import type {
  SubscribeBureauAlertsResponse,
  UpdateAlertStateBody,
  UpdateAlertStateResponse,
  UserAlertSegmentResponse,
  UserAllAlertsResponse,
} from '@pravesh/core/credit-alerts/schemas.ts';
import { api } from '../../app/api.ts';

/**
 * spec 001 §7 creditAlerts, the paths of core CREDIT_ALERT_ROUTES, written out so
 * the bundle does not carry the schema library (api.test.ts holds them equal).
 */
export const ALERT_PATHS = {
  getUserAlertSegment: '/BSP/api/v1/creditAlerts/getUserAlertSegment',
  getUserAllAlerts: '/BSP/api/v1/creditAlerts/getUserAllAlerts',
  createUpdateUserAlertState: '/BSP/api/v1/creditAlerts/createUpdateUserAlertState',
  subscribeBureauAlerts: '/BSP/api/v1/creditAlerts/subscribeBureauAlerts',
} as const;

const alertsApi = api.enhanceEndpoints({ addTagTypes: ['CreditAlerts'] }).injectEndpoints({
  endpoints: (build) => ({
    /** spec 001 §3 account slice userAlertSegment. */
    alertSegment: build.query<UserAlertSegmentResponse, void>({
      query: () => ({ method: 'GET', path: ALERT_PATHS.getUserAlertSegment }),
      providesTags: ['CreditAlerts'],
    }),
    /** spec 001 §3 account slice userAllAlerts. */
    allAlerts: build.query<UserAllAlertsResponse, void>({
      query: () => ({ method: 'GET', path: ALERT_PATHS.getUserAllAlerts }),
      providesTags: ['CreditAlerts'],
    }),
    updateAlertState: build.mutation<UpdateAlertStateResponse, UpdateAlertStateBody>({
      query: (body) => ({ method: 'POST', path: ALERT_PATHS.createUpdateUserAlertState, body }),
      invalidatesTags: ['CreditAlerts'],
    }),
    subscribeBureauAlerts: build.mutation<SubscribeBureauAlertsResponse, { creditBureau: Bureau; subscribe: boolean }>({
      query: (body) => ({ method: 'POST', path: ALERT_PATHS.subscribeBureauAlerts, body }),
      invalidatesTags: ['CreditAlerts'],
    }),
  }),
});

export const {
  useAlertSegmentQuery,
  useAllAlertsQuery,
  useUpdateAlertStateMutation,
  useSubscribeBureauAlertsMutation,
} = alertsApi;
