import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorEntry } from '../../lib/http.ts';
import { storeReset } from './reset.ts';

/**
 * spec 001 §3 Utility slice (its reference lists arrive with the profile screens), plus the
 * API_ERROR list of spec 001 §8: failed API responses, persisted with the rest; while it is
 * non-empty the next page load goes to the root; a successful token exchange empties it.
 */
export interface UtilityState {
  apiErrors: ApiErrorEntry[];
  topBankList: unknown[];
  bankList: unknown[];
}

/** Enough to tell what failed; the list never grows without bound. */
export const API_ERROR_LIMIT = 20;

const initialState: UtilityState = { apiErrors: [], topBankList: [], bankList: [] };

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
  },
  extraReducers: (builder) => builder.addCase(storeReset, () => initialState),
});

export const { apiErrorRecorded, apiErrorsCleared } = utilitySlice.actions;
