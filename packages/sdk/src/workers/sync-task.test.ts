import { siteEntrySchema } from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import { planSync } from './sync-task.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const entry = (siteId: number, ids: string[], updatedAt: number) =>
  JSON.stringify({
    siteId,
    createdAt: at(0),
    updatedAt: at(updatedAt),
    data: ids.map((id) => ({ id, type: 'lead', updatedAt: at(updatedAt) })),
  });

describe('planSync', () => {
  it('merges anonymous, customer and server entries per site, newest item winning', () => {
    const plan = planSync({
      visitor: { 7: entry(7, ['a', 'b'], 2000), 3: entry(3, ['anon'], 10) },
      customer: { 7: entry(7, ['a'], 1000), 6: entry(6, ['own'], 5) },
      server: {
        7: JSON.parse(entry(7, ['remote'], 500)) as unknown,
        9: JSON.parse(entry(9, ['history'], 1)) as unknown,
      },
      now: Date.UTC(2026, 0, 2),
    });
    expect(Object.keys(plan.merged).sort()).toEqual(['3', '7', '9']);
    expect(plan.merged['7']!.data.map((item) => item.id).sort()).toEqual(['a', 'b', 'remote']);
    expect(plan.merged['7']!.data.find((item) => item.id === 'a')!.updatedAt).toBe(at(2000));
    expect(plan.merged['3']!.data.map((item) => item.id)).toEqual(['anon']);
    expect(plan.doneVisitorSites.sort()).toEqual(['3', '7']);
    for (const merged of Object.values(plan.merged)) expect(siteEntrySchema.safeParse(merged).success).toBe(true);
  });

  it('skips unreadable entries and unknown sites, and drops unreadable anonymous ones', () => {
    const plan = planSync({
      visitor: { 7: '{broken', 99: entry(99, ['x'], 1), 6: null },
      customer: { 7: entry(7, ['own'], 1) },
      server: { 7: 'not an entry' },
      now: 0,
    });
    expect(plan.merged).toEqual({});
    expect(plan.doneVisitorSites.sort()).toEqual(['6', '7']);
  });

  it('drops an invalid item of a server entry, not the entry: a lead whose application image is blank', () => {
    const application = {
      id: 'lead-42',
      partnerId: 'kosh-bank',
      partnerName: 'Kosh Bank',
      productName: 'Kosh Personal Loan',
      // Blank, as the leads service once wrote for a lead without a partner image: the nine
      // application fields are mandatory (spec 000 §3), so the item is unreadable.
      image: '',
      state: 'WITHDRAWN',
      continueUrl: 'https://partner.example.in/lead/42',
      title: 'Kosh Personal Loan',
      subtitle: 'Kosh Bank · Withdrawn',
    };
    const server = JSON.parse(entry(2, ['report-1'], 50)) as { data: unknown[] };
    server.data.push({ id: 'lead-42', type: 'lead', product: 'PL', application: [application], updatedAt: at(60) });
    const plan = planSync({
      visitor: {},
      customer: { 2: entry(2, ['own'], 10) },
      server: { 2: server },
      now: Date.UTC(2026, 0, 2),
    });
    expect(plan.merged['2']!.data.map((item) => item.id).sort()).toEqual(['own', 'report-1']);
    expect(siteEntrySchema.safeParse(plan.merged['2']).success).toBe(true);
  });

  it('keeps an anonymous entry where it is when the merge would be over the limit', () => {
    const big = JSON.stringify({ siteId: 7, sharedData: { blob: 'z'.repeat(600) } });
    const plan = planSync({ visitor: { 7: big }, customer: { 7: entry(7, ['own'], 1) }, now: 0, limitBytes: 500 });
    expect(plan).toEqual({ merged: {}, doneVisitorSites: [] });
  });
});
