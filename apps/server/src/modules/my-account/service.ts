import { PraveshError, type CustomerDetails, type MyAccountSession } from '@pravesh/core';
import type { AccessTokenClaims } from '../../auth/access-tokens.ts';
import type { PiiCipher } from '../../auth/pii-cipher.ts';
import { openPersonalDetails } from '../../lib/personal-details.ts';
import type { MyAccountStore } from './store.ts';

/** Decrypts the customer's number, email and personal details at rest (deps.pii). */
export type PiiReader = Pick<PiiCipher, 'decrypt'>;

export interface MyAccountServiceOptions {
  store: MyAccountStore;
  pii: PiiReader;
  now: () => number;
}

/**
 * My Account's session calls (spec 001 §2 layout guard, §4 logout, §7). Each takes the verified
 * claims of the request's access token: the customer is who the token says, nothing else.
 */
export function createMyAccountService({ store, pii, now }: MyAccountServiceOptions) {
  return {
    async session(claims: AccessTokenClaims): Promise<MyAccountSession> {
      const session = await store.sessionById(claims.sessionId);
      // The verifier already checked the session is live; a row gone since is a token no longer good.
      if (!session || session.customerId.toLowerCase() !== claims.customerId.toLowerCase()) {
        throw new PraveshError('tokenNotValidated');
      }
      return {
        customerId: claims.customerId,
        sessionExpiresAt: session.expiresAt.toISOString(),
        siteId: claims.siteId ?? 0,
      };
    },

    /** spec 001 §4: logout ends the sign-on session, so the token (and every sibling) stops working. */
    async logout(claims: AccessTokenClaims): Promise<{ loggedOut: true }> {
      await store.endSession(claims.sessionId, new Date(now()));
      return { loggedOut: true };
    },

    async customerDetails(claims: AccessTokenClaims): Promise<CustomerDetails> {
      const row = await store.customerRow(claims.customerId);
      if (!row?.mobileEnc) throw new PraveshError('tokenNotValidated');
      return {
        customerId: row.customerId,
        mobileNo: pii.decrypt('mobile', row.mobileEnc),
        email: row.emailEnc ? pii.decrypt('email', row.emailEnc) : null,
        customerSince: row.createdAt.toISOString(),
        // The details of the personal-details screen, PAN masked (spec 001 §5).
        personalDetails:
          row.detailsEnc && row.detailsUpdatedAt
            ? openPersonalDetails(pii, row.detailsEnc, row.detailsUpdatedAt)
            : null,
      };
    },
  };
}

export type MyAccountService = ReturnType<typeof createMyAccountService>;
