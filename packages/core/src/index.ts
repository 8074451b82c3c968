export * from './constants.ts';
export * from './sites.ts';
export * from './errors.ts';
export * from './http/envelope.ts';
export * from './shield/schemas.ts';
export * from './shield/crypto.ts';
export * from './shield/fingerprint.ts';
export * from './analytics.ts';
