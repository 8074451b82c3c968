import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';

/**
 * Whether a mobile number is the signed-in customer's (spec 000 §3 "Apply-offer" sends mobileNo
 * beside the token): compared by the keyed hash the customer row keeps, so the
 * number is never decrypted here. The hash is the sign-on module's own (auth/pii-cipher.ts), not a
 * copy: one rule for how a number is normalised and hashed.
 */
export type CustomerMobileCheck = (customerId: string, mobileNo: string) => Promise<boolean>;

export function createCustomerMobileCheck(
  db: Database,
  config: Pick<AppConfig, 'pii' | 'piiHashKey'>,
): CustomerMobileCheck {
  const pii = createPiiCipher(config.pii, config.piiHashKey);
  return async (customerId, mobileNo) => {
    const [row] = await db
      .select({ mobileHash: ssoCustomers.mobileHash })
      .from(ssoCustomers)
      .where(eq(ssoCustomers.customerId, customerId));
    return row?.mobileHash != null && row.mobileHash === pii.hash('mobile', mobileNo);
  };
}
