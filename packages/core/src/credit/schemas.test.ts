import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { CREDIT_COPY, CREDIT_ERRORS } from './errors.ts';
import { CREDIT_ROUTES, CREDIT_ROUTE_METHODS } from './routes.ts';
import {
  bureauScoreRecordSchema,
  bureauStatusEntrySchema,
  creditAccountSchema,
  creditBureauQuerySchema,
  creditReportSchema,
  reportStatusResponseSchema,
  type CreditReport,
} from './schemas.ts';

const record = {
  creditBureau: 'CIBIL',
  score: 781,
  previousScore: 764,
  scoreBand: 'VERY_GOOD',
  dateApplied: '2026-11-20T10:00:00+05:30',
  nextRefreshDate: '2026-12-20T10:00:00+05:30',
  scoreState: 'SCORE',
  rawScore: '781',
  riskIndex: null,
  isValidScore: true,
};

describe('bureau score record (spec 000 §3)', () => {
  it('carries the spec fields and the no-score state beside them', () => {
    expect(bureauScoreRecordSchema.parse(record)).toEqual(record);
    const noHit = {
      ...record,
      score: null,
      previousScore: null,
      scoreBand: null,
      scoreState: 'NO_HIT',
      rawScore: '-1',
      isValidScore: false,
    };
    expect(bureauScoreRecordSchema.safeParse(noHit).success).toBe(true);
  });

  it('refuses fake numbers and unknown bureaus', () => {
    for (const score of [-1, 0, 299, 901, 750.5]) {
      expect(bureauScoreRecordSchema.safeParse({ ...record, score }).success, String(score)).toBe(false);
    }
    expect(bureauScoreRecordSchema.safeParse({ ...record, creditBureau: 'TRANSUNION' }).success).toBe(false);
    expect(bureauScoreRecordSchema.safeParse({ ...record, scoreBand: 'AVERAGE' }).success).toBe(false);
    expect(bureauScoreRecordSchema.safeParse({ ...record, dateApplied: 'yesterday' }).success).toBe(false);
  });
});

describe('report status (spec 001 §3)', () => {
  it('nests the current score as the spec names it', () => {
    const entry = {
      creditBureauType: 'EXPERIAN',
      status: 'REPORT_RECEIVED',
      isValidScore: true,
      response: {
        creditReportInformation: {
          score: { current: { score: 702, lastUpdated: '2026-11-20T04:30:00Z', scoreState: 'SCORE', rawScore: '702' } },
        },
      },
    };
    expect(bureauStatusEntrySchema.parse(entry)).toEqual(entry);
    expect(reportStatusResponseSchema.safeParse({ bureauList: [entry], isValidScore: true }).success).toBe(true);
    expect(bureauStatusEntrySchema.safeParse({ ...entry, status: 'DONE' }).success).toBe(false);
  });
});

describe('credit report', () => {
  const account = {
    accountNumber: 'XXXXXXXX4821',
    type: 'PL',
    lender: 'HDFC Bank',
    ownership: 'INDIVIDUAL',
    openedDate: '2024-03-15',
    closedDate: null,
    sanctionedAmount: 300000,
    balance: 120000,
    overdue: 0,
    writtenOff: false,
    settled: false,
    dpdHistory: Array.from({ length: 36 }, (_, index) => ({
      month: `20${String(26 - Math.floor(index / 12))}-${String(12 - (index % 12)).padStart(2, '0')}`,
      dpd: 0,
    })),
  };

  it('holds accounts with a 36-month DPD grid, enquiries, utilisation and oldest account age', () => {
    const report: CreditReport = creditReportSchema.parse({
      reportId: 'r-1',
      creditBureau: 'CIBIL',
      lastUpdated: '2026-11-20T04:30:00Z',
      pulledAt: '2026-11-20T04:30:00Z',
      scoreState: 'SCORE',
      score: 781,
      rawScore: '781',
      riskIndex: null,
      summary: {
        totalAccounts: 1,
        activeAccounts: 1,
        totalSanctioned: 300000,
        totalBalance: 120000,
        totalOverdue: 0,
        creditUtilisation: null,
        oldestAccountAgeMonths: 32,
        enquiriesLast6Months: 1,
      },
      accounts: [account],
      enquiries: [{ date: '2026-10-01', lender: 'Axis Bank', purpose: 'CC', amount: null }],
    });
    expect(report.accounts[0]!.dpdHistory).toHaveLength(36);
  });

  it('refuses an unmasked account number and a grid longer than 36 months', () => {
    expect(creditAccountSchema.safeParse({ ...account, accountNumber: '50100234564821' }).success).toBe(false);
    const long = { ...account, dpdHistory: [...account.dpdHistory, { month: '2023-11', dpd: 0 }] };
    expect(creditAccountSchema.safeParse(long).success).toBe(false);
    expect(creditAccountSchema.safeParse({ ...account, balance: -5 }).success).toBe(false);
  });
});

describe('routes', () => {
  it('uses the spec paths and a method for each', () => {
    expect(CREDIT_ROUTES.getCreditScores).toBe('/MSP/api/v1/myAccount/getCreditScores');
    expect(CREDIT_ROUTES.getCreditReport).toBe('/MSP/api/v1/myAccount/getCreditReport');
    expect(CREDIT_ROUTES.reportStatus).toBe('/BSP/api/v1/bureauApplication/reportStatus');
    expect(CREDIT_ROUTES.getBureauScore).toBe('/BSP/api/v1/bureauApplication/getBureauScore');
    expect(Object.keys(CREDIT_ROUTE_METHODS).sort()).toEqual(Object.keys(CREDIT_ROUTES).sort());
    expect(creditBureauQuerySchema.safeParse({ creditBureau: 'cibil' }).success).toBe(false);
    expect(creditBureauQuerySchema.parse({})).toEqual({});
  });
});

describe('credit errors', () => {
  it('are entries of the one catalogue, with error statuses', () => {
    for (const [key, entry] of Object.entries(CREDIT_ERRORS)) {
      // errors.test.ts checks no group redefines another's key; here: the catalogue carries these.
      expect(ERRORS[key as keyof typeof ERRORS], key).toBe(entry);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
    }
    const { message } = CREDIT_ERRORS.invalidCreditBureau;
    expect(typeof message === 'function' && message({ bureau: 'X' })).toBe(
      'X - is not a valid credit bureau. Valid values are - CIBIL, EXPERIAN, HIGHMARK, EQUIFAX',
    );
  });

  const specFolder = new URL('../../../../../shared/spec/', import.meta.url);
  it.runIf(existsSync(specFolder))('takes its spec texts word for word', () => {
    const spec000 = readFileSync(new URL('000_aa2818bc10ea6adc.txt', specFolder), 'utf8');
    const spec001 = readFileSync(new URL('001_f391536e61336bca.txt', specFolder), 'utf8');
    expect(CREDIT_ERRORS.bureauUnavailable.message).toBe(CREDIT_COPY.errorModalTitle);
    for (const text of [
      CREDIT_COPY.errorModalTitle,
      CREDIT_COPY.errorModalBody,
      CREDIT_COPY.errorModalLink,
      CREDIT_COPY.noBureauDataTile,
    ]) {
      expect(spec000).toContain(`"${text}"`);
    }
    expect(spec001).toContain(`"${CREDIT_COPY.noScoreTitle}"`);
  });
});
