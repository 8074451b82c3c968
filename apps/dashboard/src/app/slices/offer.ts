import { createSlice } from '@reduxjs/toolkit';
import { storeReset } from './reset.ts';

/** spec 001 §3 Offer slice: the flags the dashboard's offers section reads (the offers module fills the lists). */
export interface OfferState {
  isOfferResponse: boolean;
  hasPreApprovedOffers: boolean;
  offersBanner: unknown;
  preApprovedOffers: unknown[];
  personalizedOffers: unknown[];
  insuranceOffers: unknown[];
}

const initialState: OfferState = {
  isOfferResponse: false,
  hasPreApprovedOffers: false,
  offersBanner: null,
  preApprovedOffers: [],
  personalizedOffers: [],
  insuranceOffers: [],
};

export const offerSlice = createSlice({
  name: 'offer',
  initialState,
  reducers: {},
  extraReducers: (builder) => builder.addCase(storeReset, () => initialState),
});
