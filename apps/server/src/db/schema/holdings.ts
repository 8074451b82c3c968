import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * What the customer holds elsewhere in the marketplace (spec 001 §3 account slice
 * userMutualFundStatus, walletProtectionData, ONDCDisbursedLeads), migration 0021: as the partner
 * platforms (the mutual fund registrar, the insurer, the ONDC lender) report it. Identifiers are
 * kept whole, as reported, and masked on the way out (spec 001 §5). Outside production the seed
 * fills them for the demo customers (modules/holdings/seed.ts).
 *
 * Nothing here is derived: a fund's value is units × NAV, a policy's standing follows from its end
 * date, and a loan's from its repayment schedule (core holdings/rules.ts), worked out when read.
 */
export const mutualFundFolios = pgTable(
  'mutual_fund_folios',
  {
    folioId: uuid('folio_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    folioNumber: text('folio_number').notNull(),
    /** The scheme's ISIN (one folio holds one scheme here). */
    isin: text('isin').notNull(),
    amcName: text('amc_name').notNull(),
    schemeName: text('scheme_name').notNull(),
    category: text('category').notNull(),
    plan: text('plan').notNull(),
    units: numeric('units', { precision: 18, scale: 3 }).notNull(),
    nav: numeric('nav', { precision: 14, scale: 4 }).notNull(),
    navDate: date('nav_date', { mode: 'string' }).notNull(),
    investedPaise: bigint('invested_paise', { mode: 'number' }).notNull(),
    /** null: no SIP on the folio (lump sums only). */
    sipStatus: text('sip_status'),
    sipAmountPaise: bigint('sip_amount_paise', { mode: 'number' }),
    sipDay: integer('sip_day'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('mutual_fund_folios_scheme_unique').on(table.customerId, table.folioNumber, table.isin),
    check('mutual_fund_folios_category_check', sql`${table.category} in ('EQUITY', 'DEBT', 'HYBRID', 'INDEX', 'ELSS')`),
    check('mutual_fund_folios_plan_check', sql`${table.plan} in ('DIRECT', 'REGULAR')`),
    check(
      'mutual_fund_folios_amounts_check',
      sql`${table.units} >= 0 and ${table.nav} > 0 and ${table.investedPaise} >= 0`,
    ),
    check(
      'mutual_fund_folios_sip_check',
      sql`(${table.sipStatus} is null and ${table.sipAmountPaise} is null and ${table.sipDay} is null) or (${table.sipStatus} in ('ACTIVE', 'PAUSED', 'STOPPED') and ${table.sipAmountPaise} > 0 and ${table.sipDay} between 1 and 28)`,
    ),
  ],
);

export const walletProtectionPolicies = pgTable(
  'wallet_protection_policies',
  {
    policyId: uuid('policy_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    policyNumber: text('policy_number').notNull(),
    insurerName: text('insurer_name').notNull(),
    planName: text('plan_name').notNull(),
    coverPaise: bigint('cover_paise', { mode: 'number' }).notNull(),
    premiumPaise: bigint('premium_paise', { mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day of cover. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    cardsCovered: integer('cards_covered').notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('wallet_protection_policies_number_unique').on(table.insurerName, table.policyNumber),
    index('wallet_protection_policies_customer_idx').on(table.customerId, table.endDate),
    check(
      'wallet_protection_policies_terms_check',
      sql`${table.coverPaise} > 0 and ${table.premiumPaise} > 0 and ${table.endDate} >= ${table.startDate} and ${table.cardsCovered} >= 0`,
    ),
  ],
);

export const ondcLoans = pgTable(
  'ondc_loans',
  {
    loanId: uuid('loan_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    lenderName: text('lender_name').notNull(),
    loanAccountNumber: text('loan_account_number').notNull(),
    productName: text('product_name').notNull(),
    principalPaise: bigint('principal_paise', { mode: 'number' }).notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    tenureMonths: integer('tenure_months').notNull(),
    emiPaise: bigint('emi_paise', { mode: 'number' }).notNull(),
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    firstEmiDate: date('first_emi_date', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ondc_loans_account_unique').on(table.lenderName, table.loanAccountNumber),
    index('ondc_loans_customer_idx').on(table.customerId, table.disbursedOn),
    check(
      'ondc_loans_terms_check',
      sql`${table.principalPaise} > 0 and ${table.emiPaise} > 0 and ${table.tenureMonths} between 1 and 360 and ${table.annualRateBasisPoints} between 0 and 6000 and ${table.firstEmiDate} > ${table.disbursedOn}`,
    ),
  ],
);
