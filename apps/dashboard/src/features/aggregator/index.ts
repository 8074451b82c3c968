/** The aggregator feature's public face (ARCHITECTURE.md "Doors"): what other features import of it (the
 * app store registers finvu-slice.ts itself: a slice is a door of its own, eslint.config.js doors). */
export { BalanceBanner } from './balance-banner.tsx';
