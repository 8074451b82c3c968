import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../../db/client.ts';
import {
  customerProfiles,
  refCities,
  refEmployers,
  refInstitutions,
  refTurnoverRanges,
} from '../../db/schema/profile.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import type { ActivityWriter } from '../../lib/account-activity.ts';

/** PostgreSQL's unique_violation (Appendix A): another customer holds that number or address. */
const UNIQUE_VIOLATION = '23505';
const errorCode = (error: unknown): unknown =>
  (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;

export interface EmployerMatch {
  employerId: number;
  name: string;
}

/**
 * Reference lists (migration 0020 and the employer seed) and the customer's personal details and
 * contact. The contact is the sign-on record's (sso_customers): a confirmed change replaces its
 * encrypted value and look-up hash, whose unique index keeps one number or address per customer.
 */
export function createProfileStore(db: Database) {
  const cityColumns = { cityId: refCities.cityId, name: refCities.name, state: refCities.state };
  const institutionColumns = {
    institutionId: refInstitutions.institutionId,
    name: refInstitutions.name,
    shortName: refInstitutions.shortName,
  };
  const rangeColumns = {
    rangeId: refTurnoverRanges.rangeId,
    label: refTurnoverRanges.label,
    minRupees: refTurnoverRanges.minRupees,
    maxRupees: refTurnoverRanges.maxRupees,
  };

  return {
    cities: () => db.select(cityColumns).from(refCities).orderBy(asc(refCities.name), asc(refCities.state)),
    topCities: () =>
      db.select(cityColumns).from(refCities).where(isNotNull(refCities.topRank)).orderBy(asc(refCities.topRank)),
    institutions: (category: number) =>
      db
        .select(institutionColumns)
        .from(refInstitutions)
        .where(eq(refInstitutions.category, category))
        .orderBy(asc(refInstitutions.name)),
    topInstitutions: (category: number) =>
      db
        .select(institutionColumns)
        .from(refInstitutions)
        .where(and(eq(refInstitutions.category, category), isNotNull(refInstitutions.topRank)))
        .orderBy(asc(refInstitutions.topRank)),
    turnoverRanges: () => db.select(rangeColumns).from(refTurnoverRanges).orderBy(asc(refTurnoverRanges.rangeId)),

    /**
     * Employers whose every search word starts one of their name's words, at most `limit`, in the
     * order fixed by the seed (ref_employer_words.rank: first-word matches, larger employers, then
     * by name). The longest word drives an index-only range scan; each other word is one probe of
     * the (employer_id, word) index per candidate. A term of legal-form words only ("pvt") matches
     * the start of the whole name instead.
     */
    async searchEmployers(terms: { key: string; words: readonly string[] }, limit: number): Promise<EmployerMatch[]> {
      if (terms.words.length === 0) {
        return db
          .select({ employerId: refEmployers.employerId, name: refEmployers.name })
          .from(refEmployers)
          .where(sql`${refEmployers.nameKey} like ${`${terms.key}%`}`)
          .orderBy(desc(refEmployers.weight), asc(refEmployers.nameKey))
          .limit(limit);
      }
      const [driver, ...others] = [...terms.words].sort((a, b) => b.length - a.length) as [string, ...string[]];
      const alsoHas = others.map(
        (word) =>
          sql` and exists (select 1 from ref_employer_words o where o.employer_id = w.employer_id and o.word like ${`${word}%`})`,
      );
      const rows = resultRows<{ employer_id: number; name: string }>(
        await db.execute(sql`select e.employer_id, e.name
          from (
            select w.employer_id, min(w.rank) as rank from ref_employer_words w
            where w.word like ${`${driver}%`}${sql.join(alsoHas, sql``)}
            group by w.employer_id
            order by rank
            limit ${limit}
          ) hit
          join ref_employers e on e.employer_id = hit.employer_id
          order by hit.rank`),
      );
      return rows.map((row) => ({ employerId: Number(row.employer_id), name: row.name }));
    },

    async employer(employerId: number) {
      const [row] = await db
        .select({ name: refEmployers.name })
        .from(refEmployers)
        .where(eq(refEmployers.employerId, employerId));
      return row;
    },
    async city(cityId: number) {
      const [row] = await db.select(cityColumns).from(refCities).where(eq(refCities.cityId, cityId));
      return row;
    },
    async institution(institutionId: number) {
      const [row] = await db
        .select(institutionColumns)
        .from(refInstitutions)
        .where(eq(refInstitutions.institutionId, institutionId));
      return row;
    },
    async turnoverRange(rangeId: number) {
      const [row] = await db.select(rangeColumns).from(refTurnoverRanges).where(eq(refTurnoverRanges.rangeId, rangeId));
      return row;
    },

    async sealedPersonalDetails(customerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ detailsEnc: customerProfiles.detailsEnc })
        .from(customerProfiles)
        .where(eq(customerProfiles.customerId, customerId));
      return row?.detailsEnc;
    },
    async savePersonalDetails(customerId: string, detailsEnc: string, at: Date): Promise<void> {
      await db
        .insert(customerProfiles)
        .values({ customerId, detailsEnc, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: customerProfiles.customerId, set: { detailsEnc, updatedAt: at } });
    },

    async contact(customerId: string) {
      const [row] = await db
        .select({
          mobileHash: ssoCustomers.mobileHash,
          mobileEnc: ssoCustomers.mobileEnc,
          emailHash: ssoCustomers.emailHash,
          emailEnc: ssoCustomers.emailEnc,
        })
        .from(ssoCustomers)
        .where(eq(ssoCustomers.customerId, customerId));
      return row;
    },
    /** The customer holding a look-up hash, if any (`column`: the number's or the address's). */
    async holderOf(column: 'mobile' | 'email', hash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: ssoCustomers.customerId })
        .from(ssoCustomers)
        .where(eq(column === 'mobile' ? ssoCustomers.mobileHash : ssoCustomers.emailHash, hash));
      return row?.customerId;
    },
    /** Replaces the number or address; false when another customer took it meanwhile (unique index). */
    /**
     * Replaces the number or address; `alongside` writes in the same transaction (the account's
     * event of the change, lib/account-activity.ts), so the change and its record land together.
     */
    async replaceContact(
      customerId: string,
      column: 'mobile' | 'email',
      value: { hash: string; sealed: string },
      at: Date,
      alongside: (writer: ActivityWriter) => Promise<void>,
    ): Promise<boolean> {
      const set =
        column === 'mobile'
          ? { mobileHash: value.hash, mobileEnc: value.sealed, updatedAt: at }
          : { emailHash: value.hash, emailEnc: value.sealed, updatedAt: at };
      try {
        await db.transaction(async (tx) => {
          await tx.update(ssoCustomers).set(set).where(eq(ssoCustomers.customerId, customerId));
          await alongside(tx);
        });
        return true;
      } catch (error) {
        if (errorCode(error) === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
