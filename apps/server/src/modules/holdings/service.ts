import {
  fundValuePaise,
  indianDate,
  loanStanding,
  maskAccountNumber,
  nextMonthlyDate,
  policyStanding,
  PraveshError,
  type FundCategory,
  type FundPlan,
  type HoldingsLink,
  type MutualFundFolio,
  type MutualFundStatus,
  type OndcLoan,
  type OndcLoansResponse,
  type PolicyDetailsResponse,
  type SipStatus,
} from '@pravesh/core';
import type { FolioRow, HoldingsStore, OndcLoanRow } from './store.ts';

export interface HoldingsServiceDeps {
  store: HoldingsStore;
  now: () => number;
  /** Where a banner leads (a configured site's page); null when no site address is configured. */
  linkOf: (link: HoldingsLink) => string | null;
  /** spec 001 §9 "ONDC eligible": off, ondc/loans answers ondcNotEligible. */
  ondcEligible: boolean;
}

function folioView(row: FolioRow, today: string): MutualFundFolio {
  const currentValuePaise = fundValuePaise(row.units, row.nav);
  const status = row.sipStatus as SipStatus | null;
  return {
    folioId: row.folioId,
    folioNumber: maskAccountNumber(row.folioNumber),
    amcName: row.amcName,
    schemeName: row.schemeName,
    category: row.category as FundCategory,
    plan: row.plan as FundPlan,
    units: row.units,
    nav: row.nav,
    navDate: row.navDate,
    investedPaise: row.investedPaise,
    currentValuePaise,
    gainPaise: currentValuePaise - row.investedPaise,
    sip:
      status && row.sipAmountPaise !== null && row.sipDay !== null
        ? {
            status,
            amountPaise: row.sipAmountPaise,
            dayOfMonth: row.sipDay,
            nextDate: status === 'ACTIVE' ? nextMonthlyDate(row.sipDay, today) : null,
          }
        : null,
  };
}

/** Totals across the folios; the soonest active SIP debit is the one the banner names. */
function summaryOf(folios: MutualFundFolio[]): NonNullable<MutualFundStatus['summary']> {
  const investedPaise = folios.reduce((sum, folio) => sum + folio.investedPaise, 0);
  const currentValuePaise = folios.reduce((sum, folio) => sum + folio.currentValuePaise, 0);
  const gainPaise = currentValuePaise - investedPaise;
  const active = folios.filter((folio) => folio.sip?.status === 'ACTIVE');
  const next = active
    .map((folio) => ({ date: folio.sip!.nextDate!, amountPaise: folio.sip!.amountPaise, schemeName: folio.schemeName }))
    .sort((a, b) => a.date.localeCompare(b.date) || b.amountPaise - a.amountPaise)[0];
  return {
    investedPaise,
    currentValuePaise,
    gainPaise,
    gainBasisPoints: investedPaise > 0 ? Math.round((gainPaise * 10_000) / investedPaise) : 0,
    asOf: folios
      .map((folio) => folio.navDate)
      .sort()
      .at(-1)!,
    activeSips: active.length,
    monthlySipPaise: active.reduce((sum, folio) => sum + folio.sip!.amountPaise, 0),
    nextSip: next ?? null,
  };
}

function loanView(row: OndcLoanRow, today: string): OndcLoan {
  const standing = loanStanding(
    {
      principalPaise: row.principalPaise,
      annualRateBasisPoints: row.annualRateBasisPoints,
      tenureMonths: row.tenureMonths,
      emiPaise: row.emiPaise,
      firstEmiDate: row.firstEmiDate,
    },
    today,
  );
  return {
    loanId: row.loanId,
    loanAccount: maskAccountNumber(row.loanAccountNumber),
    lenderName: row.lenderName,
    productName: row.productName,
    principalPaise: row.principalPaise,
    annualRateBasisPoints: row.annualRateBasisPoints,
    tenureMonths: row.tenureMonths,
    emiPaise: row.emiPaise,
    disbursedOn: row.disbursedOn,
    ...standing,
  };
}

/**
 * The customer's mutual funds, wallet protection and ONDC loans, each answered for one
 * customer id (the routes pass the access token's). Nothing held is an empty answer, not an error.
 * "Today" is India's date on the injected clock.
 */
export function createHoldingsService({ store, now, linkOf, ondcEligible }: HoldingsServiceDeps) {
  const today = () => indianDate(new Date(now()));
  return {
    /** spec 001 §7 myAccount/getMutualFundStatus. */
    async mutualFundStatus(customerId: string): Promise<MutualFundStatus> {
      const day = today();
      const folios = (await store.folios(customerId))
        .map((row) => folioView(row, day))
        .sort((a, b) => b.currentValuePaise - a.currentValuePaise || a.schemeName.localeCompare(b.schemeName));
      return {
        status: folios.length > 0 ? 'INVESTED' : 'NOT_INVESTED',
        summary: folios.length > 0 ? summaryOf(folios) : null,
        folios,
        exploreUrl: linkOf('mutualFunds'),
      };
    },

    /** spec 001 §7 wpsp/policyDetails. */
    async policyDetails(customerId: string): Promise<PolicyDetailsResponse> {
      const row = await store.latestPolicy(customerId);
      const manageUrl = linkOf('walletProtection');
      if (!row) return { policy: null, manageUrl };
      return {
        policy: {
          policyId: row.policyId,
          policyNumber: maskAccountNumber(row.policyNumber),
          insurerName: row.insurerName,
          planName: row.planName,
          coverPaise: row.coverPaise,
          premiumPaise: row.premiumPaise,
          startDate: row.startDate,
          endDate: row.endDate,
          ...policyStanding(row.endDate, today()),
          cardsCovered: row.cardsCovered,
          benefits: row.benefits,
        },
        manageUrl,
      };
    },

    /** spec 001 §7 ondc/loans. */
    async ondcLoans(customerId: string): Promise<OndcLoansResponse> {
      if (!ondcEligible) throw new PraveshError('ondcNotEligible');
      const day = today();
      return {
        loans: (await store.loans(customerId)).map((row) => loanView(row, day)),
        dashboardUrl: linkOf('ondc'),
      };
    },
  };
}

export type HoldingsService = ReturnType<typeof createHoldingsService>;
