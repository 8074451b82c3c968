import { SignJWT } from 'jose';
import { encryptDevice, hashDevice, type AuthenticationStrategy, type DeviceComponents } from '@pravesh/core';
import type { Keyring } from '../../lib/keyring.ts';

/**
 * Server-side pass-token signing for operators (`npm run pass-token`), tests and benchmarks.
 * Browsers sign their own with the SDK; both produce the same claims (spec 000 §3).
 */
export const OPERATOR_DEVICE: DeviceComponents = {
  canvasHash: '',
  webglHash: '',
  plugins: [],
  language: 'en-IN',
  cpuCount: 0,
  memory: 0,
  touch: false,
  mimeTypes: [],
  cookiesEnabled: false,
  batterySupported: false,
  screenWidth: 0,
  screenHeight: 0,
  timezoneOffset: -330,
  colorDepth: 0,
  localStorageAvailable: false,
  sessionStorageAvailable: false,
  privateMode: false,
  clientId: 'operator-cli',
};

export interface IssueTokenOptions {
  keyring: Keyring;
  siteId: number;
  validitySeconds: number;
  kid?: string;
  nowSeconds?: number;
  device?: DeviceComponents;
  authenticationToken?: Partial<Record<AuthenticationStrategy, string>>;
}

export async function issuePassToken(options: IssueTokenOptions): Promise<string> {
  const kid = options.kid ?? options.keyring.activeKid;
  const key = await options.keyring.siteKey(kid, options.siteId);
  const iat = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const device = await encryptDevice(key, await hashDevice(options.device ?? OPERATOR_DEVICE));
  const claims: Record<string, unknown> = { siteId: options.siteId, device };
  if (options.authenticationToken && Object.keys(options.authenticationToken).length > 0) {
    claims.authenticationToken = options.authenticationToken;
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.validitySeconds)
    .sign(key);
}
