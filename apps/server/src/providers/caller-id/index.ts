// The simulator imports its interface from types.ts, not from here (no circle).
export type { CallerIdLinkRequest, CallerIdProvider } from './types.ts';
export { createCallerIdSimulator } from './simulator.ts';
