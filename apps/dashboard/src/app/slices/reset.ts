import { createAction } from '@reduxjs/toolkit';

/** spec 001 §3 "A logout or reset empties it": every slice goes back to its initial state. */
export const storeReset = createAction('app/reset');
