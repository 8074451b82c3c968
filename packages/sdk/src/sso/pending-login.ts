import type { Logger } from '../cookie-purge.ts';

/**
 * A login link's state and PKCE verifier, kept in session storage until the accounts host sends
 * the browser back with ?code&state (RFC 6749 §10.12, RFC 7636). Only a state this browser issued
 * is ever exchanged, each once, and not after 15 minutes.
 */
export const PENDING_LOGIN_TTL_MS = 15 * 60 * 1000;
const PREFIX = 'pravesh-sso:';

export interface PendingLogin {
  verifier: string;
  redirectUri: string;
  createdAt: number;
}

export type PendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function createPendingLogins(storage: PendingStorage | undefined, now: () => number, logger: Logger) {
  return {
    remember(state: string, pending: PendingLogin): void {
      try {
        storage?.setItem(`${PREFIX}${state}`, JSON.stringify(pending));
      } catch (error) {
        logger.warn('login state not stored: the redirect back cannot be completed', error);
      }
    },
    /** The pending login of `state`, removed as it is read; undefined when unknown or too old. */
    take(state: string): PendingLogin | undefined {
      const key = `${PREFIX}${state}`;
      let raw: string | null | undefined;
      try {
        raw = storage?.getItem(key);
        storage?.removeItem(key);
      } catch {
        return undefined;
      }
      if (!raw) return undefined;
      try {
        const pending = JSON.parse(raw) as Partial<PendingLogin>;
        if (!isText(pending.verifier) || !isText(pending.redirectUri) || typeof pending.createdAt !== 'number') {
          return undefined;
        }
        return now() - pending.createdAt > PENDING_LOGIN_TTL_MS ? undefined : (pending as PendingLogin);
      } catch {
        return undefined;
      }
    },
  };
}
