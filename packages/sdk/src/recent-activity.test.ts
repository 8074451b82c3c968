import { RECENT_ACTIVITY_SITES } from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import { memoryStore } from './key-value-store.ts';
import { getRecentActivity } from './recent-activity.ts';
import { createSharedStorage } from './shared-storage.ts';

describe('getRecentActivity', () => {
  it('lists what sites stored, newest first, 2 per site', async () => {
    const store = memoryStore();
    let time = Date.UTC(2026, 0, 1);
    const forSite = (siteId: number) =>
      createSharedStorage({ store, environment: 'staging', siteId, storageId: () => 'v', now: () => (time += 1000) });
    const cards = forSite(RECENT_ACTIVITY_SITES.CREDIT_CARD.siteId);
    const loans = forSite(RECENT_ACTIVITY_SITES.HOME_LOAN.siteId);
    await cards.setItem({ id: 'c1', type: 'lead', product: 'CC', continueUrl: 'https://cards.example/1' });
    await loans.setItem({ id: 'h1', type: 'lead', product: 'HL', continueUrl: '/home/1' });
    await cards.setItem({ id: 'c2', type: 'lead', product: 'CC', continueUrl: 'https://cards.example/2' });
    await cards.setItem({ id: 'c3', type: 'lead', product: 'CC', continueUrl: 'https://cards.example/3' });
    await cards.setItem({ id: 'no-link', type: 'report', product: 'CC' });
    await forSite(1).setItem({ id: 'not-listed', type: 'report', continueUrl: '/x' });
    const rows = await getRecentActivity(cards);
    expect(rows.map((row) => [row.id, row.title])).toEqual([
      ['c3', 'Credit Card'],
      ['c2', 'Credit Card'],
      ['h1', 'Home Loan'],
    ]);
    expect(await getRecentActivity(cards, { perSite: 1, total: 1 })).toHaveLength(1);
  });

  it('shows nothing when storage cannot be read', async () => {
    const failing = { getAllSiteData: () => Promise.reject(new Error('hub timeout')) };
    expect(await getRecentActivity(failing)).toEqual([]);
  });
});
