import { PROFILE_ROUTES, institutionPath } from '@pravesh/core/profile/routes.ts';
import type {
  CityListResponse,
  CustomerProfileUpdateBody,
  CustomerProfileUpdateResponse,
  EmployerSearchResponse,
  InstitutionListResponse,
  TurnoverRangeListResponse,
} from '@pravesh/core/profile/schemas.ts';
import { api } from '../../app/api.ts';
import { mobileNoChanged, personalDetailsLoaded } from '../../app/slices/user.ts';
import { referenceListLoaded, type ReferenceList } from '../../app/slices/utility.ts';
import type { AppDispatch, RootState } from '../../app/store.ts';

/** Mirrors a loaded list into the utility slice (spec 001 §3 topCityList, bankList, …). */
function mirror<T>(list: ReferenceList, pick: (data: T) => unknown[]) {
  return async (
    _arg: unknown,
    { dispatch, queryFulfilled }: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: T }> },
  ) => {
    const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
    if (data) dispatch(referenceListLoaded({ list, items: pick(data) as never }));
  };
}

/**
 * Profile and personal details (modules/profile on the server): the spec 001 §7 BSP
 * utility lists, the employer search, and customerProfile/update. The customer's details are
 * My Account's getCustomerDetails (app/api.ts customerDetails), kept current from the update's
 * answers so a save shows without a second read.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    employers: build.query<EmployerSearchResponse, string>({
      query: (q) => ({ method: 'GET', path: PROFILE_ROUTES.employer, query: { q } }),
      onQueryStarted: mirror<EmployerSearchResponse>('employerList', (data) => data.employers),
    }),
    cities: build.query<CityListResponse, void>({
      query: () => ({ method: 'GET', path: PROFILE_ROUTES.city }),
      onQueryStarted: mirror<CityListResponse>('cityList', (data) => data.cities),
      keepUnusedDataFor: 3600,
    }),
    topCities: build.query<CityListResponse, void>({
      query: () => ({ method: 'GET', path: PROFILE_ROUTES.getTopCity }),
      onQueryStarted: mirror<CityListResponse>('topCityList', (data) => data.cities),
      keepUnusedDataFor: 3600,
    }),
    banks: build.query<InstitutionListResponse, void>({
      query: () => ({ method: 'GET', path: institutionPath() }),
      onQueryStarted: mirror<InstitutionListResponse>('bankList', (data) => data.institutions),
      keepUnusedDataFor: 3600,
    }),
    topBanks: build.query<InstitutionListResponse, void>({
      query: () => ({ method: 'GET', path: PROFILE_ROUTES.getTopInstitution }),
      onQueryStarted: mirror<InstitutionListResponse>('topBankList', (data) => data.institutions),
      keepUnusedDataFor: 3600,
    }),
    turnoverRanges: build.query<TurnoverRangeListResponse, void>({
      query: () => ({ method: 'GET', path: PROFILE_ROUTES.getAnnualTurnoverRange }),
      async onQueryStarted(arg, lifecycle) {
        await Promise.all([
          mirror<TurnoverRangeListResponse>('annualSalesTurnover', (data) => data.ranges)(arg, lifecycle),
          mirror<TurnoverRangeListResponse>('specialAnnualTurnOverKeys', (data) => data.specialAnnualTurnOverKeys)(
            arg,
            lifecycle,
          ),
        ]);
      },
      keepUnusedDataFor: 3600,
    }),
    updateProfile: build.mutation<CustomerProfileUpdateResponse, CustomerProfileUpdateBody>({
      // A refusal the form shows beside its field (a wrong OTP, an invalid email) is the
      // customer's input, not a broken session: it stays out of the API_ERROR list (spec 001 §8).
      query: (body) => ({ path: PROFILE_ROUTES.update, body }),
      async onQueryStarted(body, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        if (data.outcome === 'saved') {
          dispatch(
            api.util.updateQueryData('customerDetails', body.customerId, (details) => {
              details.personalDetails = data.personalDetails;
            }),
          );
        } else if (data.outcome === 'verified') {
          dispatch(
            api.util.updateQueryData('customerDetails', body.customerId, (details) => {
              details.mobileNo = data.mobileNo;
              details.email = data.email;
            }),
          );
          if (body.updateType === 'mobileNo') dispatch(mobileNoChanged(data.mobileNo));
        }
        // spec 001 §3 user slice personalDetails: the customer's details as now stored.
        const details = api.endpoints.customerDetails.select(body.customerId)(lifecycle.getState() as RootState).data;
        if (details) dispatch(personalDetailsLoaded(details));
      },
    }),
  }),
});

export const {
  useEmployersQuery,
  useCitiesQuery,
  useTopCitiesQuery,
  useBanksQuery,
  useTopBanksQuery,
  useTurnoverRangesQuery,
  useUpdateProfileMutation,
} = profileApi;
