import { describe, expect, it } from 'vitest';
import type { CreditAccount, CreditReport } from '../credit/schemas.ts';
import { ADD_ONS, ADD_ON_CATALOGUE, priceOf, splitGstInclusive } from './catalogue.ts';
import {
  collectionAccounts,
  collectionEligibility,
  creditAdvisorEligibility,
  creditHealthEligibility,
  rankFactors,
  rectificationEligibility,
  rectificationItems,
  type BureauFile,
} from './eligibility.ts';
import { monthsBetween, stepUpDecision } from './step-up.ts';

const account = (overrides: Partial<CreditAccount> = {}): CreditAccount => ({
  accountNumber: 'XXXXXXXX1234',
  type: 'CC',
  lender: 'Sahyadri Bank',
  ownership: 'INDIVIDUAL',
  openedDate: '2022-01-10',
  closedDate: null,
  sanctionedAmount: 100_000,
  balance: 10_000,
  overdue: 0,
  writtenOff: false,
  settled: false,
  dpdHistory: [],
  ...overrides,
});

const report = (accounts: CreditAccount[], summary: Partial<CreditReport['summary']> = {}): CreditReport => ({
  reportId: 'r1',
  creditBureau: 'CIBIL',
  lastUpdated: '2026-11-01T00:00:00.000Z',
  pulledAt: '2026-11-01T00:00:00.000Z',
  scoreState: 'SCORE',
  score: 780,
  rawScore: '780',
  riskIndex: null,
  summary: {
    totalAccounts: accounts.length,
    activeAccounts: accounts.length,
    totalSanctioned: 0,
    totalBalance: 0,
    totalOverdue: accounts.reduce((sum, a) => sum + a.overdue, 0),
    creditUtilisation: 10,
    oldestAccountAgeMonths: 40,
    enquiriesLast6Months: 1,
    ...summary,
  },
  accounts,
  enquiries: [],
});

const scored = (
  score: number,
  band: BureauFile['scoreBand'],
  accounts: CreditAccount[] = [],
  bureau: BureauFile['bureau'] = 'CIBIL',
  summary = {},
): BureauFile => ({
  bureau,
  scoreState: 'SCORE',
  score,
  scoreBand: band,
  dateApplied: '2026-11-01T00:00:00.000Z',
  report: report(accounts, summary),
});
const noHit = (bureau: BureauFile['bureau'] = 'CIBIL'): BureauFile => ({
  bureau,
  scoreState: 'NO_HIT',
  score: null,
  scoreBand: null,
  dateApplied: '2026-11-01T00:00:00.000Z',
  report: null,
});
const ntc = (bureau: BureauFile['bureau'] = 'CIBIL'): BureauFile => ({
  ...noHit(bureau),
  scoreState: 'NEW_TO_CREDIT',
  report: { ...report([]), scoreState: 'NEW_TO_CREDIT', score: null },
});

describe('prices (GST-inclusive, spec 001 §1 add-ons)', () => {
  it('splits every price into taxable value and tax that add up to the paisa', () => {
    for (const addOn of ADD_ONS) {
      const price = priceOf(addOn);
      expect(price.taxableValuePaise + price.gstPaise).toBe(ADD_ON_CATALOGUE[addOn].pricePaise);
      expect(price.gstPercent).toBe(18);
    }
    expect(splitGstInclusive(19_900, 18)).toEqual({ taxableValuePaise: 16_864, gstPaise: 3_036 });
    expect(splitGstInclusive(11_800, 18)).toEqual({ taxableValuePaise: 10_000, gstPaise: 1_800 });
    expect(() => splitGstInclusive(10.5, 18)).toThrow(RangeError);
  });
});

