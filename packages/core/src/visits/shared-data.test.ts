import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PraveshError } from '../errors.ts';
import {
  SHARED_DATA_LIMIT_BYTES,
  assertSharedDataSize,
  mergeItems,
  mergeSiteEntries,
  parseApplication,
  parseDataItem,
  parseLead,
  type SiteEntry,
} from './shared-data.ts';

const application = {
  id: 'a1',
  partnerId: 7,
  partnerName: 'Bank',
  productName: 'PL',
  image: 'i.png',
  state: 'OPEN',
  continueUrl: 'https://x/c',
  title: 't',
  subtitle: 's',
};

function errorOf(run: () => unknown): { code: string; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof PraveshError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('shared data rules (spec 000 §5)', () => {
  it('needs id and type on a data item', () => {
    for (const input of [null, 'x', [], {}, { id: 'a' }, { type: 'lead' }, { id: '', type: 'lead' }]) {
      expect(errorOf(() => parseDataItem(input))).toEqual({
        code: 'storageFieldsMissing',
        message: 'Some of the compulsory fiels missing. Required fields are - id,type',
      });
    }
    expect(parseDataItem({ id: 1, type: 'report', extra: 'dropped' })).toEqual({ id: 1, type: 'report' });
  });

  it('allows PCO and BUREAU only on update', () => {
    expect(errorOf(() => parseDataItem({ id: 'a', type: 'lead', product: 'BUREAU' }))?.message).toBe(
      'BUREAU - is not allowed product. Valid values of product key are - PL, CC, HL, DL, BL, MF, HLBT, LAP',
    );
    expect(parseDataItem({ id: 'a', type: 'lead', product: 'BUREAU' }, { update: true }).product).toBe('BUREAU');
    expect(
      errorOf(() => parseDataItem({ id: 'a', type: 'lead', product: 'x'.repeat(500) }))?.message.length,
    ).toBeLessThan(200);
  });

  it('needs application to be an array of complete applications', () => {
    expect(errorOf(() => parseDataItem({ id: 'a', type: 'lead', application: 'x' }))?.message).toBe(
      'Application should be of type of Array.',
    );
    expect(errorOf(() => parseLead({ id: 'l', application: [{ ...application, title: null }] }))?.message).toBe(
      'id and payload are mandatory fields',
    );
    expect(parseApplication(application)).toEqual(application);
    expect(parseLead({ id: 'l' })).toEqual({ id: 'l', application: [] });
  });

  it('refuses types outside report and lead, and unstorable text anywhere, as bad requests', () => {
    expect(errorOf(() => parseDataItem({ id: 'a', type: 'offer' }))?.code).toBe('badRequest');
    expect(errorOf(() => parseDataItem({ id: 'a', type: 'lead', title: 'a\u0000' }))?.code).toBe('badRequest');
    expect(errorOf(() => parseLead({ id: 'l', applicationDetails: { k: ['\u0000'] } }))?.code).toBe('badRequest');
    // PostgreSQL's jsonb refuses an unpaired surrogate ("\ud800"); a paired one (an emoji) is fine.
    expect(errorOf(() => parseDataItem({ id: 'a', type: 'lead', title: 'x\ud800' }))?.code).toBe('badRequest');
    expect(errorOf(() => parseLead({ id: 'l', applicationDetails: { ['\udc00']: 1 } }))?.code).toBe('badRequest');
    expect(parseDataItem({ id: 'a', type: 'lead', title: 'loan 🚀' }).title).toBe('loan 🚀');
  });

  it('throws only PraveshErrors, whatever the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (input, update) => {
        for (const run of [
          () => parseDataItem(input, { update }),
          () => parseLead(input),
          () => parseApplication(input),
        ]) {
          try {
            run();
          } catch (error) {
            expect(error).toBeInstanceOf(PraveshError);
          }
        }
      }),
    );
  });

  it('limits shared data to 350 KB of UTF-8 JSON', () => {
    expect(() => assertSharedDataSize('x'.repeat(SHARED_DATA_LIMIT_BYTES - 2))).not.toThrow();
    expect(errorOf(() => assertSharedDataSize('x'.repeat(SHARED_DATA_LIMIT_BYTES - 1)))?.message).toBe(
      'Data size exceeds permissiable limit.',
    );
    // ₹ is three bytes in UTF-8.
    expect(() => assertSharedDataSize('₹'.repeat(SHARED_DATA_LIMIT_BYTES / 3 + 1))).toThrow(PraveshError);
  });
});

describe('historical merge', () => {
  const entry = (overrides: Partial<SiteEntry>): SiteEntry => ({
    siteId: 2,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    visit: null,
    data: [],
    leads: [],
    sharedData: null,
    consentRecievedDate: null,
    ...overrides,
  });

  it('keeps one copy per id and type, the most recently updated', () => {
    const merged = mergeItems(
      [
        { id: 'a', type: 'lead', updatedAt: 5, title: 'old' },
        { id: 'a', type: 'report', updatedAt: 1 },
      ],
      [
        { id: 'a', type: 'lead', updatedAt: 9, title: 'new' },
        { id: 'b', type: 'lead', updatedAt: 1 },
      ],
    );
    expect(merged).toEqual([
      { id: 'a', type: 'lead', updatedAt: 9, title: 'new' },
      { id: 'a', type: 'report', updatedAt: 1 },
      { id: 'b', type: 'lead', updatedAt: 1 },
    ]);
    expect(mergeItems([{ id: 'a', updatedAt: 9 }], [{ id: 'a', updatedAt: 5 }])).toEqual([{ id: 'a', updatedAt: 9 }]);
  });

  it('merges two entries of a site: earliest createdAt, newest visit, latest consent date', () => {
    const older = entry({ visit: 'v1', consentRecievedDate: '2026-11-02T00:00:00.000Z', sharedData: { a: 1, b: 1 } });
    const newer = entry({
      createdAt: '2026-11-03T00:00:00.000Z',
      updatedAt: '2026-11-04T00:00:00.000Z',
      visit: 'v2',
      sharedData: { b: 2 },
    });
    expect(mergeSiteEntries(older, newer)).toEqual({
      ...newer,
      createdAt: older.createdAt,
      consentRecievedDate: older.consentRecievedDate,
      sharedData: { a: 1, b: 2 },
    });
    expect(mergeSiteEntries(newer, older).sharedData).toEqual({ a: 1, b: 2 });
  });
});
