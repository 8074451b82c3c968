import { eq } from 'drizzle-orm';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import type { SimulatedProfile, SimulatedSubject } from './types.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DemoProfile = SimulatedProfile | SimulatedSubject;

/**
 * What the simulator answers a demo number with. The scored customer's file is keyed on the number,
 * not on the customer id sign-up happened to make, so it is the same file on every machine and every
 * run: a healthy one (fixed creditworthiness 790, few late payments by the
 * simulator's rules), the latest month 18 points above the one before, and a card opened this month
 * with its enquiry, which the seed's earlier pull (demo-customers.ts) does not have yet, so the
 * dashboard shows real alerts and why the score moved. The NO_HIT and new-to-credit customers keep
 * their plain profiles.
 */
export function demoProfileOf(mobileNo: string, profile: SimulatedProfile): DemoProfile {
  if (profile !== 'SCORED') return profile;
  return {
    profile,
    key: `demo:${mobileNo}`,
    base: DEMO_SCORED_BASE,
    scoreLift: DEMO_SCORE_LIFT,
    recentCard: { lender: 'Axis Bank', limit: 150_000 },
    rescoreDay: DEMO_RESCORE_DAY,
  };
}

/**
 * The day of the month every bureau rescores the scored demo customer. One day for all four, so
 * spec 000 §9's same-day priority makes CIBIL the active bureau whatever the date: the nudge, the
 * dashboard's score card and "Why your score changed" all tell the CIBIL story (the seed's earlier
 * pull is CIBIL's).
 */
export const DEMO_RESCORE_DAY = 1;

/** The scored demo customer's creditworthiness: healthy, so every bureau scores them well. */
export const DEMO_SCORED_BASE = 790;
/** Points the scored demo customer's latest score is above the month before. */
export const DEMO_SCORE_LIFT = 18;

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
): (customerId: string) => Promise<DemoProfile | undefined> {
  const pii = createPiiCipher(config.pii, config.piiHashKey);
  const profileByHash = new Map<string, DemoProfile>(
    Object.values(DEMO_CREDIT_CUSTOMERS).map(({ mobileNo, bureauProfile }) => [
      pii.hash('mobile', mobileNo),
      demoProfileOf(mobileNo, bureauProfile),
    ]),
  );
  const known = new Map<string, DemoProfile | null>();
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
