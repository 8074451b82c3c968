import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { City, Employer, Institution, TurnoverRange } from '@pravesh/core/profile/schemas.ts';
import type { ApiErrorEntry } from '../../lib/http.ts';
import { storeReset } from './reset.ts';

/**
 * spec 001 §3 Utility slice: the reference lists of the profile screens (features/profile) as last
 * loaded, plus the API_ERROR list of spec 001 §8: failed API responses, persisted
 * with the rest; while it is non-empty the next page load goes to the root; a successful token
 * exchange empties it.
 */
export interface UtilityState {
  apiErrors: ApiErrorEntry[];
  topBankList: Institution[];
  bankList: Institution[];
  topCityList: City[];
  cityList: City[];
  /** The last employer search's answer. */
  employerList: Employer[];
  annualSalesTurnover: TurnoverRange[];
  /** The rangeIds of annualSalesTurnover at which the personal-details form asks for the bank too. */
  specialAnnualTurnOverKeys: number[];
}

export type ReferenceList = Exclude<keyof UtilityState, 'apiErrors'>;

/** Enough to tell what failed; the list never grows without bound. */
export const API_ERROR_LIMIT = 20;

const initialState: UtilityState = {
  apiErrors: [],
  topBankList: [],
  bankList: [],
  topCityList: [],
  cityList: [],
  employerList: [],
  annualSalesTurnover: [],
  specialAnnualTurnOverKeys: [],
};

export const utilitySlice = createSlice({
  name: 'utility',
  initialState,
  reducers: {
    apiErrorRecorded(state, action: PayloadAction<ApiErrorEntry>) {
      state.apiErrors = [...state.apiErrors, action.payload].slice(-API_ERROR_LIMIT);
    },
    apiErrorsCleared(state) {
      state.apiErrors = [];
    },
    referenceListLoaded<K extends ReferenceList>(
      state: UtilityState,
      action: PayloadAction<{ list: K; items: UtilityState[K] }>,
    ) {
      state[action.payload.list] = action.payload.items;
    },
  },
  extraReducers: (builder) => builder.addCase(storeReset, () => initialState),
});

export const { apiErrorRecorded, apiErrorsCleared, referenceListLoaded } = utilitySlice.actions;
