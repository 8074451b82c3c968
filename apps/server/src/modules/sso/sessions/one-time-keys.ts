import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ssoOneTimeKeys } from '../../../db/schema/sso.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';

/** glssKey life: long enough for a redirect to another site, short enough to be useless in a log. */
export const GLSS_KEY_TTL_SECONDS = 120;

/** Columns a minted key carries besides its hash, kind and times. */
type KeyColumns = Omit<typeof ssoOneTimeKeys.$inferInsert, 'keyHash' | 'kind' | 'createdAt' | 'expiresAt' | 'usedAt'>;

/**
 * Mints a single-use key of `kind`: 256 random bits, stored only as SHA-256. The glss_key and the
 * setSSID handoff (ssid-handoff.ts) are both minted here; `columns` sees the key, so a value can be
 * sealed under it in the same insert.
 */
export async function mintOneTimeKey(
  db: Database,
  nowMs: number,
  kind: string,
  ttlSeconds: number,
  columns: (key: string) => KeyColumns,
): Promise<string> {
  const key = randomToken();
  await db.insert(ssoOneTimeKeys).values({
    ...columns(key),
    keyHash: sha256(key),
    kind,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + ttlSeconds * 1000),
  });
  return key;
}

/**
 * Marks a key of `kind` minted for `siteId` used, in one statement (of two concurrent redemptions
 * one wins); undefined when it is unknown, used, expired or minted for another site.
 */
export async function redeemOneTimeKey(db: Database, nowMs: number, kind: string, key: string, siteId: number) {
  const at = new Date(nowMs);
  const [row] = await db
    .update(ssoOneTimeKeys)
    .set({ usedAt: at })
    .where(
      and(
        eq(ssoOneTimeKeys.keyHash, sha256(key)),
        eq(ssoOneTimeKeys.kind, kind),
        eq(ssoOneTimeKeys.siteId, siteId),
        isNull(ssoOneTimeKeys.usedAt),
        gt(ssoOneTimeKeys.expiresAt, at),
      ),
    )
    .returning({
      customerId: ssoOneTimeKeys.customerId,
      sessionId: ssoOneTimeKeys.sessionId,
      sealed: ssoOneTimeKeys.sealedSessionToken,
    });
  return row;
}

/**
 * Single-use keys: the glss_key handoff (spec 000 §4: "glssKey plus siteId in the URL") and the
 * jti of every redeemed auth_token, so a signature in a URL works once.
 */
export function createOneTimeKeys(db: Database, now: () => number) {
  return {
    /** A key that signs the session's customer in on `siteId`, once, within 2 minutes. */
    mintGlssKey(input: { customerId: string; sessionId: string; siteId: number }): Promise<string> {
      return mintOneTimeKey(db, now(), 'glss_key', GLSS_KEY_TTL_SECONDS, () => input);
    },

    async redeemGlssKey(key: string, siteId: number): Promise<{ customerId: string; sessionId: string } | undefined> {
      const row = await redeemOneTimeKey(db, now(), 'glss_key', key, siteId);
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
