import { eq } from 'drizzle-orm';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import type { SimulatedProfile } from '../../providers/bureau/types.ts';
import { createPiiCipher } from '../sso/customers/pii.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The simulated bureau's answer for the demo customers (core DEMO_CREDIT_CUSTOMERS): they are
 * known by mobile number, their ids are made when they first sign in (or by the seed step), so the
 * simulator asks here, per call, whether a customer id belongs to one of the demo numbers. The
 * number is compared by its keyed look-up hash, as sign-in finds customers; nothing decrypts it.
 * Answers are cached per id (a customer's number never changes; the cache is bounded).
 */
export function demoBureauProfiles(
  db: Database,
  config: Pick<AppConfig, 'pii' | 'piiHashKey'>,
): (customerId: string) => Promise<SimulatedProfile | undefined> {
  const pii = createPiiCipher(config.pii, config.piiHashKey);
  const profileByHash = new Map<string, SimulatedProfile>(
    Object.values(DEMO_CREDIT_CUSTOMERS).map(({ mobileNo, bureauProfile }) => [
      pii.hash('mobile', mobileNo),
      bureauProfile,
    ]),
  );
  const known = new Map<string, SimulatedProfile | null>();
  return async (customerId) => {
    if (!UUID.test(customerId)) return undefined;
    const cached = known.get(customerId);
    if (cached !== undefined) return cached ?? undefined;
    const [row] = await db
      .select({ mobileHash: ssoCustomers.mobileHash })
      .from(ssoCustomers)
      .where(eq(ssoCustomers.customerId, customerId))
      .limit(1);
    const profile = row?.mobileHash ? (profileByHash.get(row.mobileHash) ?? null) : null;
    // Only a found customer is cached: an id not yet stored may be a demo customer signing up now.
    if (row) {
      if (known.size >= 10_000) known.clear();
      known.set(customerId, profile);
    }
    return profile ?? undefined;
  };
}
