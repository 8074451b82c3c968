/** What the configuration's parts share (index.ts, sso.ts, consent.ts, hub.ts). */

export interface ShieldKey {
  readonly kid: string;
  readonly secret: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEMO_ORIGINS = { siteA: 'http://localhost:4100', siteB: 'http://localhost:4101' } as const;

export function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    throw new ConfigError(`"${origin}" is not an origin`);
  }
}
