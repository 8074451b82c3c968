import type { Environment } from '@pravesh/core';

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

/** localhost, *.localhost (RFC 6761 §6.3), 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * In production, a URL the server calls (a gateway's webhook, which carries one-time codes and
 * bearer tokens) or sends a browser to (a redirect URI, which carries authorization codes) must be
 * https: over http anyone on the path reads and changes it (RFC 9700 §2.1 and §4.1.3, ASVS V9.1.1).
 * Loopback is the one exception: a sidecar or proxy on the same machine.
 */
export function assertHttpsInProduction(url: string, where: string, environment: Environment): void {
  if (environment !== 'production') return;
  const parsed = new URL(url);
  if (parsed.protocol === 'https:' || isLoopbackHost(parsed.hostname)) return;
  throw new ConfigError(
    `${where} "${url}" uses ${parsed.protocol}// in production: use https:// (plain http is allowed only on ` +
      'loopback: localhost, 127.0.0.1, ::1)',
  );
}