describe('rank factors (spec 001 §3 creditAdvisor.rankFactors)', () => {
  it('is empty before any pull, NO_HIT without a file, LOWSCORE/NTC for a new-to-credit file', () => {
    expect(rankFactors([])).toEqual([]);
    expect(rankFactors([noHit('CIBIL'), noHit('EXPERIAN')])).toEqual([{ criteria: 'NO_HIT', SCORE_LEVEL: 'NO_HIT' }]);
    expect(rankFactors([ntc('CIBIL'), noHit('EQUIFAX')])).toEqual([{ criteria: 'LOWSCORE', SCORE_LEVEL: 'NTC' }]);
  });

  it('ranks a low score first, then overdue, utilisation and enquiries; GOODSCORE when nothing hurts', () => {
    expect(
      rankFactors([
        scored(560, 'LOW', [account({ overdue: 4000 })], 'CIBIL', { creditUtilisation: 80, enquiriesLast6Months: 6 }),
      ]).map((factor) => factor.criteria),
    ).toEqual(['LOWSCORE', 'OVERDUE', 'HIGH_UTILISATION', 'ENQUIRIES']);
    expect(rankFactors([scored(812, 'EXCELLENT')])).toEqual([{ criteria: 'GOODSCORE', SCORE_LEVEL: 'EXCELLENT' }]);
    // The scored bureau decides, not the one without a file.
    expect(rankFactors([noHit('EXPERIAN'), scored(640, 'FAIR')])[0]).toEqual({
      criteria: 'LOWSCORE',
      SCORE_LEVEL: 'FAIR',
    });
  });
});

describe('credit advisor (spec 001 §4)', () => {
  const input = (factors = rankFactors([scored(560, 'LOW')])) => ({
    rankFactors: factors,
    lastPaymentDetails: null,
    paidUser: false,
  });

  it('turns LOWSCORE with NTC into criteria NTC and marks the customer new to credit', () => {
    expect(creditAdvisorEligibility(input([{ criteria: 'LOWSCORE', SCORE_LEVEL: 'NTC' }]))).toEqual({
      eligible: true,
      subscribed: false,
      reason: 'ELIGIBLE',
      criteria: 'NTC',
      isNewToCredit: true,
    });
    expect(creditAdvisorEligibility(input())).toMatchObject({
      eligible: true,
      criteria: 'LOWSCORE',
      isNewToCredit: false,
    });
  });

  it('makes NO_HIT, a successful last payment or a paid user ineligible', () => {
    expect(creditAdvisorEligibility(input([{ criteria: 'NO_HIT', SCORE_LEVEL: 'NO_HIT' }]))).toMatchObject({
      eligible: false,
      reason: 'NO_CREDIT_FILE',
    });
    expect(creditAdvisorEligibility({ ...input(), lastPaymentDetails: { paymentStatus: 'SUCCESS' } })).toMatchObject({
      eligible: false,
      subscribed: true,
    });
    expect(creditAdvisorEligibility({ ...input(), paidUser: true })).toMatchObject({
      eligible: false,
      subscribed: true,
    });
  });

  it('keeps a failed payment eligible, an open one in progress, a good score and no report ineligible', () => {
    expect(creditAdvisorEligibility({ ...input(), lastPaymentDetails: { paymentStatus: 'FAILED' } }).eligible).toBe(
      true,
    );
    expect(creditAdvisorEligibility({ ...input(), lastPaymentDetails: { paymentStatus: 'PENDING' } }).reason).toBe(
      'PAYMENT_IN_PROGRESS',
    );
    expect(creditAdvisorEligibility(input(rankFactors([scored(820, 'EXCELLENT')]))).reason).toBe('SCORE_IN_GOOD_SHAPE');
    expect(creditAdvisorEligibility(input([])).reason).toBe('REPORT_NOT_READY');
  });
});

describe('credit health (spec 001 §4)', () => {
  it('is subscribed when the last payment succeeded, and needs a report to read', () => {
    const files = [scored(700, 'GOOD')];
    expect(creditHealthEligibility({ files, lastPaymentDetails: { paymentStatus: 'SUCCESS' } })).toEqual({
      eligible: false,
      subscribed: true,
      reason: 'SUBSCRIBED',
    });
    expect(creditHealthEligibility({ files, lastPaymentDetails: null }).eligible).toBe(true);
    expect(creditHealthEligibility({ files, lastPaymentDetails: { paymentStatus: 'FAILED' } }).eligible).toBe(true);
    expect(creditHealthEligibility({ files: [noHit()], lastPaymentDetails: null }).reason).toBe('NO_CREDIT_FILE');
    expect(creditHealthEligibility({ files: [], lastPaymentDetails: null }).reason).toBe('REPORT_NOT_READY');
  });
});

