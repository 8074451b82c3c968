import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthMethod } from '@pravesh/core';
import type { Database } from '../../../db/client.ts';
import { createWriteBatcher } from '../../../lib/batcher.ts';
import { ssoAccessTokens, ssoSessions, ssoTrustedDevices } from '../../../db/schema.ts';
import { randomToken, sha256 } from '../crypto.ts';
import type { GroupCommit } from '../group-commit.ts';

export type Session = typeof ssoSessions.$inferSelect;

/**
 * Sessions behind PB_GLSS_TOKEN: the token is a 256-bit random given to the browser once; the
 * table keeps its SHA-256. Revoking a session revokes every access token issued under it.
 */
export function createSessionStore(
  db: Database,
  options: { ttlSeconds: number; now: () => number; groupCommit: GroupCommit },
) {
  const { now } = options;
  // Group commit (group-commit.ts): rows queued while a write runs leave together.
  const writes = options.groupCommit;
  const inserts = createWriteBatcher<Session>((rows) => db.insert(ssoSessions).values(rows), writes);
  const trusted = createWriteBatcher<typeof ssoTrustedDevices.$inferInsert>((rows) => {
    // One statement may not touch a row twice (ON CONFLICT DO UPDATE): one entry per device.
    const unique = [...new Map(rows.map((row) => [`${row.customerId}:${row.deviceHash}`, row])).values()];
    return db
      .insert(ssoTrustedDevices)
      .values(unique)
      .onConflictDoUpdate({
        target: [ssoTrustedDevices.customerId, ssoTrustedDevices.deviceHash],
        set: { lastSeenAt: sql`excluded.last_seen_at` },
      });
  }, writes);
  return {
    /**
     * A new session and its token; `insert` must finish before the token is handed out. Apart so a
     * sign-in can write the session, its code and the device trust at once.
     */
    build(input: { customerId: string; siteId: number | null; deviceHash: string | null; method: AuthMethod }): {
      session: Session;
      token: string;
    } {
      const token = randomToken();
      const at = now();
      const session: Session = {
        sessionId: randomUUID(),
        tokenHash: sha256(token),
        customerId: input.customerId,
        siteId: input.siteId,
        deviceHash: input.deviceHash,
        method: input.method,
        createdAt: new Date(at),
        expiresAt: new Date(at + options.ttlSeconds * 1000),
        revokedAt: null,
      };
      return { session, token };
    },

    insert: (session: Session): Promise<void> => inserts.add(session),

    /** The live session of a token: not revoked, not expired. */
    async resolve(token: string | null | undefined): Promise<Session | undefined> {
      if (!token) return undefined;
      const [session] = await db
        .select()
        .from(ssoSessions)
        .where(
          and(
            eq(ssoSessions.tokenHash, sha256(token)),
            isNull(ssoSessions.revokedAt),
            gt(ssoSessions.expiresAt, new Date(now())),
          ),
        );
      return session;
    },

    async byId(sessionId: string): Promise<Session | undefined> {
      const [session] = await db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId));
      return session;
    },

    isLive(session: Session): boolean {
      return session.revokedAt === null && session.expiresAt.getTime() > now();
    },

    async revoke(sessionId: string): Promise<void> {
      const at = new Date(now());
      await db
        .update(ssoSessions)
        .set({ revokedAt: at })
        .where(and(eq(ssoSessions.sessionId, sessionId), isNull(ssoSessions.revokedAt)));
      await db
        .update(ssoAccessTokens)
        .set({ revokedAt: at })
        .where(and(eq(ssoAccessTokens.sessionId, sessionId), isNull(ssoAccessTokens.revokedAt)));
    },

    /** Marks a device as having completed an OTP sign-in for the customer. */
    async trustDevice(customerId: string, deviceHash: string): Promise<void> {
      const at = new Date(now());
      await trusted.add({ customerId, deviceHash, createdAt: at, lastSeenAt: at });
    },

    async isTrustedDevice(customerId: string, deviceHash: string | null): Promise<boolean> {
      if (!deviceHash) return false;
      const [row] = await db
        .select({ customerId: ssoTrustedDevices.customerId })
        .from(ssoTrustedDevices)
        .where(and(eq(ssoTrustedDevices.customerId, customerId), eq(ssoTrustedDevices.deviceHash, deviceHash)));
      return row !== undefined;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
