import { personalDetailsView, type PersonalDetailsView, type StoredPersonalDetails } from '@pravesh/core';
import type { PiiCipher } from '../auth/pii-cipher.ts';

/**
 * A customer's personal details at rest (db/schema/profile.ts customer_profiles): one
 * ciphertext of the whole record under the PII keyring. The profile module writes them; My
 * Account's getCustomerDetails reads them; both through these two functions.
 */
export function sealPersonalDetails(pii: Pick<PiiCipher, 'encrypt'>, details: StoredPersonalDetails): string {
  return pii.encrypt('personalDetails', JSON.stringify(details));
}

/** The stored record, in full (server side only: it holds the PAN). */
export function openStoredPersonalDetails(pii: Pick<PiiCipher, 'decrypt'>, sealed: string): StoredPersonalDetails {
  return JSON.parse(pii.decrypt('personalDetails', sealed)) as StoredPersonalDetails;
}

/** The customer's view of stored details: names resolved, PAN masked (spec 001 §5). */
export function openPersonalDetails(
  pii: Pick<PiiCipher, 'decrypt'>,
  sealed: string,
  updatedAt: Date,
): PersonalDetailsView {
  return personalDetailsView(openStoredPersonalDetails(pii, sealed), updatedAt);
}
