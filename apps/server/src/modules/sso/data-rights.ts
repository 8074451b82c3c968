import { and, eq, isNull } from 'drizzle-orm';
import { ssoAccessTokens, ssoCustomers, ssoDeviceTrust, ssoSessions, ssoTrustedDevices } from '../../db/schema/sso.ts';
import { accountActivity } from '../../db/schema/account-activity.ts';
import type { DataRightsPartFactory } from '../data-rights/index.ts';

/**
 * The sign-on account's part of the data-protection rights (DPDP Act 2023 §11, §12): the number and
 * email (opened from their seal) and the sign-in sessions. Erasure signs every device out (every
 * instance's token cache too, through tokenLiveness) and removes the number, email and password,
 * so the number can no longer sign in to this account; the customer id stays as the key of what a
 * law makes us keep (consent ledger, GST invoices).
 */
export const accountDataRightsPart: DataRightsPartFactory = ({ db, pii, tokenLiveness }) => ({
  name: 'account',
  async collect(customerId) {
    const [customer] = await db.select().from(ssoCustomers).where(eq(ssoCustomers.customerId, customerId));
    const sessions = await db
      .select({
        startedAt: ssoSessions.createdAt,
        expiresAt: ssoSessions.expiresAt,
        signedOutAt: ssoSessions.revokedAt,
        method: ssoSessions.method,
        deviceKind: ssoSessions.deviceKind,
        browser: ssoSessions.browser,
        place: ssoSessions.place,
      })
      .from(ssoSessions)
      .where(eq(ssoSessions.customerId, customerId));
    return {
      customerId,
      mobileNumber: customer?.mobileEnc ? pii.decrypt('mobile', customer.mobileEnc) : null,
      email: customer?.emailEnc ? pii.decrypt('email', customer.emailEnc) : null,
      passwordSet: Boolean(customer?.passwordHash),
      createdAt: customer?.createdAt ?? null,
      signInSessions: sessions,
      accountActivity: await db
        .select({ kind: accountActivity.kind, detail: accountActivity.detail, at: accountActivity.occurredAt })
        .from(accountActivity)
        .where(eq(accountActivity.customerId, customerId.toLowerCase())),
    };
  },
  erases: 'Your mobile number, email, password, account activity and every signed-in device',
  async erase(customerId, at) {
    const sessions = await db
      .update(ssoSessions)
      .set({ revokedAt: at })
      .where(and(eq(ssoSessions.customerId, customerId), isNull(ssoSessions.revokedAt)))
      .returning({ sessionId: ssoSessions.sessionId });
    await db
      .update(ssoAccessTokens)
      .set({ revokedAt: at })
      .where(and(eq(ssoAccessTokens.customerId, customerId), isNull(ssoAccessTokens.revokedAt)));
    await tokenLiveness.revoked();
    await db.delete(ssoTrustedDevices).where(eq(ssoTrustedDevices.customerId, customerId));
    await db.delete(ssoDeviceTrust).where(eq(ssoDeviceTrust.customerId, customerId));
    await db.delete(accountActivity).where(eq(accountActivity.customerId, customerId.toLowerCase()));
    const customers = await db
      .update(ssoCustomers)
      .set({ mobileHash: null, mobileEnc: null, emailHash: null, emailEnc: null, passwordHash: null, updatedAt: at })
      .where(eq(ssoCustomers.customerId, customerId))
      .returning({ customerId: ssoCustomers.customerId });
    return sessions.length + customers.length;
  },
});
