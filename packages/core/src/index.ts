// The barrel every package imports today. A capability's files can also be imported by subpath
// (`@pravesh/core/consent/schemas.ts`, `@pravesh/core/sso/errors.ts`): a new capability adds its
// files under src/<capability>/ and one line here.
export * from './constants.ts';
export * from './sites.ts';
export * from './errors.ts';
export * from './http/envelope.ts';
export * from './http/success.ts';
export * from './http/script-json.ts';
export * from './routes.ts';
export * from './shield/strategies.ts';
export * from './shield/schemas.ts';
export * from './shield/crypto.ts';
export * from './shield/fingerprint.ts';
export * from './analytics.ts';
export * from './visitor/record.ts';
export * from './visitor/cookie-cipher.ts';
export * from './visits/fields.ts';
export * from './visits/visit.ts';
export * from './visits/tracking.ts';
export * from './visits/shared-data.ts';
export * from './visits/application-data.ts';
export * from './visitor/customer-fields.ts';
export * from './activity/site-entry-rules.ts';
export * from './activity/merge-entries.ts';
export * from './activity/recent-activity-sites.ts';
export * from './activity/recent-activity.ts';
export * from './sso/constants.ts';
export * from './sso/schemas.ts';
export * from './sso/frame-messages.ts';
export * from './consent/constants.ts';
export * from './consent/schemas.ts';
export * from './consent/csv.ts';
export * from './credit/score-rules.ts';
export * from './credit/schemas.ts';
export * from './credit/errors.ts';
export * from './my-account/schemas.ts';
