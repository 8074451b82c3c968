import type { PiiCipher } from '../auth/pii-cipher.ts';
import type { ssoCustomers } from '../db/schema/sso.ts';

/** A customer as the service works with it: the number and email decrypted (auth/pii-cipher.ts). */
export interface Customer {
  customerId: string;
  /** 10 digits, starting 6–9. */
  mobileNo: string;
  /** Lower-cased; the user_credential method accepts it as username. */
  email: string | null;
  /** scrypt$N$r$p$salt$hash; null when no password is set. */
  passwordHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type CustomerRow = typeof ssoCustomers.$inferSelect;

/** The stored row's personal data decrypted (a row of the OTP statement has the same columns). */
export function customerFromRow(
  pii: PiiCipher,
  row: Pick<CustomerRow, 'customerId' | 'mobileEnc' | 'emailEnc' | 'passwordHash' | 'createdAt' | 'updatedAt'>,
): Customer {
  if (!row.mobileEnc) throw new Error(`customer ${row.customerId} has no encrypted number`);
  return {
    customerId: row.customerId,
    mobileNo: pii.decrypt('mobile', row.mobileEnc),
    email: row.emailEnc ? pii.decrypt('email', row.emailEnc) : null,
    passwordHash: row.passwordHash,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
