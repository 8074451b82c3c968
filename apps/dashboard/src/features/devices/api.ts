import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import type { AccountActivityResponse, ActiveDevicesResponse } from '@pravesh/core/self-service/schemas.ts';
import { api } from '../../app/api.ts';
import { activeDevicesLoaded } from '../../app/slices/user.ts';

/** spec 001 §2 active-devices (sso module sessions/devices.ts): the sign-in sessions, and signing one out. */
export const devicesApi = api.enhanceEndpoints({ addTagTypes: ['ActiveDevices', 'AccountActivity'] }).injectEndpoints({
  endpoints: (build) => ({
    activeDevices: build.query<ActiveDevicesResponse, void>({
      query: () => ({ path: SELF_SERVICE_ROUTES.activeDevices, body: {} }),
      providesTags: ['ActiveDevices'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(activeDevicesLoaded(data.devices));
      },
    }),
    revokeDevice: build.mutation<{ revoked: true }, string>({
      query: (deviceId) => ({ path: SELF_SERVICE_ROUTES.revokeDevice, body: { deviceId } }),
      invalidatesTags: ['ActiveDevices', 'AccountActivity'],
    }),
    /** The account's security events: a changed number or email, a device signed out. */
    accountActivity: build.query<AccountActivityResponse, void>({
      query: () => ({ path: SELF_SERVICE_ROUTES.accountActivity, body: {} }),
      providesTags: ['AccountActivity'],
    }),
  }),
});

export const { useActiveDevicesQuery, useRevokeDeviceMutation, useAccountActivityQuery } = devicesApi;
