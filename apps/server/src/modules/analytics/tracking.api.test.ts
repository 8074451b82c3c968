import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../../test/instance.ts';
import { createMobileHasher, normaliseMobile } from './mobile-hash.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

describe('mobile number hash', () => {
  it('normalises Indian numbers so one phone gives one hash', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '0091-98765-43210', '09876543210', '(98765) 43210']) {
      expect(normaliseMobile(typed)).toBe('9876543210');
    }
    const hash = createMobileHasher('k'.repeat(32));
    expect(hash('+919876543210')).toBe(hash('9876543210'));
    expect(hash('9876543210')).not.toBe(createMobileHasher('j'.repeat(32))('9876543210'));
    expect(hash('9876543210')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(DATABASE_KINDS)('analytics tracking data on %s', (kind) => {
  let server: TestInstance;
  beforeAll(async () => {
    server = await getTestInstance(kind);
  });
  afterAll(() => server?.close());

  const produce = async (event: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(2) },
      payload: [{ eventId: randomUUID(), event: 'page_view', ...event }],
    });

  it('stores the tracking data of spec 000 §3 and keeps the mobile number only as a keyed hash', async () => {
    const tracking = {
      deviceId: 'device-1',
      absoluteParentVisitId: randomUUID(),
      parentVisitId: randomUUID(),
      visitId: randomUUID(),
      visitorId: randomUUID(),
      customerId: randomUUID(),
      mobileNo: '+91 98765 43210',
      siteId: 7,
      userState: 'signedIn',
    };
    const reply = await produce(tracking);
    expect(reply.statusCode).toBe(200);
    const eventId = reply.json<{ response: { eventId: string } }>().response.eventId;
    const [row] = await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, eventId));
    const { mobileNo, siteId, ...stored } = tracking;
    expect(row).toMatchObject({ ...stored, siteId: 2, reportedSiteId: siteId });
    expect(row!.mobileHash).toBe(createMobileHasher(server.config.piiHashKey)('9876543210'));
    expect(JSON.stringify(row)).not.toContain('98765');
    expect(mobileNo).toBeDefined();
  });

  it('stores events without tracking data as before, and refuses bad tracking values with a 4xx', async () => {
    expect((await produce({})).statusCode).toBe(200);
    for (const bad of [
      { userState: 'maybe' },
      { siteId: 99 },
      { parentVisitId: 'a b' },
      { mobileNo: 'x\u0000' },
      // PostgreSQL cannot store NUL: refused up front instead of failing the insert with a 500.
      { label: 'a\u0000b' },
      { data: { nested: ['a\u0000'] } },
      { data: { unpaired: '\ud800' } },
      { label: '\udc00' },
    ]) {
      const reply = await produce(bad);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
