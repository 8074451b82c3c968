import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ssoOneTimeKeys } from '../../../db/schema/sso.ts';
import { openWithSecret, randomToken, sealWithSecret, sha256 } from '../crypto.ts';

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
    async mint(input: {
      sessionToken: string;
      customerId: string;
      sessionId: string;
      siteId: number;
      clientId: string;
    }): Promise<string> {
      const handoff = randomToken();
      const at = now();
      await db.insert(ssoOneTimeKeys).values({
        keyHash: sha256(handoff),
        kind: 'ssid_handoff',
        customerId: input.customerId,
        sessionId: input.sessionId,
        siteId: input.siteId,
        clientId: input.clientId,
        sealedSessionToken: sealWithSecret(handoff, input.sessionToken),
        createdAt: new Date(at),
        expiresAt: new Date(at + SSID_HANDOFF_TTL_SECONDS * 1000),
      });
      return handoff;
    },

    /**
     * Marks the handoff used (one statement, so of two concurrent redemptions one wins) and opens
     * the session token it carries; undefined when unknown, used, expired or minted for another site.
     */
    async redeem(handoff: string, siteId: number): Promise<{ sessionId: string; sessionToken: string } | undefined> {
      const at = new Date(now());
      const [row] = await db
        .update(ssoOneTimeKeys)
        .set({ usedAt: at })
        .where(
          and(
            eq(ssoOneTimeKeys.keyHash, sha256(handoff)),
            eq(ssoOneTimeKeys.kind, 'ssid_handoff'),
            eq(ssoOneTimeKeys.siteId, siteId),
            isNull(ssoOneTimeKeys.usedAt),
            gt(ssoOneTimeKeys.expiresAt, at),
          ),
        )
        .returning({ sessionId: ssoOneTimeKeys.sessionId, sealed: ssoOneTimeKeys.sealedSessionToken });
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
