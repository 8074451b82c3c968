import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORE_BANDS, type ScoreBand } from '../credit/score-rules.ts';
import {
  CLEAN_PROFILE,
  MAX_RECENT_ENQUIRIES,
  bandAtLeast,
  bestStanding,
  byProductOrder,
  offerRules,
  profileFromReport,
  type CreditProfile,
  type CreditStanding,
  type OfferRuleInput,
} from './rules.ts';
import { OFFER_PRODUCTS } from './routes.ts';

const offer = (
  offerId: string,
  product: OfferRuleInput['product'],
  minBand: ScoreBand,
  cardKind: OfferRuleInput['cardKind'] = null,
): OfferRuleInput => ({
  offerId,
  product,
  minBand,
  cardKind: product === 'CC' ? (cardKind ?? 'UNSECURED') : null,
});

const CATALOGUE: OfferRuleInput[] = [
  offer('pl-prime', 'PL', 'VERY_GOOD'),
  offer('pl-std', 'PL', 'GOOD'),
  offer('cc-premium', 'CC', 'EXCELLENT'),
  offer('cc-entry', 'CC', 'FAIR'),
  offer('cc-secured', 'CC', 'VERY_LOW', 'SECURED'),
  offer('hl', 'HL', 'FAIR'),
  offer('bl', 'BL', 'GOOD'),
  offer('lap', 'LAP', 'FAIR'),
];

const ids = (standing: CreditStanding, profile: CreditProfile = CLEAN_PROFILE) =>
  offerRules(standing, profile, CATALOGUE).map((o) => o.offerId);
const score = (band: ScoreBand): CreditStanding => ({ kind: 'SCORE', band });

describe('offerRules: the documented table', () => {
  it.each<[CreditStanding, string[]]>([
    [{ kind: 'NO_BUREAU_DATA' }, []],
    [{ kind: 'NO_HIT' }, ['cc-secured']],
    [{ kind: 'NEW_TO_CREDIT' }, ['cc-secured']],
    [score('VERY_LOW'), ['cc-secured']],
    [score('LOW'), ['cc-secured']],
    [score('FAIR'), ['cc-entry', 'hl', 'lap']],
    [score('GOOD'), ['pl-std', 'cc-entry', 'hl', 'lap']],
    [score('VERY_GOOD'), ['pl-prime', 'pl-std', 'cc-entry', 'hl', 'lap']],
    [score('EXCELLENT'), ['pl-prime', 'pl-std', 'cc-premium', 'cc-entry', 'hl', 'lap']],
  ])('%j → %j', (standing, expected) => {
    expect(ids(standing)).toEqual(expected);
  });

  it('gives a delinquent customer only a secured card, whatever the band', () => {
    for (const band of SCORE_BANDS)
      expect(ids(score(band), { ...CLEAN_PROFILE, delinquent: true })).toEqual(['cc-secured']);
  });

  it('closes unsecured credit to credit-hungry customers and keeps secured products', () => {
    const hungry = { ...CLEAN_PROFILE, enquiriesLast6Months: MAX_RECENT_ENQUIRIES + 1, hasBusinessCredit: true };
    expect(ids(score('EXCELLENT'), hungry)).toEqual(['cc-secured', 'hl', 'lap']);
    const busy = { ...hungry, enquiriesLast6Months: MAX_RECENT_ENQUIRIES };
    expect(ids(score('EXCELLENT'), busy)).toContain('pl-prime');
  });

  it('offers a business loan only with business credit in the report', () => {
    expect(ids(score('GOOD'), { ...CLEAN_PROFILE, hasBusinessCredit: true })).toContain('bl');
    expect(ids(score('FAIR'), { ...CLEAN_PROFILE, hasBusinessCredit: true })).not.toContain('bl');
  });
});

const standingArb: fc.Arbitrary<CreditStanding> = fc.oneof(
  fc.constant<CreditStanding>({ kind: 'NO_BUREAU_DATA' }),
  fc.constant<CreditStanding>({ kind: 'NO_HIT' }),
  fc.constant<CreditStanding>({ kind: 'NEW_TO_CREDIT' }),
  fc.constantFrom(...SCORE_BANDS).map(score),
);
const profileArb: fc.Arbitrary<CreditProfile> = fc.record({
  delinquent: fc.boolean(),
  enquiriesLast6Months: fc.integer({ min: 0, max: 20 }),
  hasBusinessCredit: fc.boolean(),
});
const catalogueArb = fc.array(
  fc
    .record({
      offerId: fc.uuid(),
      product: fc.constantFrom(...OFFER_PRODUCTS),
      minBand: fc.constantFrom(...SCORE_BANDS),
      secured: fc.boolean(),
    })
    .map(({ offerId, product, minBand, secured }) =>
      offer(offerId, product, minBand, product === 'CC' ? (secured ? 'SECURED' : 'UNSECURED') : null),
    ),
  { maxLength: 25 },
);

