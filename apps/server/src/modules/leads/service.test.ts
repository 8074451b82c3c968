import { describe, expect, it } from 'vitest';
import { RECENT_ACTIVITY_SITES, applicationSchema, dataItemSchema, validateSiteEntry } from '@pravesh/core';
import { leadActivityPlacement } from './service.ts';
import type { LeadRow } from './store.ts';

const at = new Date('2026-11-25T10:00:00Z');
const PUBLIC_URL = 'http://localhost:4000';
const place = (row: LeadRow) => leadActivityPlacement(row, PUBLIC_URL);
function lead(product: string, overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    leadId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    customerId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    offerId: `${product}-OFFER`,
    product,
    lenderId: 'kosh-bank',
    lenderName: 'Kosh Bank',
    productName: 'Instant Personal Loan',
    partnerImage: null,
    status: 'CREATED',
    partnerStatus: null,
    continueUrl: 'http://localhost:4100/partner/apply?ref=1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    visitId: null,
    siteId: 2,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

describe('a lead in recent activity (spec 000 §3 data item, §5)', () => {
  it('shows under the product line of its product, as a valid data item with all nine application fields', () => {
    const expected: Record<string, keyof typeof RECENT_ACTIVITY_SITES> = {
      PL: 'PL_MARKETPLACE',
      BL: 'DIGITAL_LENDING',
      HL: 'HOME_LOAN',
      LAP: 'HOME_LOAN',
      CC: 'CREDIT_CARD',
    };
    for (const [product, line] of Object.entries(expected)) {
      const placement = place(lead(product))!;
      expect(placement.siteId, product).toBe(RECENT_ACTIVITY_SITES[line].siteId);
      expect(dataItemSchema.safeParse(placement.item).success, product).toBe(true);
      expect(applicationSchema.safeParse(placement.item.application![0]).success, product).toBe(true);
      expect(placement.item).toMatchObject({
        id: lead(product).leadId,
        type: 'lead',
        product,
        updatedAt: at.getTime(),
      });
    }
  });

  it('follows the lead status in its subtitle and state', () => {
    const placement = place(lead('CC', { status: 'CARD_ISSUED', partnerStatus: 'DISPATCHED' }))!;
    expect(placement.item.subtitle).toBe('Kosh Bank · Card issued');
    expect(placement.item.application![0]!.state).toBe('CARD_ISSUED');
  });

  it('without a partner image shows the lender’s mark, so the browser keeps the site entry (spec 000 §3)', () => {
    const image = 'https://cdn.example.in/partners/kosh.svg';
    for (const partnerImage of [null, '', image]) {
      const placement = place(lead('PL', { partnerImage }))!;
      const expected = partnerImage || `${PUBLIC_URL}/assets/offers/partners/kosh-bank.svg`;
      expect(placement.item.image).toBe(expected);
      expect(placement.item.application![0]!.image).toBe(expected);
      // The browser's rules (validateSiteEntry: shared storage, the sync merge) accept the entry.
      const entry = validateSiteEntry({ data: [placement.item] }, placement.siteId, at.getTime());
      expect(entry.data.map((item) => item.id)).toEqual([lead('PL').leadId]);
    }
  });

  it('is left out of recent activity for a product no recent-activity site shows', () => {
    expect(place(lead('MF'))).toBeNull();
  });
});
