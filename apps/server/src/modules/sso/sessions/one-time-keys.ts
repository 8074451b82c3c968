import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ssoOneTimeKeys } from '../../../db/schema/sso.ts';
import { randomToken, sha256 } from '../crypto.ts';

/** glssKey life: long enough for a redirect to another site, short enough to be useless in a log. */
export const GLSS_KEY_TTL_SECONDS = 120;

/**
 * Single-use keys: the glss_key handoff (spec 000 §4: "glssKey plus siteId in the URL") and the
 * jti of every redeemed auth_token, so a signature in a URL works once.
 */
export function createOneTimeKeys(db: Database, now: () => number) {
  return {
    /** A key that signs the session's customer in on `siteId`, once, within 2 minutes. */
    async mintGlssKey(input: { customerId: string; sessionId: string; siteId: number }): Promise<string> {
      const key = randomToken();
      const at = now();
      await db.insert(ssoOneTimeKeys).values({
        keyHash: sha256(key),
        kind: 'glss_key',
        customerId: input.customerId,
        sessionId: input.sessionId,
        siteId: input.siteId,
        createdAt: new Date(at),
        expiresAt: new Date(at + GLSS_KEY_TTL_SECONDS * 1000),
      });
      return key;
    },

    async redeemGlssKey(key: string, siteId: number): Promise<{ customerId: string; sessionId: string } | undefined> {
      const at = new Date(now());
      const [row] = await db
        .update(ssoOneTimeKeys)
        .set({ usedAt: at })
        .where(
          and(
            eq(ssoOneTimeKeys.keyHash, sha256(key)),
            eq(ssoOneTimeKeys.kind, 'glss_key'),
            eq(ssoOneTimeKeys.siteId, siteId),
            isNull(ssoOneTimeKeys.usedAt),
            gt(ssoOneTimeKeys.expiresAt, at),
          ),
        )
        .returning({ customerId: ssoOneTimeKeys.customerId, sessionId: ssoOneTimeKeys.sessionId });
      if (!row?.customerId || !row.sessionId) return undefined;
      return { customerId: row.customerId, sessionId: row.sessionId };
    },

    /** Records a signature's jti; false when it was seen before (a replay). */
    async claimJti(kid: string, jti: string, expiresAtMs: number): Promise<boolean> {
      const [row] = await db
        .insert(ssoOneTimeKeys)
        .values({
          keyHash: sha256(`auth_token:${kid}:${jti}`),
          kind: 'auth_token',
          createdAt: new Date(now()),
          expiresAt: new Date(expiresAtMs),
          usedAt: new Date(now()),
        })
        .onConflictDoNothing({ target: ssoOneTimeKeys.keyHash })
        .returning({ keyHash: ssoOneTimeKeys.keyHash });
      return row !== undefined;
    },
  };
}

export type OneTimeKeys = ReturnType<typeof createOneTimeKeys>;
