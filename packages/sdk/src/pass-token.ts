import {
  canonicalJson,
  encryptDevice,
  PraveshError,
  unwrapSiteKey,
  type AuthenticationStrategy,
  type DevicePayload,
  type PassTokenClaims,
  type ShieldConfig,
} from '@pravesh/core';
import { getDevicePayload } from './device.ts';
import { signHs256 } from './jws.ts';

/** Tokens of the authentication strategies a pass token may carry (spec 000 §3 "Pass token payload"). */
export type AuthenticationTokens = Partial<Record<AuthenticationStrategy, string>>;

export interface PassTokenSignerOptions {
  config: ShieldConfig;
  /** Milliseconds since the epoch; injectable so tests need no sleeps. */
  now?: () => number;
  /**
   * The server's clock minus this one, in milliseconds (see clockOffsetMs): added to now() when a
   * token is stamped, because the server refuses an `iat` ahead of its clock or an `exp` beyond its
   * now + passTokenValidity (spec 000 §9), and a browser's clock can be hours off.
   */
  clockOffsetMs?: number;
  getDevice?: () => Promise<DevicePayload>;
}

/**
 * How far the server's clock is ahead of this one (negative: behind), from the serverTime of an
 * answer and the local times the request left and the answer arrived: the server read its clock
 * about halfway through (NTP's estimate, RFC 5905 §8). 0 without a serverTime.
 */
export function clockOffsetMs(serverTime: number | undefined, sentAt: number, receivedAt: number): number {
  if (serverTime === undefined || !Number.isFinite(serverTime)) return 0;
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

export interface PassTokenSigner {
  getToken(authenticationToken?: AuthenticationTokens): Promise<string>;
}

/**
 * A token is renewed this many seconds before it expires: 60 s, or 10% of a short validity, so
 * a request signed just before the renewal point still has time to reach the server.
 */
export function renewalMarginSeconds(passTokenValidity: number): number {
  return Math.min(60, passTokenValidity / 10);
}

function nonEmpty(tokens: AuthenticationTokens): AuthenticationTokens {
  const kept: Record<string, string> = {};
  for (const [strategy, token] of Object.entries(tokens)) {
    if (typeof token === 'string' && token !== '') kept[strategy] = token;
  }
  return kept;
}

/**
 * Signs the pass token of spec 000 §1/§3 in the browser: HS256 with kid = config.ci, under the
 * site key unwrapped from the shield config, carrying the encrypted device fingerprint. One token
 * per set of authentication tokens is reused until shortly before it expires; concurrent callers
 * share one signing.
 */
export function createPassTokenSigner(options: PassTokenSignerOptions): PassTokenSigner {
  const { config, clockOffsetMs: offset = 0 } = options;
  const localNow = options.now ?? Date.now;
  // The server's time: tokens are stamped and renewed on it.
  const now = () => localNow() + offset;
  const getDevice = options.getDevice ?? (() => getDevicePayload({ now: localNow }));
  const marginMs = renewalMarginSeconds(config.passTokenValidity) * 1000;
  const issued = new Map<string, { token: string; renewAt: number }>();
  const inFlight = new Map<string, Promise<string>>();
  let siteKey: Promise<Uint8Array<ArrayBuffer>> | undefined;

  function unwrapOnce(): Promise<Uint8Array<ArrayBuffer>> {
    siteKey ??= unwrapSiteKey(config.ct, config.siteId, config.ci).catch((cause: unknown) => {
      siteKey = undefined;
      const error = new PraveshError('configuration');
      error.cause = cause;
      throw error;
    });
    return siteKey;
  }

  async function sign(authenticationToken: AuthenticationTokens, cacheKey: string): Promise<string> {
    const [key, device] = await Promise.all([unwrapOnce(), getDevice()]);
    const time = now();
    const iat = Math.floor(time / 1000);
    const exp = iat + config.passTokenValidity;
    const claims: PassTokenClaims = {
      siteId: config.siteId,
      device: await encryptDevice(key, device),
      ...(Object.keys(authenticationToken).length > 0 ? { authenticationToken } : {}),
      iat,
      exp,
    };
    const token = await signHs256(key, { kid: config.ci, typ: 'JWT' }, claims);
    for (const [staleKey, entry] of issued) if (entry.renewAt <= time) issued.delete(staleKey);
    issued.set(cacheKey, { token, renewAt: exp * 1000 - marginMs });
    return token;
  }

  return {
    getToken(authenticationToken = {}) {
      const tokens = nonEmpty(authenticationToken);
      const cacheKey = canonicalJson(tokens);
      const cached = issued.get(cacheKey);
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      const pending = inFlight.get(cacheKey);
      if (pending) return pending;
      const signing = sign(tokens, cacheKey);
      inFlight.set(cacheKey, signing);
      const settle = () => inFlight.delete(cacheKey);
      signing.then(settle, settle);
      return signing;
    },
  };
}
