import { describe, expect, it } from 'vitest';
import { analyticsEventSchema } from '../analytics.ts';
import { timeInputToMs } from './fields.ts';
import { createVisitBodySchema } from './visit.ts';

describe('visit body (spec 000 §3 "Visit")', () => {
  const base = { completeUrl: 'aHR0cHM6Ly94Lw==' };

  it('takes base64 with padding only where the spec says base64', () => {
    for (const good of ['', 'YQ==', 'YWI=', 'YWJj', 'Kys/Lw==']) {
      expect(createVisitBodySchema.safeParse({ ...base, utmSource: good }).success, good).toBe(true);
    }
    for (const bad of ['YQ', 'YQ=', 'Y===', 'YW Jj', 'YWJj\n', '-_-_', 'é']) {
      expect(createVisitBodySchema.safeParse({ ...base, utmSource: bad }).success, bad).toBe(false);
    }
    expect(createVisitBodySchema.safeParse({ ...base, pbUtmSource: 'plain text, not base64' }).success).toBe(true);
  });

  it('treats null as absent and accepts epoch ms or ISO times within 1970–9999', () => {
    const parsed = createVisitBodySchema.parse({ ...base, visitId: null, utmSource: null, createdAt: 0 });
    expect(parsed).toMatchObject({ visitId: null, utmSource: null, createdAt: 0 });
    expect(timeInputToMs('2026-11-21T10:00:00+05:30')).toBe(Date.UTC(2026, 10, 21, 4, 30));
    for (const bad of [-1, 1.5, 1e300, '2026-11-21', '+275760-09-13T00:00:00Z']) {
      expect(createVisitBodySchema.safeParse({ ...base, createdTime: bad }).success, String(bad)).toBe(false);
    }
  });

  it('carries the tracking data in analytics events', () => {
    const event = {
      eventId: '0b7c2d4e-8f3a-4c1b-9d2e-5f6a7b8c9d0e',
      event: 'click',
      userState: 'signedOut',
      siteId: 2,
      deviceId: 'd',
      parentVisitId: 'p',
      absoluteParentVisitId: 'a',
      customerId: 'c',
      mobileNo: '9876543210',
    };
    expect(analyticsEventSchema.parse(event)).toEqual(event);
    expect(analyticsEventSchema.safeParse({ ...event, userState: 'guest' }).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ ...event, event: 'a\u0000' }).success).toBe(false);
  });
});
