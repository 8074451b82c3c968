import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeItems, mergeSiteEntries, type Application, type SiteEntry } from '../visits/shared-data.ts';
import { mergeEntryItems, mergeSiteEntryPair } from './merge-entries.ts';

const iso = fc.integer({ min: 0, max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString());
const item = fc.record({
  id: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constantFrom(1, 2)),
  type: fc.constantFrom('report' as const, 'lead' as const),
  updatedAt: fc.option(fc.oneof(fc.integer({ min: 0, max: 10 }), iso), { nil: undefined }),
  title: fc.string({ maxLength: 4 }),
});
const lead = fc.record({
  id: fc.constantFrom('l1', 'l2', 3),
  application: fc.constant([] as Application[]),
  updatedAt: fc.option(iso, { nil: undefined }),
});
const entry: fc.Arbitrary<SiteEntry> = fc.record({
  siteId: fc.constant(7),
  createdAt: iso,
  updatedAt: iso,
  visit: fc.option(fc.uuid(), { nil: null }),
  data: fc.array(item, { maxLength: 5 }),
  leads: fc.array(lead, { maxLength: 3 }),
  sharedData: fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.integer()), { nil: null }),
  consentRecievedDate: fc.option(iso, { nil: null }),
});

describe('merge of site entries', () => {
  it('is the rule of visits/shared-data.ts', () => {
    fc.assert(
      fc.property(entry, entry, (a, b) => {
        expect(mergeSiteEntryPair(a, b)).toEqual(mergeSiteEntries(a, b));
        expect(mergeEntryItems(a.data, b.data)).toEqual(mergeItems(a.data, b.data));
      }),
    );
  });

  it('keeps one copy per id and type, the newest winning, ties to the incoming side', () => {
    const old = { id: 'a', type: 'report', updatedAt: 1, title: 'old' };
    const fresh = { id: 'a', type: 'report', updatedAt: 2, title: 'new' };
    const lead = { id: 'a', type: 'lead', updatedAt: 0, title: 'lead' };
    expect(mergeEntryItems([fresh, lead], [old])).toEqual([fresh, lead]);
    expect(mergeEntryItems([old], [{ ...old, title: 'same time' }])).toEqual([{ ...old, title: 'same time' }]);
  });

  it('is idempotent: merging an entry with itself changes nothing', () => {
    fc.assert(
      fc.property(entry, (a) => {
        const merged = mergeSiteEntryPair(a, a);
        expect(merged.data).toHaveLength(new Set(a.data.map((x) => `${x.type}:${String(x.id)}`)).size);
        expect(mergeSiteEntryPair(merged, merged)).toEqual(merged);
      }),
    );
  });
});