describe('offerRules: properties over every standing, profile and catalogue', () => {
  it('answers a subset of the catalogue in catalogue order, respecting every minimum band', () => {
    fc.assert(
      fc.property(standingArb, profileArb, catalogueArb, (standing, profile, catalogue) => {
        const chosen = offerRules(standing, profile, catalogue);
        const positions = chosen.map((o) => catalogue.indexOf(o));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        for (const o of chosen) {
          // Secured cards and insurance cover are not decided by a band (rules.ts).
          if (o.cardKind === 'SECURED' || o.product === 'INS') continue;
          expect(standing.kind).toBe('SCORE');
          if (standing.kind === 'SCORE') expect(bandAtLeast(standing.band, o.minBand)).toBe(true);
          expect(profile.delinquent).toBe(false);
        }
      }),
    );
  });

  it('never pre-approves without bureau data; without a score, only secured cards and insurance', () => {
    fc.assert(
      fc.property(profileArb, catalogueArb, (profile, catalogue) => {
        expect(offerRules({ kind: 'NO_BUREAU_DATA' }, profile, catalogue)).toEqual([]);
        for (const kind of ['NO_HIT', 'NEW_TO_CREDIT'] as const) {
          const chosen = offerRules({ kind }, profile, catalogue);
          expect(chosen.every((o) => o.cardKind === 'SECURED' || o.product === 'INS')).toBe(true);
          expect(chosen.length).toBe(catalogue.filter((o) => o.cardKind === 'SECURED' || o.product === 'INS').length);
        }
      }),
    );
  });

  it('offers every insurance cover whenever a bureau answered, whatever the band or the report', () => {
    fc.assert(
      fc.property(standingArb, profileArb, catalogueArb, (standing, profile, catalogue) => {
        const cover = catalogue.filter((o) => o.product === 'INS');
        const chosen = offerRules(standing, profile, catalogue).filter((o) => o.product === 'INS');
        expect(chosen).toEqual(standing.kind === 'NO_BUREAU_DATA' ? [] : cover);
      }),
    );
  });

  it('is monotone in the band: a better band never loses a loan or unsecured card', () => {
    fc.assert(
      fc.property(
        profileArb,
        catalogueArb,
        fc.constantFrom(...SCORE_BANDS),
        fc.constantFrom(...SCORE_BANDS),
        (profile, catalogue, a, b) => {
          const [better, worse] = bandAtLeast(a, b) ? [a, b] : [b, a];
          const unsecured = (band: ScoreBand) =>
            offerRules(score(band), profile, catalogue).filter((o) => o.cardKind !== 'SECURED');
          const kept = new Set(unsecured(better));
          for (const o of unsecured(worse)) expect(kept.has(o)).toBe(true);
        },
      ),
    );
  });

  it('offers a secured card exactly when no unsecured card is offered', () => {
    fc.assert(
      fc.property(standingArb, profileArb, catalogueArb, (standing, profile, catalogue) => {
        const chosen = offerRules(standing, profile, catalogue);
        const hasSecuredInCatalogue = catalogue.some((o) => o.cardKind === 'SECURED');
        const unsecuredCard = chosen.some((o) => o.cardKind === 'UNSECURED');
        const securedCard = chosen.some((o) => o.cardKind === 'SECURED');
        if (standing.kind === 'NO_BUREAU_DATA') expect(chosen).toEqual([]);
        else expect(securedCard).toBe(hasSecuredInCatalogue && !unsecuredCard);
      }),
    );
  });
});

describe('bestStanding', () => {
  it('takes the best band over every bureau, else NEW_TO_CREDIT over NO_HIT, else no data', () => {
    expect(bestStanding([])).toEqual({ kind: 'NO_BUREAU_DATA' });
    expect(bestStanding([{ scoreState: 'NO_HIT', scoreBand: null }])).toEqual({ kind: 'NO_HIT' });
    expect(
      bestStanding([
        { scoreState: 'NO_HIT', scoreBand: null },
        { scoreState: 'NEW_TO_CREDIT', scoreBand: null },
      ]),
    ).toEqual({ kind: 'NEW_TO_CREDIT' });
    expect(
      bestStanding([
        { scoreState: 'SCORE', scoreBand: 'FAIR' },
        { scoreState: 'SCORE', scoreBand: 'VERY_GOOD' },
        { scoreState: 'NEW_TO_CREDIT', scoreBand: null },
      ]),
    ).toEqual({ kind: 'SCORE', band: 'VERY_GOOD' });
  });

  it('ignores a band on a pull without a score (never a fake band)', () => {
    expect(bestStanding([{ scoreState: 'NO_HIT', scoreBand: 'EXCELLENT' }])).toEqual({ kind: 'NO_HIT' });
  });
});

describe('profileFromReport', () => {
  const account: { type: string; closedDate: string | null; overdue: number; writtenOff: boolean; settled: boolean } = {
    type: 'PL',
    closedDate: null,
    overdue: 0,
    writtenOff: false,
    settled: false,
  };
  const report = (accounts: (typeof account)[], totalOverdue = 0, enquiriesLast6Months = 2) => ({
    summary: { totalOverdue, enquiriesLast6Months },
    accounts,
  });

  it('reads delinquency, enquiries and business credit', () => {
    expect(profileFromReport(null)).toEqual(CLEAN_PROFILE);
    expect(profileFromReport(report([account]))).toEqual({
      delinquent: false,
      enquiriesLast6Months: 2,
      hasBusinessCredit: false,
    });
    expect(profileFromReport(report([{ ...account, settled: true }])).delinquent).toBe(true);
    expect(profileFromReport(report([{ ...account, writtenOff: true }])).delinquent).toBe(true);
    expect(profileFromReport(report([account], 500)).delinquent).toBe(true);
    expect(profileFromReport(report([{ ...account, type: 'OD' }])).hasBusinessCredit).toBe(true);
    expect(profileFromReport(report([{ ...account, type: 'BL', closedDate: '2020-01-01' }])).hasBusinessCredit).toBe(
      false,
    );
  });
});

describe('byProductOrder', () => {
  it('groups by product in OFFER_PRODUCTS order, keeping order within a product', () => {
    const list = [
      offer('l', 'LAP', 'FAIR'),
      offer('p1', 'PL', 'GOOD'),
      offer('c', 'CC', 'FAIR'),
      offer('p2', 'PL', 'GOOD'),
    ];
    expect(byProductOrder(list).map((o) => o.offerId)).toEqual(['p1', 'p2', 'c', 'l']);
  });
});
