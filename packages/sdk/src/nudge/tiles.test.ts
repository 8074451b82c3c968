import { selectRecentActivity, RECENT_ACTIVITY_SITES } from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import {
  homeOfferCount,
  homeOfferLabel,
  NUDGE_TILE_ORDER,
  offersTileOf,
  parseOffers,
  parseScoreRecords,
  scoreTileOf,
} from './tiles.ts';

const record = (creditBureau: string, score: number | null, extra: Record<string, unknown> = {}) => ({
  creditBureau,
  score,
  previousScore: null,
  scoreBand: score === null ? null : 'GOOD',
  dateApplied: '2026-11-20T10:00:00+05:30',
  scoreState: score === null ? 'NO_HIT' : 'SCORE',
  isValidScore: score !== null,
  ...extra,
});

function offerReply(count: number, product = 'PL') {
  return {
    [product]: {
      subProductList: Array.from({ length: count }, (_, index) => ({
        offerId: `${product}-${index + 1}`,
        productType: product,
        productName: `Offer ${index + 1}`,
        bannerTitle: 'Pre-approved',
        imageUrl: { partnerImage: 'https://cdn.example.in/p.png', productTypeImage: 'javascript:alert(1)' },
        features: { shortDescriptionApp: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] },
        statement: { statementText: 'Rate from 10.5%^^No prepayment fee' },
        lender: { id: 'kosh', name: ' Kosh Bank ', legalName: 'Kosh Bank Ltd' },
      })),
    },
  };
}

describe('nudge tile rules (spec 000 §3, §4, §8, §9)', () => {
  it('orders the tiles bureauTile, gucpaOffers, recentActivity', () => {
    expect(NUDGE_TILE_ORDER).toEqual(['bureauTile', 'gucpaOffers', 'recentActivity']);
  });

  it('shows "Get Credit Score for FREE" when there is no bureau data', () => {
    expect(scoreTileOf([])).toEqual({ kind: 'getScore' });
    expect(scoreTileOf(undefined)).toEqual({ kind: 'getScore' });
    expect(scoreTileOf(parseScoreRecords('garbage'))).toEqual({ kind: 'getScore' });
  });

  it('shows the active bureau by priority with its band display and delta', () => {
    const tile = scoreTileOf(
      parseScoreRecords([
        record('EQUIFAX', 812, { scoreBand: 'EXCELLENT' }),
        record('CIBIL', 742, { previousScore: 730, scoreBand: 'GOOD' }),
      ]),
    );
    expect(tile).toMatchObject({ kind: 'score', bureau: 'CIBIL', score: 742, label: 'Good', delta: 'up', change: 12 });
    const down = scoreTileOf(
      parseScoreRecords([record('EXPERIAN', 560, { previousScore: 590, scoreBand: 'VERY_LOW' })]),
    );
    expect(down).toMatchObject({ delta: 'down', change: -30, label: 'Low', colour: '#e5121b' });
  });

  it('NO_HIT at every bureau is no bureau data, marked as checked; new to credit has its own state, never a number', () => {
    expect(scoreTileOf(parseScoreRecords([record('CIBIL', null), record('EXPERIAN', null)]))).toEqual({
      kind: 'getScore',
      noHit: true,
    });
    // A record without a score and without a state is not a bureau's answer: the never-checked tile.
    expect(scoreTileOf(parseScoreRecords([record('CIBIL', null, { scoreState: undefined })]))).toEqual({
      kind: 'getScore',
    });
    const ntc = parseScoreRecords([record('CIBIL', null), record('EXPERIAN', null, { scoreState: 'NEW_TO_CREDIT' })]);
    expect(scoreTileOf(ntc)).toEqual({ kind: 'noScore', bureau: 'EXPERIAN', state: 'NEW_TO_CREDIT' });
  });

  it('keeps at most 2 offers in the tile and counts them all', () => {
    const offers = parseOffers({ ...offerReply(3, 'PL'), ...offerReply(2, 'CC') });
    expect(offers).toHaveLength(5);
    const tile = offersTileOf(offers);
    expect(tile?.offers.map((offer) => offer.offerId)).toEqual(['PL-1', 'PL-2']);
    expect(tile?.total).toBe(5);
  });

  it('reads an offer: at most 6 bullets, statement segments, web images only', () => {
    const [offer] = parseOffers(offerReply(1));
    expect(offer?.bullets).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(offer?.statement).toEqual(['Rate from 10.5%', 'No prepayment fee']);
    expect(offer?.partnerImage).toBe('https://cdn.example.in/p.png');
    expect(offer?.partnerName).toBe('Kosh Bank');
    expect(parseOffers({ PL: { subProductList: [{ offerId: 'x', productName: 'Loan' }] } })[0]?.partnerName).toBe(
      undefined,
    );
    expect(offer?.productTypeImage).toBeUndefined();
  });

  it('shows no offers tile for an empty or malformed reply', () => {
    expect(offersTileOf(parseOffers({}))).toBeNull();
    expect(offersTileOf(parseOffers({ PL: { subProductList: [{ offerId: '' }] } }))).toBeNull();
    expect(offersTileOf(parseOffers(null))).toBeNull();
  });

  it('caps the home summary offer count at 3', () => {
    expect([0, 1, 2, 3, 4, 40].map(homeOfferCount)).toEqual([0, 1, 2, 3, 3, 3]);
  });

  it('shows a capped home count as "3+" so it never contradicts the modal’s full count (spec 000 §2, §9)', () => {
    expect([1, 2, 3, 4, 6, 40].map(homeOfferLabel)).toEqual(['1', '2', '3', '3+', '3+', '3+']);
  });

  it('recent activity: 10 in all, 2 per site, items without continueUrl or updatedAt hidden, unknown sites skipped', () => {
    const sites = Object.values(RECENT_ACTIVITY_SITES);
    const entries: Record<string, unknown> = {
      '999': { data: [{ id: 'x', type: 'lead', continueUrl: '/x', updatedAt: 5 }] },
    };
    sites.forEach((site, siteIndex) => {
      entries[String(site.siteId)] = {
        data: [
          ...[1, 2, 3].map((n) => ({
            id: `${site.siteId}-${n}`,
            type: 'lead',
            continueUrl: `/c/${n}`,
            updatedAt: siteIndex * 10 + n,
          })),
          { id: 'no-url', type: 'lead', updatedAt: 1000 },
          { id: 'no-time', type: 'lead', continueUrl: '/t' },
        ],
      };
    });
    const rows = selectRecentActivity(entries);
    expect(rows.length).toBe(Math.min(10, sites.length * 2));
    const perSite = new Map<number, number>();
    for (const row of rows) perSite.set(row.siteId, (perSite.get(row.siteId) ?? 0) + 1);
    expect(Math.max(...perSite.values())).toBe(2);
    expect(rows.some((row) => row.siteId === 999 || row.id === 'no-url' || row.id === 'no-time')).toBe(false);
  });
});
