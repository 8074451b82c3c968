import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';

/**
 * Whether a mobile number is the signed-in customer's (the consent's AA customer id is
 * `<mobile>@finvu`, so it must be theirs): compared by the keyed hash the customer row keeps, as
 * the leads module does, so the number is never decrypted here.
 */
export function createCustomerMobileCheck(db: Database, config: Pick<AppConfig, 'pii' | 'piiHashKey'>) {
  const pii = createPiiCipher(config.pii, config.piiHashKey);
  return async (customerId: string, mobileNo: string): Promise<boolean> => {
    const [row] = await db
      .select({ mobileHash: ssoCustomers.mobileHash })
      .from(ssoCustomers)
      .where(eq(ssoCustomers.customerId, customerId));
    return row?.mobileHash != null && row.mobileHash === pii.hash('mobile', mobileNo);
  };
}
