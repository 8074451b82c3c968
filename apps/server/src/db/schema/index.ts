/**
 * The one pg-core schema; PGlite and PostgreSQL share it. Each capability keeps its tables in its
 * own file here (schema/<capability>.ts) and adds one line below, so new modules do not all edit
 * one file; then `npm run db:generate` (or a hand-written migration) brings the SQL in step.
 */
export * from './analytics.ts';
export * from './visits.ts';
export * from './activity.ts';
export * from './consent.ts';
export * from './sso.ts';
export * from './rate-limit.ts';
export * from './credit.ts';
export * from './offers.ts';
export * from './leads.ts';
export * from './add-ons.ts';
export * from './credit-alerts.ts';
export * from './invoices.ts';
export * from './aggregator.ts';
export * from './preferences.ts';
export * from './support.ts';
export * from './profile.ts';
export * from './holdings.ts';
export * from './simulators.ts';
export * from './account-activity.ts';
