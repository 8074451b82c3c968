import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomerDetails } from '@pravesh/core/my-account/schemas.ts';
import type { ActiveDevice, PreferencesResponse } from '@pravesh/core/self-service/schemas.ts';
import type { CampaignData } from '../../session/campaign.ts';
import { storeReset } from './reset.ts';

/** spec 001 §3 "User session data (stored locally)". */
export interface UserData {
  customerId: string;
  mobileNo: string;
  visitorId: string | null;
  visitId: string | null;
  glssToken: string | null;
  accessToken: string;
  appJourney: string | null;
  /** Kept empty once used: a code works once (RFC 6749 §4.1.2). */
  authorizationCode: string | null;
}

/** spec 001 §3 User slice: the parts the shell uses now. */
export interface UserState {
  userData: UserData | null;
  utmData: CampaignData | null;
  personalDetails: CustomerDetails | null;
  /** spec 001 §3 activeDevicesList (features/devices). */
  activeDevicesList: ActiveDevice[];
  /** spec 001 §3 preferencesData and preferencesActionCount, each counter from 0 (features/preferences). */
  preferencesData: PreferencesResponse['preferencesData'] | null;
  preferencesActionCount: PreferencesResponse['preferencesActionCount'];
  /**
   * The last session ended without the customer signing out here (it expired, another device or
   * tab signed it out): the root says so and offers to sign in again (session/flows.ts endSession).
   */
  sessionEnded: boolean;
}

const initialState: UserState = {
  userData: null,
  utmData: null,
  personalDetails: null,
  activeDevicesList: [],
  preferencesData: null,
  preferencesActionCount: { sms: 0, call: 0, whatsApp: 0, email: 0 },
  sessionEnded: false,
};

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<UserData>) {
      state.userData = action.payload;
    },
    campaignRead(state, action: PayloadAction<CampaignData>) {
      state.utmData = action.payload;
    },
    personalDetailsLoaded(state, action: PayloadAction<CustomerDetails>) {
      state.personalDetails = action.payload;
    },
    activeDevicesLoaded(state, action: PayloadAction<ActiveDevice[]>) {
      state.activeDevicesList = action.payload;
    },
    /** A confirmed change of number: the stored session data shows the new one (spec 001 §3 mobileNo). */
    mobileNoChanged(state, action: PayloadAction<string>) {
      if (state.userData) state.userData.mobileNo = action.payload;
    },
    preferencesLoaded(state, action: PayloadAction<PreferencesResponse>) {
      state.preferencesData = action.payload.preferencesData;
      state.preferencesActionCount = action.payload.preferencesActionCount;
    },
    sessionEndedNoted(state) {
      state.sessionEnded = true;
    },
  },
  extraReducers: (builder) => builder.addCase(storeReset, () => initialState),
});

export const {
  signedIn,
  campaignRead,
  personalDetailsLoaded,
  activeDevicesLoaded,
  preferencesLoaded,
  mobileNoChanged,
  sessionEndedNoted,
} = userSlice.actions;
