import type { Database } from '../../../db/client.ts';
import { openWithSecret, sealWithSecret } from '../../../lib/crypto.ts';
import { mintOneTimeKey, redeemOneTimeKey } from './one-time-keys.ts';

/** A handoff's life: the hidden image loads right after the code exchange. */
export const SSID_HANDOFF_TTL_SECONDS = 60;

/**
 * The setSSID handoff (spec 000 §7 "customer/setSSID, loaded as hidden image, token in query").
 * The spec's token was the session token itself, so any page could sign a browser into any session
 * it knew, and the code exchange had to hand the session secret to page scripts. What setSSID now
 * accepts is only this handoff: 256 random bits, stored as SHA-256, minted by the code exchange for
 * the site (audience) that exchanged the code, valid 60 s and redeemed once (like an authorization
 * code, RFC 6749 §4.1.2 / RFC 9700 §4.5). The session token travels sealed under the handoff
 * itself (crypto.ts sealWithSecret), so the table alone opens nothing.
 */
export function createSsidHandoffs(db: Database, now: () => number) {
  return {
    mint(input: {
      sessionToken: string;
      customerId: string;
      sessionId: string;
      siteId: number;
      clientId: string;
    }): Promise<string> {
      const { sessionToken, ...columns } = input;
      // Sealed under the handoff itself, which only the browser holds (the table keeps its hash).
      return mintOneTimeKey(db, now(), 'ssid_handoff', SSID_HANDOFF_TTL_SECONDS, (handoff) => ({
        ...columns,
        sealedSessionToken: sealWithSecret(handoff, sessionToken),
      }));
    },

    /**
     * Marks the handoff used (one statement, so of two concurrent redemptions one wins) and opens
     * the session token it carries; undefined when unknown, used, expired or minted for another site.
     */
    async redeem(handoff: string, siteId: number): Promise<{ sessionId: string; sessionToken: string } | undefined> {
      const row = await redeemOneTimeKey(db, now(), 'ssid_handoff', handoff, siteId);
      if (!row?.sessionId || !row.sealed) return undefined;
      try {
        return { sessionId: row.sessionId, sessionToken: openWithSecret(handoff, row.sealed) };
      } catch {
        return undefined;
      }
    },
  };
}

export type SsidHandoffs = ReturnType<typeof createSsidHandoffs>;
