/** The aggregator feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { finvuSlice } from './finvu-slice.ts';
export { BalanceBanner } from './balance-banner.tsx';
