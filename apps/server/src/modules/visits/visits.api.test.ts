import { randomUUID } from 'node:crypto';
import { count, countDistinct, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VISIT_PATH,
  createVisitResponseSchema,
  decodeVisitorCookie,
  encodeVisitorCookie,
  xorEncode,
  type CreateVisitResponse,
  type VisitorRecord,
} from '@pravesh/core';
import { DEV_COOKIE_KEY } from '../../config/index.ts';

/** The development cookie key as the shield config serves it. */
const DEV_KEY = { kid: DEV_COOKIE_KEY.kid, key: DEV_COOKIE_KEY.secret };
/** A visitor cookie value decoded the way the SDK does it (the kid in the value picks the key). */
const decode = (value: string): unknown => decodeVisitorCookie(value, [DEV_KEY], (decoded) => decoded);
import { visits } from '../../db/schema/visits.ts';
import type { Envelope } from '../../test/client.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../../test/instance.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const SITE_A = 'http://localhost:4100';

/** A visit body with every field of spec 000 §3 "Visit". */
function fullVisit(overrides: Record<string, unknown> = {}) {
  return {
    visitId: randomUUID(),
    visitorId: randomUUID(),
    deviceId: 'device-1f2e3d',
    parentVisitId: randomUUID(),
    absoluteParentVisitId: randomUUID(),
    siteName: 'Homepage',
    createdAt: 1_795_000_000_000,
    completeUrl: b64('https://www.example.in/loans?utm_source=google&x=₹'),
    utmContent: b64('banner'),
    utmMedium: b64('cpc'),
    utmCampaign: b64('diwali'),
    utmSource: b64('google'),
    utmName: b64('name'),
    utmTerm: b64('personal loan'),
    utmTitle: b64('title'),
    utm: b64('utm_source=google&utm_medium=cpc'),
    dataSource: b64('web'),
    pbUtmCampaign: 'diwali',
    pbUtmContent: 'banner',
    pbUtmMedium: 'cpc',
    pbUtmSource: 'google',
    pbUtmTerm: 'personal loan',
    ...overrides,
  };
}

type VisitReply = Envelope<CreateVisitResponse>;

/** name=value and attributes of a Set-Cookie header. */
function parseSetCookie(header: string | string[] | number | undefined) {
  expect(typeof header).toBe('string');
  const [pair, ...attributes] = String(header).split('; ');
  const [name, value] = pair!.split('=', 2) as [string, string];
  return { name, value, attributes };
}

