import { and, eq, isNull } from 'drizzle-orm';
import type { TokenLiveness } from '../../auth/token-liveness.ts';
import type { Database } from '../../db/client.ts';
import { customerProfiles } from '../../db/schema/profile.ts';
import { ssoAccessTokens, ssoCustomers, ssoSessions } from '../../db/schema/sso.ts';

/**
 * What My Account reads and ends of the sign-on records (db/schema/sso.ts): the session behind an
 * access token, and the customer's row. The sign-on module writes these; My Account only reads
 * them, and ends a session the way the sign-on logout does (revoking the session revokes every
 * access token issued under it).
 */
export function createMyAccountStore(db: Database, liveness?: Pick<TokenLiveness, 'revoked'>) {
  return {
    async sessionById(sessionId: string) {
      const [row] = await db
        .select({ expiresAt: ssoSessions.expiresAt, customerId: ssoSessions.customerId })
        .from(ssoSessions)
        .where(eq(ssoSessions.sessionId, sessionId));
      return row;
    },

    async endSession(sessionId: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(ssoSessions)
          .set({ revokedAt: at })
          .where(and(eq(ssoSessions.sessionId, sessionId), isNull(ssoSessions.revokedAt)));
        await tx
          .update(ssoAccessTokens)
          .set({ revokedAt: at })
          .where(and(eq(ssoAccessTokens.sessionId, sessionId), isNull(ssoAccessTokens.revokedAt)));
      });
      // After the commit, before answering: no instance's token cache accepts them any more.
      await liveness?.revoked();
    },

    /** The customer's contact and, once saved, their sealed personal details (the profile module writes them). */
    async customerRow(customerId: string) {
      const [row] = await db
        .select({
          customerId: ssoCustomers.customerId,
          mobileEnc: ssoCustomers.mobileEnc,
          emailEnc: ssoCustomers.emailEnc,
          createdAt: ssoCustomers.createdAt,
          detailsEnc: customerProfiles.detailsEnc,
          detailsUpdatedAt: customerProfiles.updatedAt,
        })
        .from(ssoCustomers)
        .leftJoin(customerProfiles, eq(customerProfiles.customerId, ssoCustomers.customerId))
        .where(eq(ssoCustomers.customerId, customerId));
      return row;
    },
  };
}

export type MyAccountStore = ReturnType<typeof createMyAccountStore>;
