import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api.ts';
import { PERSISTED_SLICES, type Persistence } from './persist.ts';
import type { Services } from './services.ts';
import { accountSlice } from './slices/account.ts';
import { finvuSlice } from '../features/aggregator/finvu-slice.ts';
import { offerSlice } from './slices/offer.ts';
import { userSlice } from './slices/user.ts';
import { utilitySlice } from './slices/utility.ts';

const rootReducer = combineReducers({
  account: accountSlice.reducer,
  finvu: finvuSlice.reducer,
  offer: offerSlice.reducer,
  user: userSlice.reducer,
  utility: utilitySlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
type PreloadedState = Partial<Pick<RootState, (typeof PERSISTED_SLICES)[number]>>;

/** Writes are batched: one write per burst of actions, at most every 200 ms. */
const WRITE_DELAY_MS = 200;

export function createStore(
  options: { preloaded?: Record<string, unknown>; persistence?: Persistence; services?: Services } = {},
) {
  const preloadedState: PreloadedState = {};
  for (const name of PERSISTED_SLICES) {
    const restored = options.preloaded?.[name];
    if (typeof restored === 'object' && restored !== null) {
      // A stored slice of an older build lacks the newer fields: the initial state fills them in.
      const initial = rootReducer(undefined, { type: '@@init' })[name];
      (preloadedState as Record<string, unknown>)[name] = { ...initial, ...restored };
    }
  }
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState,
    // RTK Query's base query reaches the one HTTP helper through the thunk's extra argument.
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: options.services } }).concat(api.middleware),
  });
  setupListeners(store.dispatch);

  const { persistence } = options;
  if (persistence) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: unknown;
    store.subscribe(() => {
      const state = store.getState();
      const persisted = PERSISTED_SLICES.map((name) => state[name]);
      if (last !== undefined && persisted.every((slice, i) => slice === (last as unknown[])[i])) return;
      last = persisted;
      clearTimeout(timer);
      timer = setTimeout(() => void persistence.write(store.getState()), WRITE_DELAY_MS);
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