describe.each(DATABASE_KINDS)('visits API on %s', (kind) => {
  let server: TestInstance;
  let token: string;

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: VISIT_PATH,
      headers: { 'pb-pass-token': token, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const total = async () => server.database.db.$count(visits);

  beforeAll(async () => {
    server = await getTestInstance(kind);
    token = await server.token(2);
  });
  afterAll(() => server?.close());

  it("stores a visit with every field and answers the visit's spec fields in the envelope", async () => {
    const body = fullVisit();
    const reply = await post(body, { origin: SITE_A });
    expect(reply.statusCode).toBe(200);
    const { createdAt: sentAt, ...sent } = body;
    // spec 000 §3 "Visit": visitId, deviceId, parentVisitId, absoluteParentVisitId, siteName,
    // createdAt, completeUrl and the campaign fields, as stored.
    expect(reply.json<VisitReply>()).toEqual({
      status: true,
      statusCode: 'success',
      response: { ...sent, siteId: 2, createdAt: new Date(sentAt).toISOString() },
    });
    expect(createVisitResponseSchema.parse(reply.json<VisitReply>().response)).toBeTruthy();
    const [row] = await server.database.db.select().from(visits).where(eq(visits.visitId, body.visitId));
    const { visitId, createdAt, ...rest } = body;
    expect(row).toMatchObject({ ...rest, visitId, siteId: 2 });
    expect(row!.createdAt.getTime()).toBe(createdAt);
    expect(row!.deviceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.receivedAt).toBeInstanceOf(Date);
  });

  it('accepts the dashboard body of spec 001 §7 (visitId, completeUrl, createdTime) and makes a visitor id', async () => {
    const visitId = randomUUID();
    const reply = await post({ visitId, completeUrl: b64('/myaccount/'), createdTime: '2026-11-21T10:00:00+05:30' });
    expect(reply.statusCode).toBe(200);
    const { response } = reply.json<VisitReply>();
    expect(response!.visitId).toBe(visitId);
    const [row] = await server.database.db.select().from(visits).where(eq(visits.visitId, visitId));
    expect(row).toMatchObject({ visitorId: response!.visitorId, absoluteParentVisitId: visitId, parentVisitId: null });
    expect(row!.createdAt.toISOString()).toBe('2026-11-21T04:30:00.000Z');
  });

  it('requires no field spec 000 does not require: an empty body makes a visit, answered with its fields', async () => {
    const before = await total();
    const reply = await post({});
    expect(reply.statusCode, reply.body).toBe(200);
    const { response } = reply.json<VisitReply>();
    expect(response).toMatchObject({
      deviceId: null,
      parentVisitId: null,
      absoluteParentVisitId: response!.visitId,
      siteId: 2,
      // Not sent: the calling site's name from the site list (spec 000 §3 "Site list").
      siteName: 'Homepage',
      completeUrl: null,
      utmSource: null,
      pbUtmSource: null,
    });
    expect(response!.visitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(response!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await total()).toBe(before + 1);
    const [row] = await server.database.db.select().from(visits).where(eq(visits.visitId, response!.visitId));
    expect(row).toMatchObject({ completeUrl: null, siteName: 'Homepage', visitorId: response!.visitorId });
  });

  it('answers a retry with the visit stored first, not with the retry body', async () => {
    const body = fullVisit({ createdAt: undefined });
    const first = await post(body);
    const retry = await post({ ...body, utmSource: b64('bing'), siteName: 'Other' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<VisitReply>().response).toEqual(first.json<VisitReply>().response);
    expect(first.json<VisitReply>().response).toMatchObject({ utmSource: body.utmSource, siteName: 'Homepage' });
  });

  it('makes the visitId when the caller proposes none', async () => {
    const before = await total();
    const reply = await post({ completeUrl: b64('https://www.example.in/'), visitorId: 'visitor-1' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<VisitReply>().response!.visitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await total()).toBe(before + 1);
  });

  it('stores a retried visit once and answers the same visitId, even when the retries race', async () => {
    const body = fullVisit({ visitId: randomUUID().toUpperCase() });
    const first = await post(body);
    const again = await post(body);
    const racing = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    for (const reply of [first, again, ...racing]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json<VisitReply>().response!.visitId).toBe(body.visitId.toLowerCase());
    }
    expect(await server.database.db.$count(visits, eq(visits.visitId, body.visitId.toLowerCase()))).toBe(1);
  });

  it('refuses a visitId that belongs to another visitor or device with "Failed to create visitId"', async () => {
    const body = fullVisit();
    expect((await post(body)).statusCode).toBe(200);
    const before = await total();
    for (const other of [{ visitorId: randomUUID() }, { deviceId: 'another-device' }]) {
      const reply = await post({ ...body, ...other });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        statusCode: 'failedToCreateVisitId',
        statusMessage: 'Failed to create visitId',
      });
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    expect(await total()).toBe(before);
    const [row] = await server.database.db.select().from(visits).where(eq(visits.visitId, body.visitId));
    expect(row).toMatchObject({ visitorId: body.visitorId, deviceId: body.deviceId });
  });

  it('stores the new visits of a batch that also holds a retry and a stolen id', async () => {
    const stored = fullVisit();
    expect((await post(stored)).statusCode).toBe(200);
    const before = await total();
    const fresh = Array.from({ length: 20 }, () => fullVisit());
    // Sent together, so they share batches: the stored id makes the plain insert fail whole.
    const [retry, stolen, ...replies] = await Promise.all([
      post(stored),
      post({ ...stored, visitorId: randomUUID() }),
      ...fresh.map((body) => post(body)),
    ]);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<VisitReply>().response!.visitId).toBe(stored.visitId);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ statusMessage: 'Failed to create visitId' });
    replies.forEach((reply, index) => {
      expect(reply.statusCode).toBe(200);
      expect(reply.json<VisitReply>().response!.visitId).toBe(fresh[index]!.visitId);
    });
    expect(await total()).toBe(before + fresh.length);
  });

  it('stores 200 concurrent visits, all answered, in batched inserts', async () => {
    const before = await total();
    const bodies = Array.from({ length: 200 }, () => fullVisit());
    const replies = await Promise.all(bodies.map((body) => post(body)));
    replies.forEach((reply, index) => {
      expect(reply.statusCode).toBe(200);
      expect(reply.json<VisitReply>().response!.visitId).toBe(bodies[index]!.visitId);
    });
    expect(await total()).toBe(before + 200);
    // Every row of one INSERT shares the transaction's now(): fewer distinct times than rows = batching.
    const ids = bodies.map((body) => body.visitId);
    const [stats] = await server.database.db
      .select({ rows: count(), batches: countDistinct(visits.receivedAt) })
      .from(visits)
      .where(inArrayOf(ids));
    expect(stats!.rows).toBe(200);
    expect(stats!.batches).toBeLessThan(50);
  });

  it.each([
    ['completeUrl', 'not base64!'],
    ['utmSource', 'Zm9v*'],
    ['utmContent', 'abc'],
    ['utmMedium', 'a b='],
    ['utmCampaign', 12],
    ['utmName', '===='],
    ['utmTerm', 'Zm9vYmFy\n'],
    ['utmTitle', 'Zm9v YmFy'],
    ['utm', 'Zm9vYmFy='],
    ['dataSource', '%%%%'],
  ])('refuses %s = %j as not base64 with a 4xx and stores nothing', async (field, value) => {
    const before = await total();
    const reply = await post(fullVisit({ [field]: value }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ status: false, statusCode: 'badRequest' });
    expect(reply.json<VisitReply>().statusMessage).toContain(field);
    expect(await total()).toBe(before);
  });

  it('refuses other bad input with the catalogue 4xx and stores nothing', async () => {
    const before = await total();
    for (const bad of [
      fullVisit({ visitId: 'not-a-uuid' }),
      fullVisit({ visitorId: 'has spaces' }),
      fullVisit({ pbUtmSource: 'nul\u0000inside' }),
      fullVisit({ siteName: 'unpaired \ud800 surrogate' }),
      fullVisit({ siteName: 'x'.repeat(129) }),
      fullVisit({ createdAt: -1 }),
      fullVisit({ createdTime: 'yesterday' }),
      fullVisit({ completeUrl: '' }),
    ]) {
      const reply = await post(bad);
      expect(reply.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await post('{"completeUrl":')).statusCode).toBe(400);
    const noToken = await server.app.inject({ method: 'POST', url: VISIT_PATH, payload: fullVisit() });
    expect(noToken.statusCode).toBe(401);
    expect(await total()).toBe(before);
  });

  it('answers Set-Cookie with the visitor record: 3650 days, Path=/, SameSite=Lax, readable by the SDK', async () => {
    const body = fullVisit();
    const reply = await post(body);
    const cookie = parseSetCookie(reply.headers['set-cookie']);
    expect(cookie.name).toBe('PBGUC_DEV');
    expect(cookie.attributes).toEqual(['Max-Age=315360000', 'Path=/', 'SameSite=Lax']);
    expect(reply.headers['cache-control']).toBe('no-store');
    const record = decode(cookie.value) as VisitorRecord;
    expect(record).toMatchObject({
      visitorId: body.visitorId,
      visit: body.visitId,
      mostRecentVisit: body.visitId,
      parentVisitId: body.parentVisitId,
      absoluteParentVisitId: body.absoluteParentVisitId,
      utmSource: body.utmSource,
      initialNudgeState: 'open',
      syncGuc: false,
      purgeStorage: false,
    });
    expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('continues the visit chain from the cookie it is sent and keeps the SDK-only fields', async () => {
    const first = fullVisit({ parentVisitId: undefined, absoluteParentVisitId: undefined });
    const firstReply = await post(first);
    const issued = parseSetCookie(firstReply.headers['set-cookie']);
    const firstRecord = decode(issued.value) as VisitorRecord;
    expect(firstRecord.absoluteParentVisitId).toBe(first.visitId);

    // The SDK sealed customer fields into the record meanwhile; the server must carry them over.
    const withCustomer = { ...firstRecord, customerId: 'sealed-customer', mobileNo: 'sealed-mobile', syncGuc: true };
    const cookieHeader = `other=1; PBGUC_DEV=${encodeVisitorCookie(withCustomer, DEV_KEY)}`;
    const second = { visitId: randomUUID(), completeUrl: b64('https://www.example.in/cards') };
    const secondReply = await post(second, { cookie: cookieHeader });
    expect(secondReply.json<VisitReply>().response!.visitorId).toBe(first.visitorId);
    const record = decode(parseSetCookie(secondReply.headers['set-cookie']).value);
    expect(record).toMatchObject({
      id: firstRecord.id,
      visitorId: first.visitorId,
      visit: second.visitId,
      parentVisitId: first.visitId,
      absoluteParentVisitId: first.visitId,
      customerId: 'sealed-customer',
      mobileNo: 'sealed-mobile',
      syncGuc: true,
      createdAt: firstRecord.createdAt,
    });
    const [row] = await server.database.db.select().from(visits).where(eq(visits.visitId, second.visitId));
    expect(row).toMatchObject({
      visitorId: first.visitorId,
      parentVisitId: first.visitId,
      absoluteParentVisitId: first.visitId,
    });
  });

  it('ignores a cookie it cannot read, or of another visitor', async () => {
    const body = fullVisit();
    for (const cookie of ['PBGUC_DEV=garbage', `PBGUC_DEV=${xorEncode({ visitorId: 'x' }, 'wrong-key-123456')}`]) {
      const reply = await post({ ...body, visitId: randomUUID() }, { cookie });
      expect(reply.statusCode).toBe(200);
      expect(decode(parseSetCookie(reply.headers['set-cookie']).value)).toMatchObject({
        visitorId: body.visitorId,
      });
    }
  });

  it('ignores a hand-made cookie whose ids PostgreSQL cannot store, and the batch it shares is unharmed', async () => {
    // The cookie key is public (served to every SDK), so anyone can write a record that parses.
    const poisoned = (visitorId: string, extra: Partial<VisitorRecord> = {}): string =>
      `PBGUC_DEV=${encodeVisitorCookie(
        {
          id: randomUUID(),
          visitorId,
          initialNudgeState: 'open',
          lastActive: 1,
          createdAt: 1,
          updatedAt: 1,
          syncGuc: false,
          purgeStorage: false,
          customerStorageMapping: {},
          ...extra,
        } satisfies VisitorRecord,
        DEV_KEY,
      )}`;
    const cookies = [poisoned('nul\u0000id'), poisoned('v-ok', { visit: 'x\ud800', parentVisitId: 'p\u0000' })];
    const others = Array.from({ length: 6 }, () => fullVisit());
    const replies = await Promise.all([
      ...cookies.map((cookie) => post({ completeUrl: b64('https://www.example.in/') }, { cookie })),
      ...others.map((body) => post(body)),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 200));
    for (const reply of replies.slice(0, cookies.length)) {
      expect(reply.json<VisitReply>().response!.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await server.database.db.$count(visits, inArrayOf(others.map((body) => body.visitId)))).toBe(6);
  });

  it('never answers 5xx and stores nothing for arbitrary JSON bodies it refuses', async () => {
    const base64ish = fc.oneof(fc.base64String(), fc.string(), fc.constant(''));
    const visitLike = fc.record(
      {
        visitId: fc.oneof(fc.uuid(), fc.string(), fc.constant(null)),
        visitorId: fc.oneof(fc.uuid(), fc.string({ maxLength: 80 }), fc.integer()),
        deviceId: fc.oneof(fc.string(), fc.jsonValue()),
        parentVisitId: fc.oneof(fc.uuid(), fc.string()),
        createdAt: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.date({ noInvalidDate: true }).map(String)),
        createdTime: fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.string(),
        ),
        completeUrl: base64ish,
        utmSource: base64ish,
        utm: base64ish,
        pbUtmSource: fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.jsonValue()),
        siteName: fc.oneof(fc.string({ unit: 'binary' }), fc.constant('a\u0000b')),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), visitLike), async (body) => {
        const before = await total();
        const reply = await post(JSON.stringify(body) ?? 'null');
        expect(reply.statusCode).toBeLessThan(500);
        if (reply.statusCode >= 400) {
          expect(reply.json<VisitReply>().status).toBe(false);
          expect(await total()).toBe(before);
        } else {
          expect(await total()).toBe(before + 1);
        }
      }),
      { numRuns: 150 },
    );
  });
});

function inArrayOf(ids: string[]) {
  return inArray(visits.visitId, ids);
}
