import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AuthMethod } from '@pravesh/core';
import type { TokenLiveness } from '../../../auth/token-liveness.ts';
import type { Database } from '../../../db/client.ts';
import { ssoAccessTokens, ssoSessions, ssoTrustedDevices } from '../../../db/schema/sso.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';
import type { DeviceDescription } from './device-description.ts';

export type Session = typeof ssoSessions.$inferSelect;

/**
 * Sessions behind PB_GLSS_TOKEN: the token is a 256-bit random given to the browser once; the
 * table keeps its SHA-256. Revoking a session revokes every access token issued under it.
 */
export function createSessionStore(
  db: Database,
  options: {
    ttlSeconds: number;
    now: () => number;
    /** Told of every revocation, so no instance's cache accepts the session's tokens afterwards. */
    liveness?: Pick<TokenLiveness, 'revoked'> | undefined;
  },
) {
  const { now } = options;
  return {
    /**
     * A new session and its token, not yet written: a sign-in writes the session, its code and the
     * device trust in one statement (codes/service.ts issue), before the token is handed out.
     */
    build(input: {
      customerId: string;
      siteId: number | null;
      deviceHash: string | null;
      method: AuthMethod;
      /** The active-devices description (sessions/device-description.ts); absent on no-pass calls. */
      device?: DeviceDescription | undefined;
    }): {
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
        deviceKind: input.device?.deviceKind ?? null,
        browser: input.device?.browser ?? null,
        place: input.device?.place ?? null,
      };
      return { session, token };
    },

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
      await options.liveness?.revoked();
    },

    /**
     * Signs out every session of the customer but `keep` (the one making the change), and every
     * access token issued under them, on every instance (liveness.revoked): after the number or
     * email that signs in changed (ASVS 5.0 V7.4.3 / 4.0.3 V3.3.3, "terminate all other active
     * sessions after a successful change" of an authentication factor). Answers how many ended.
     */
    async revokeOthersOf(customerId: string, keep: string): Promise<number> {
      const at = new Date(now());
      const ended = await db
        .update(ssoSessions)
        .set({ revokedAt: at })
        .where(
          and(eq(ssoSessions.customerId, customerId), ne(ssoSessions.sessionId, keep), isNull(ssoSessions.revokedAt)),
        )
        .returning({ sessionId: ssoSessions.sessionId });
      await db
        .update(ssoAccessTokens)
        .set({ revokedAt: at })
        .where(
          and(
            eq(ssoAccessTokens.customerId, customerId),
            ne(ssoAccessTokens.sessionId, keep),
            isNull(ssoAccessTokens.revokedAt),
          ),
        );
      await options.liveness?.revoked();
      return ended.length;
    },

    /**
     * A customer's live sessions, newest first, for the active-devices list (spec 001 §2). Last
     * active is the latest access token issued under the session (each visit to a site exchanges a
     * code for one), or the sign-in itself: read from records the sign-on already writes, so no
     * request pays a write to keep it.
     */
    async liveOf(customerId: string): Promise<(Session & { lastActiveAt: Date })[]> {
      const lastToken = sql<Date | null>`max(${ssoAccessTokens.createdAt})`.mapWith(ssoAccessTokens.createdAt);
      const rows = await db
        .select({ session: ssoSessions, lastToken })
        .from(ssoSessions)
        .leftJoin(ssoAccessTokens, eq(ssoAccessTokens.sessionId, ssoSessions.sessionId))
        .where(
          and(
            eq(ssoSessions.customerId, customerId),
            isNull(ssoSessions.revokedAt),
            gt(ssoSessions.expiresAt, new Date(now())),
          ),
        )
        .groupBy(ssoSessions.sessionId)
        .orderBy(desc(ssoSessions.createdAt));
      return rows.map(({ session, lastToken: last }) => ({
        ...session,
        lastActiveAt: last && last.getTime() > session.createdAt.getTime() ? last : session.createdAt,
      }));
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
