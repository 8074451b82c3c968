import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../../test/instance.ts';
import { createMobileHasher, normaliseMobile } from '../../event-sink/mobile-hash.ts';

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

  it('stores the data object as sent, its nulls included, and absent fields as null', async () => {
    // The batch's JSON leaves out a row's null fields (store.ts rowJson): only the top level.
    const data = { plan: null, steps: [null, 1], nested: { kept: null } };
    const reply = await produce({ label: null, data });
    expect(reply.statusCode).toBe(200);
    const eventId = reply.json<{ response: { eventId: string } }>().response.eventId;
    const [row] = await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, eventId));
    expect(row).toMatchObject({ event: 'page_view', label: null, category: null, customerId: null, siteId: 2 });
    expect(row!.data).toEqual(data);
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
  it("accepts spec 000's own body: no eventId, customerId null for a signed-out visitor", async () => {
    // spec 000 §3 "Analytics event" and "Tracking data", §7 "body a one-item list", as a client
    // written from the spec alone sends it.
    const specBody = [
      {
        event: 'pbguc_nudge_click',
        category: 'nudge',
        action: 'click',
        label: 'check credit score',
        pageType: 'home',
        userType: 'guest',
        clientId: 'GA1.1.1234567890.1700000000',
        lob: 'CS',
        deviceId: 'device-7',
        absoluteParentVisitId: randomUUID(),
        parentVisitId: null,
        visitId: randomUUID(),
        visitorId: randomUUID(),
        customerId: null,
        mobileNo: null,
        siteId: 2,
        userState: 'signedOut',
      },
    ];
    const reply = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(2) },
      payload: specBody,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { response } = reply.json<{ response: { eventId: string; storedAt: string } }>();
    expect(response.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isNaN(Date.parse(response.storedAt))).toBe(false);
    const [row] = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, response.eventId));
    const { mobileNo: _mobile, siteId: _site, ...stored } = specBody[0]!;
    expect(row).toMatchObject({ ...stored, siteId: 2, reportedSiteId: 2, mobileHash: null });

    // Without an eventId each send is a new event (nothing says two sends are one).
    const again = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(2) },
      payload: specBody,
    });
    expect(again.json<{ response: { eventId: string } }>().response.eventId).not.toBe(response.eventId);
  });

  it('stores concurrent sends in batches, each once, and answers a resent eventId with the first receipt', async () => {
    const token = await server.token(2);
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const send = (eventId: string) =>
      server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': token },
        payload: [{ eventId, event: 'batched', data: { n: 1, nested: { ok: true } } }],
      });
    // Every id twice, all at once: a batch holding an id twice, and later batches holding stored ids.
    const replies = await Promise.all([...ids, ...ids].map(send));
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const receipts = replies.map((reply) => reply.json<{ response: { eventId: string; storedAt: string } }>());
    for (let i = 0; i < ids.length; i += 1) {
      expect(receipts[i]!.response.eventId).toBe(ids[i]);
      expect(receipts[i + ids.length]).toEqual(receipts[i]);
    }
    const rows = await server.database.db.select().from(analyticsEvents).where(inArray(analyticsEvents.eventId, ids));
    expect(rows).toHaveLength(ids.length);
    expect(rows[0]!.data).toEqual({ n: 1, nested: { ok: true } });
    // A resend long after its batch committed is still stored once, with the first receipt.
    const late = await send(ids[0]!);
    expect(late.json()).toEqual(receipts[0]);
    expect(await server.database.db.$count(analyticsEvents, inArray(analyticsEvents.eventId, ids))).toBe(ids.length);
  });

  it('refuses a bad event in a batch with its own 400 while the others are stored', async () => {
    const token = await server.token(2);
    const good = randomUUID();
    const [ok, bad] = await Promise.all([
      server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': token },
        payload: [{ eventId: good, event: 'fine' }],
      }),
      server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': token },
        payload: [{ eventId: 'not-a-uuid', event: 'bad' }],
      }),
    ]);
    expect(ok.statusCode).toBe(200);
    expect(bad.statusCode).toBe(400);
    expect(await server.database.db.$count(analyticsEvents, eq(analyticsEvents.eventId, good))).toBe(1);
  });
});
