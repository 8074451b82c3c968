import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storeReset } from './reset.ts';

/**
 * spec 001 §3 Account slice: what the shell uses now (the active menu, the redirection
 * sub-product) and the report fields the credit module's bureau reads fill.
 */
export interface AccountState {
  /** The last page of the left menu the customer was on, restored after a login (spec 001 §4). */
  activeLeftMenu: string | null;
  /** spec 001 §2: "A stored redirection sub-product is consumed once and then removed." */
  redirectionSubProduct: string | null;
  isBureauResponse: boolean;
  activeBureau: string | null;
}

const initialState: AccountState = {
  activeLeftMenu: null,
  redirectionSubProduct: null,
  isBureauResponse: false,
  activeBureau: null,
};

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    activeMenuChanged(state, action: PayloadAction<string>) {
      state.activeLeftMenu = action.payload;
    },
    redirectionSubProductStored(state, action: PayloadAction<string | null>) {
      state.redirectionSubProduct = action.payload;
    },
    activeBureauChanged(state, action: PayloadAction<string>) {
      state.activeBureau = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(storeReset, () => initialState),
});

export const { activeMenuChanged, redirectionSubProductStored, activeBureauChanged } = accountSlice.actions;
