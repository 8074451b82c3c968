import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITEM_PAYLOAD_TYPES } from '../constants.ts';
import { isPraveshError, PraveshError } from '../errors.ts';
import { SHARED_PAYLOAD_TYPES, siteEntrySchema } from '../visits/shared-data.ts';
import {
  APPLICATION_FIELDS,
  assertStoredSize,
  SITE_ENTRY_LIMIT_BYTES,
  storedSize,
  validateApplication,
  validateDataItem,
  validateLead,
  validateSiteEntry,
} from './site-entry-rules.ts';

type Outcome = { ok: unknown } | { key: string };

/** What a validator did: its value, or the catalogue key it refused with. Anything else fails the test. */
function outcome(run: () => unknown): Outcome {
  try {
    return { ok: run() };
  } catch (error) {
    if (isPraveshError(error)) return { key: error.key };
    throw error;
  }
}

const application = {
  id: 'app-1',
  partnerId: 17,
  partnerName: 'Bank',
  productName: 'Gold card',
  image: 'https://img.example/card.png',
  state: 'IN_PROGRESS',
  continueUrl: 'https://cards.example/continue/1',
  title: 'Gold card',
  subtitle: 'Step 2 of 4',
};

// Values near every rule's edge: blanks, wrong types, NUL, over-long text, numbers that are not ids.
const scalar = fc.oneof(
  fc.constantFrom(undefined, null, '', 'a\u0000b', 0, -1, 1.5, 2 ** 60, Number.NaN, true, [], {}),
  fc.constantFrom(...SHARED_PAYLOAD_TYPES, 'PL', 'CC', 'PCO', 'BUREAU', 'XX', 'IN_PROGRESS'),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.string({ minLength: 60, maxLength: 70 }),
  fc.string({ minLength: 250, maxLength: 260 }),
  fc.string({ minLength: 2040, maxLength: 2050 }),
);
const applicationArbitrary = fc.oneof(
  fc.constant(application),
  fc.record(Object.fromEntries([...APPLICATION_FIELDS, 'createdAt', 'extra'].map((field) => [field, scalar])), {
    requiredKeys: [],
  }),
  fc.record({ ...Object.fromEntries(APPLICATION_FIELDS.map((field) => [field, fc.string({ minLength: 1 })])) }),
  scalar,
);
const itemArbitrary = fc.oneof(
  fc.record(
    {
      id: fc.oneof(scalar, fc.constant('item-1')),
      type: fc.oneof(scalar, fc.constantFrom(...ITEM_PAYLOAD_TYPES)),
      product: scalar,
      title: scalar,
      subtitle: scalar,
      continueUrl: scalar,
      image: scalar,
      lastUpdated: scalar,
      nextUpdate: scalar,
      bureauType: scalar,
      createdAt: scalar,
      updatedAt: scalar,
      application: fc.oneof(
        scalar,
        fc.array(applicationArbitrary, { maxLength: 3 }),
        fc.sparseArray(applicationArbitrary, { maxLength: 3 }),
      ),
      unknownField: scalar,
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('site entry rules', () => {
  it('refuse with the exact catalogue texts', () => {
    expect(() => validateDataItem({ id: 'x' })).toThrow(
      'Some of the compulsory fiels missing. Required fields are - id,type',
    );
    expect(() => validateDataItem({ id: 'x', type: 'report', product: 'PCO' })).toThrow(
      'PCO - is not allowed product. Valid values of product key are - PL, CC, HL, DL, BL, MF, HLBT, LAP',
    );
    expect(validateDataItem({ id: 'x', type: 'report', product: 'PCO' }, { update: true }).product).toBe('PCO');
    expect(() => validateDataItem({ id: 'x', type: 'lead', application: {} })).toThrow(
      'Application should be of type of Array.',
    );
    expect(() => validateApplication({ ...application, subtitle: '' })).toThrow('id and payload are mandatory fields');
    expect(() => validateDataItem({ id: 'x', type: 'offer' })).toThrow(/^Invalid request: data\.type/);
    expect(() => validateLead({ application: [] })).toThrow('[id] is required');
    expect(() => assertStoredSize('x'.repeat(SITE_ENTRY_LIMIT_BYTES))).toThrow('Data size exceeds permissiable limit.');
    expect(() => assertStoredSize('x'.repeat(SITE_ENTRY_LIMIT_BYTES - 2))).not.toThrow();
  });

  it('check the holes of sparse arrays like any other element', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(() => validateDataItem({ id: 'x', type: 'lead', application: [, application] })).toThrow(
      /^Invalid request: data.application: must not have holes/,
    );
    expect(() => validateDataItem({ id: 'x', type: 'lead', application: new Array(2 ** 31) })).toThrow(/at most 100/);
    // eslint-disable-next-line no-sparse-arrays
    expect(() => validateSiteEntry({ data: [, { id: 'x', type: 'lead' }] }, 7, 0)).toThrow(/compulsory fiels/);
  });

  it('refuse text PostgreSQL cannot store: NUL and unpaired surrogates, not paired ones', () => {
    expect(() => validateDataItem({ id: 'x', type: 'lead', title: 'x\ud800' })).toThrow(/unpaired surrogates/);
    expect(() => validateDataItem({ id: 'x', type: 'lead', extra: { ['\udc00']: 1 } })).toThrow(/unpaired surrogates/);
    expect(() => validateLead({ id: 'l', applicationDetails: { k: ['a\u0000'] } })).toThrow(/NUL characters/);
    expect(() => validateApplication({ ...application, title: '\udc00x' })).toThrow(PraveshError);
    expect(validateDataItem({ id: 'x', type: 'lead', title: 'loan 🚀' }).title).toBe('loan 🚀');
  });

  it('drop unknown fields and keep the known ones', () => {
    expect(
      validateDataItem({ id: 1, type: 'lead', title: 'Loan', application: [{ ...application, x: 1 }], x: 2 }),
    ).toEqual({ id: 1, type: 'lead', title: 'Loan', application: [application] });
  });

  it('count stored size in UTF-8 bytes and refuse what is not JSON', () => {
    expect(storedSize({ a: 'é' })).toBe(10);
    expect(() => storedSize({ a: 1n })).toThrow(PraveshError);
  });

  it('throw nothing but catalogue errors, whatever they are given', () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    });
    // Inputs shaped like data items, so the checks past the first one are reached too.
    fc.assert(
      fc.property(itemArbitrary, fc.boolean(), (item, update) => {
        outcome(() => validateDataItem(item, { update }));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(anything, fc.boolean(), (input, update) => {
        outcome(() => validateDataItem(input, { update }));
        outcome(() => validateApplication(input));
        outcome(() => validateLead(input));
        outcome(() => validateSiteEntry(input, 7, 0));
        outcome(() => assertStoredSize(input));
        if (typeof input === 'object' && input !== null) {
          outcome(() => validateDataItem({ id: 'x', type: 'report', product: input }));
          outcome(() => validateSiteEntry({ data: [input], leads: [input], sharedData: input }, 7, 0));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('refuse a whole entry with an invalid item, or, lenient (a merge), leave out only that item', () => {
    const good = { id: 'ok', type: 'lead', updatedAt: 1 };
    const blankImage = { id: 'bad', type: 'lead', application: [{ id: 'a', image: '' }] };
    const input = { data: [good, blankImage], leads: [{ id: 'l', application: [] }, { application: [] }] };
    expect(() => validateSiteEntry(input, 7, 0)).toThrow(PraveshError);
    const entry = validateSiteEntry(input, 7, 0, true);
    expect(entry.data.map((item) => item.id)).toEqual(['ok']);
    expect(entry.leads.map((lead) => lead.id)).toEqual(['l']);
    // The entry's own fields and list shapes stay strict.
    expect(() => validateSiteEntry({ data: 'x' }, 7, 0, true)).toThrow(PraveshError);
    expect(() => validateSiteEntry({ siteId: 8 }, 7, 0, true)).toThrow(PraveshError);
  });

  it('normalise a site entry into the shape the server stores', () => {
    const now = Date.UTC(2026, 0, 2);
    const entry = validateSiteEntry(
      { data: [{ id: 'r', type: 'report', product: 'BUREAU', updatedAt: 5 }], createdAt: 0, consentRecievedDate: now },
      7,
      now,
    );
    expect(entry).toEqual({
      siteId: 7,
      createdAt: '1970-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      visit: null,
      data: [{ id: 'r', type: 'report', product: 'BUREAU', updatedAt: 5 }],
      leads: [],
      sharedData: null,
      consentRecievedDate: '2026-01-02T00:00:00.000Z',
    });
    expect(siteEntrySchema.parse(entry)).toEqual(entry);
    expect(() => validateSiteEntry({ siteId: 8 }, 7, now)).toThrow(/siteId/);
    expect(() => validateSiteEntry({ data: {} }, 7, now)).toThrow(/must be an array/);
    expect(() => validateSiteEntry({ sharedData: [1] }, 7, now)).toThrow(/sharedData/);
    expect(() => validateSiteEntry({ createdAt: 'soon' }, 7, now)).toThrow(/createdAt/);
    expect(() => validateSiteEntry('x', 7, now)).toThrow(/must be an object/);
  });
});
