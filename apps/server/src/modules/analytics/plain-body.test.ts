import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SITE_IDS, analyticsEventSchema, produceEventBodySchema } from '@pravesh/core';
import { FIELD_CHECKS, plainlyValidProduceBody } from './plain-body.ts';

/**
 * The plain check of the produce body (plain-body.ts) against zod's schema: whatever it accepts,
 * zod accepts with an equal value, and it accepts the bodies clients send. A field added to the
 * schema, or a bound changed, shows up here.
 */

const full = {
  eventId: randomUUID(),
  event: 'page_view',
  category: 'loans',
  action: 'click',
  label: 'apply',
  pageType: 'landing',
  userType: 'guest',
  clientId: 'client-1',
  lob: 'pl',
  visitorId: 'visitor-1',
  visitId: 'visit-1',
  pageUrl: 'https://www.example.in/personal-loan',
  occurredAt: '2026-11-29T10:00:00.123Z',
  data: { step: 2, nested: { list: [1, 'two', null] } },
  deviceId: 'device-1',
  absoluteParentVisitId: 'visit-0',
  parentVisitId: 'visit-0',
  customerId: 'customer-1',
  mobileNo: '9876543210',
  siteId: SITE_IDS[0],
  userState: 'signedIn',
};

/** Values around each field's bounds and of the wrong kinds: every one of them tried in every field. */
const x = (n: number) => 'x'.repeat(n);
const VALUES: unknown[] = [
  null,
  undefined,
  '',
  'a',
  x(63),
  x(64),
  x(65),
  x(128),
  x(129),
  x(512),
  x(513),
  x(2048),
  x(2049),
  'a\u0000b',
  'a\ud800b',
  '😀',
  'a b',
  'visit.1_2:3-4',
  randomUUID(),
  randomUUID().toUpperCase(),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-11-29T10:00:00Z',
  '2026-11-29T10:00:00+05:30',
  '2026-02-30T10:00:00Z',
  '2026-11-29',
  0,
  -0,
  1,
  1.5,
  ...SITE_IDS.slice(0, 3),
  Math.max(...SITE_IDS) + 1,
  Number.NaN,
  true,
  [],
  ['a'],
  {},
  { a: 1 },
  { 'a\u0000': 1 },
  { a: 'b\ud800' },
  { a: { b: [{ c: 'd\u0000' }] } },
  'signedIn',
  'signedOut',
  'guest',
];

function agrees(body: unknown): void {
  const plain = plainlyValidProduceBody(body);
  if (plain === undefined) return;
  const zod = produceEventBodySchema.safeParse(body);
  expect(zod.success, JSON.stringify(body)?.slice(0, 200)).toBe(true);
  expect(plain).toEqual(zod.data);
}

describe('the plain check of the event/produce body', () => {
  it('knows the schema’s fields, no more and no fewer', () => {
    expect(Object.keys(FIELD_CHECKS).sort()).toEqual(Object.keys(analyticsEventSchema.shape).sort());
  });

  it('accepts the bodies clients send, as zod does', () => {
    const bodies = [
      [{ event: 'bench' }],
      [{ eventId: randomUUID(), event: 'bench', category: 'ratio', userType: 'guest' }],
      [full],
      [{ ...full, customerId: null, mobileNo: null, userState: 'signedOut', data: null }],
    ];
    for (const body of bodies) {
      expect(plainlyValidProduceBody(body)).toBe(body);
      agrees(body);
    }
  });

  it('accepts nothing zod refuses and answers what zod answers, for each value in each field', () => {
    let accepted = 0;
    let refused = 0;
    for (const key of Object.keys(analyticsEventSchema.shape)) {
      for (const value of VALUES) {
        const body = [{ ...full, [key]: value }];
        agrees(body);
        if (plainlyValidProduceBody(body)) accepted += 1;
        else refused += 1;
        agrees([{ event: 'e', [key]: value }]);
      }
    }
    // Both kinds were met: the values reach past every bound.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('leaves to zod what is not plainly valid, so zod words the error', () => {
    const notPlain: unknown[] = [
      [],
      [full, full],
      [null],
      ['page_view'],
      {},
      [{ category: 'no event' }],
      [{ ...full, unknown: 'field' }],
      [{ ...full, event: '' }],
      [{ ...full, siteId: 9_999 }],
      [{ ...full, occurredAt: '2026-11-29T10:00:00+05:30' }],
      [{ ...full, parentVisitId: 'with space' }],
      [{ ...full, label: x(513) }],
      [{ ...full, data: [] }],
    ];
    for (const body of notPlain) {
      expect(plainlyValidProduceBody(body), JSON.stringify(body)).toBeUndefined();
    }
  });
});
