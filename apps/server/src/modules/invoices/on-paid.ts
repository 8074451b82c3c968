import { eq } from 'drizzle-orm';
import type { ModuleDeps } from '../../config/deps.ts';
import { customerProfiles } from '../../db/schema/profile.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import { openStoredPersonalDetails } from '../../lib/personal-details.ts';
import type { PaidPurchase } from '../add-ons/index.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';
import { invoicesServiceFor } from './service.ts';

/** Stands in for a number the customer row cannot give (the invoice then identifies no one by it). */
const NO_MOBILE = '**********';

/** The state of the city in the customer's personal details; null when they saved none. */
async function stateOnFile(
  customerId: string,
  deps: Pick<ModuleDeps, 'db'>,
  pii: ReturnType<typeof createPiiCipher>,
): Promise<string | null> {
  const [profile] = await deps.db
    .select({ detailsEnc: customerProfiles.detailsEnc })
    .from(customerProfiles)
    .where(eq(customerProfiles.customerId, customerId));
  return profile ? openStoredPersonalDetails(pii, profile.detailsEnc).state : null;
}

/**
 * The add-ons module's onPaid hook: a purchase whose payment succeeded gets its
 * GST tax invoice, once (issueInvoice is idempotent by purchase id, so a repeated hook call is
 * harmless). The recipient's number comes from the sign-on service's customer row, decrypted only
 * here and kept on the invoice masked (spec 001 §5).
 */
export async function issueInvoiceOnPaid(
  purchase: PaidPurchase,
  deps: Pick<ModuleDeps, 'db' | 'config' | 'now'>,
): Promise<void> {
  const [row] = await deps.db
    .select({ mobileEnc: ssoCustomers.mobileEnc })
    .from(ssoCustomers)
    .where(eq(ssoCustomers.customerId, purchase.customerId));
  const pii = createPiiCipher(deps.config.pii, deps.config.piiHashKey);
  const mobile = row?.mobileEnc ? pii.decrypt('mobile', row.mobileEnc) : NO_MOBILE;
  // The place of supply to an unregistered customer is their state when known (IGST Act s. 12(2)(b)):
  // the purchase's, else the state of the city in their personal details. IGST, not CGST + SGST,
  // for a customer outside the supplier's state.
  const state = purchase.customerStateCode ?? (await stateOnFile(purchase.customerId, deps, pii));
  await invoicesServiceFor(deps).issueInvoice({
    purchaseId: purchase.purchaseId,
    customerId: purchase.customerId,
    recipient: { mobile, state },
    description: purchase.description,
    sacCode: purchase.sacCode,
    taxablePaise: purchase.taxableValuePaise,
    gstRateBasisPoints: Math.round(purchase.gstPercent * 100),
    gstPaise: purchase.gstPaise,
    paidAt: purchase.paidAt,
  });
}