describe('collection and rectification (spec 001 §3, §4)', () => {
  const overdue = account({ lender: 'Ganga Finance', type: 'PL', accountNumber: 'XXXX5678', overdue: 6000 });
  const settledMark = account({
    lender: 'Kaveri Bank',
    accountNumber: 'XXXX9999',
    closedDate: '2024-02-01',
    balance: 0,
    settled: true,
  });
  const writtenOffPaid = account({ accountNumber: 'XXXX1111', writtenOff: true, balance: 0 });
  const files = [scored(560, 'LOW', [overdue, settledMark, writtenOffPaid]), scored(570, 'LOW', [overdue], 'EXPERIAN')];

  it('lists each account a lender chases once, with every bureau that reports it', () => {
    const list = collectionAccounts(files);
    expect(list.map((entry) => [entry.accountNumber, entry.bureaus])).toEqual([['XXXX5678', ['CIBIL', 'EXPERIAN']]]);
    expect(collectionEligibility({ accountList: list, files, lastPaymentDetails: null })).toMatchObject({
      eligible: true,
    });
    expect(collectionEligibility({ accountList: [], files, lastPaymentDetails: null }).reason).toBe(
      'NOTHING_TO_RESOLVE',
    );
    expect(
      collectionEligibility({ accountList: list, files, lastPaymentDetails: { paymentStatus: 'SUCCESS' } }).subscribed,
    ).toBe(true);
  });

  it('lists entries a dispute may correct, and an order in SUCCESS means subscribed and no longer eligible', () => {
    const items = rectificationItems(files);
    expect(items.map((item) => [item.accountNumber, item.issue])).toEqual([
      ['XXXX9999', 'SETTLED_MARK'],
      ['XXXX1111', 'WRITTEN_OFF_PAID'],
    ]);
    expect(rectificationEligibility({ subProductCount: items.length, orderStatus: null, files })).toMatchObject({
      eligible: true,
    });
    expect(rectificationEligibility({ subProductCount: items.length, orderStatus: 'SUCCESS', files })).toEqual({
      eligible: false,
      subscribed: true,
      reason: 'SUBSCRIBED',
    });
    expect(rectificationEligibility({ subProductCount: items.length, orderStatus: 'PENDING', files }).reason).toBe(
      'PAYMENT_IN_PROGRESS',
    );
    expect(rectificationEligibility({ subProductCount: 0, orderStatus: 'FAILED', files }).reason).toBe(
      'NOTHING_TO_RECTIFY',
    );
  });
});

describe('step-up card', () => {
  const day = Date.UTC(2026, 0, 15);
  it('counts whole months held', () => {
    expect(monthsBetween(day, Date.UTC(2026, 6, 14))).toBe(5);
    expect(monthsBetween(day, Date.UTC(2026, 6, 15))).toBe(6);
    expect(monthsBetween(Date.UTC(2026, 6, 15), day)).toBe(0);
  });

  it('steps up after six months with the unsecured card’s band, else says what is missing', () => {
    const nowMs = Date.UTC(2026, 7, 1);
    expect(stepUpDecision({ issuedAtMs: day, nowMs, band: 'FAIR', offerMinBand: 'FAIR' })).toEqual({
      eligible: true,
      reason: 'READY',
      monthsHeld: 6,
      monthsRemaining: 0,
    });
    expect(
      stepUpDecision({ issuedAtMs: Date.UTC(2026, 5, 1), nowMs, band: 'GOOD', offerMinBand: 'FAIR' }),
    ).toMatchObject({
      eligible: false,
      reason: 'HOLD_LONGER',
      monthsRemaining: 4,
    });
    expect(stepUpDecision({ issuedAtMs: day, nowMs, band: 'LOW', offerMinBand: 'FAIR' }).reason).toBe('SCORE_TOO_LOW');
    expect(stepUpDecision({ issuedAtMs: day, nowMs, band: null, offerMinBand: 'FAIR' }).reason).toBe('SCORE_TOO_LOW');
    expect(stepUpDecision({ issuedAtMs: day, nowMs, band: 'GOOD', offerMinBand: null }).reason).toBe('NO_OFFER');
  });
});
