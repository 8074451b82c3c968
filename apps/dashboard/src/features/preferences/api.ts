import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import type { PreferenceBody, PreferencesResponse } from '@pravesh/core/self-service/schemas.ts';
import { api } from '../../app/api.ts';
import { preferencesLoaded } from '../../app/slices/user.ts';

/** spec 001 §7 GET commbox/getPreference and POST commbox/preference (modules/preferences). */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    preferences: build.query<PreferencesResponse, void>({
      query: () => ({ method: 'GET', path: SELF_SERVICE_ROUTES.getPreference }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(preferencesLoaded(data));
      },
    }),
    changePreferences: build.mutation<PreferencesResponse, PreferenceBody>({
      query: (body) => ({ method: 'POST', path: SELF_SERVICE_ROUTES.preference, body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        // The answer is the new state: the form and the user slice show it without a second read.
        void dispatch(preferencesApi.util.upsertQueryData('preferences', undefined, data));
        dispatch(preferencesLoaded(data));
      },
    }),
  }),
});

export const { usePreferencesQuery, useChangePreferencesMutation } = preferencesApi;
