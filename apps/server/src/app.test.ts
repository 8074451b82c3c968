import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from './db/schema/analytics.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from './test/instance.ts';

const SITE_A = 'http://localhost:4100';
const SITE_B = 'http://localhost:4101';
const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

function event(overrides: Record<string, unknown> = {}) {
  return [
    {
      eventId: randomUUID(),
      event: 'cta_click',
      category: 'home',
      action: 'clicked',
      label: 'check score',
      lob: 'web',
      ...overrides,
    },
  ];
}

describe.each(DATABASE_KINDS)('API on %s', (kind) => {
  let server: TestInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await getTestInstance(kind, {
      logger: true,
      logStream: { write: (line) => void logLines.push(line) },
      env: {
        PRAVESH_SITE_CONFIG: JSON.stringify({
          '2': { origins: [SITE_A], noPassDomain: ['localhost'] },
          '13': { origins: ['https://offers.example.in'], allowedRoute: ['/MSP/api/v1/pco/'] },
        }),
      },
      beforeReady: (app) => {
        // A shielded GET standing in for image loads, which carry the token in the query.
        app.get('/MSP/api/v1/test/pixel', (request) => ({
          status: true,
          statusCode: 'success',
          response: { siteId: request.siteId },
        }));
      },
    });
  });
  afterAll(() => server?.close());

  it('answers health and readiness with the database kind', async () => {
    expect((await server.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: kind });
  });

  it('stores a shielded analytics event durably and answers in the envelope', async () => {
    const before = await server.database.db.$count(analyticsEvents);
    const body = event();
    const reply = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(2), origin: SITE_A },
      payload: body,
    });
    expect(reply.statusCode).toBe(200);
    const json = reply.json<{ status: boolean; statusCode: string; response: { eventId: string; storedAt: string } }>();
    expect(json).toMatchObject({ status: true, statusCode: 'success', response: { eventId: body[0]!.eventId } });
    expect(await server.database.db.$count(analyticsEvents)).toBe(before + 1);
    const [row] = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, body[0]!.eventId));
    expect(row).toMatchObject({ siteId: 2, event: 'cta_click', category: 'home', action: 'clicked' });
    expect(row!.deviceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores a retried event once and answers the original receipt', async () => {
    const body = event();
    const token = await server.token(2);
    const first = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': token },
      payload: body,
    });
    const again = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': token },
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await server.database.db.$count(analyticsEvents, eq(analyticsEvents.eventId, body[0]!.eventId))).toBe(1);
  });

  it('refuses a missing token with clientTokenMissingException and stores nothing', async () => {
    const before = await server.database.db.$count(analyticsEvents);
    const reply = await server.app.inject({ method: 'POST', url: PRODUCE, payload: event() });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      status: false,
      statusCode: 'clientTokenMissingException',
      statusMessage: 'Client pass token is missing',
    });
    expect(await server.database.db.$count(analyticsEvents)).toBe(before);
  });

  it("refuses a token used from another site's origin with authenticationException", async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(2), origin: SITE_B },
      payload: event(),
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ status: false, statusCode: 'authenticationException' });
  });

  it('refuses an opaque Origin (null) with or without a Referer: it is no origin of the site (RFC 6454 §7.3)', async () => {
    const before = await server.database.db.$count(analyticsEvents);
    const token = await server.token(2);
    // A sandboxed frame or data: page on a hostile site sends Origin: null; it may send no Referer
    // at all, or one naming the site (a page it framed). Neither makes the call the site's.
    for (const headers of [
      { origin: 'null' },
      { origin: 'null', referer: `${SITE_A}/cards` },
      { origin: ' NULL ', referer: `${SITE_A}/` },
    ]) {
      const reply = await server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': token, ...headers },
        payload: event(),
      });
      expect(reply.statusCode, JSON.stringify(headers)).toBe(403);
      expect(reply.json()).toMatchObject({ status: false, statusCode: 'authenticationException' });
    }
    const noPass = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'no-pass': '1', origin: 'null', referer: `${SITE_A}/` },
      payload: event(),
    });
    expect(noPass.statusCode).toBe(401);
    expect(noPass.json()).toMatchObject({ statusCode: 'clientTokenMissingException' });
    expect(await server.database.db.$count(analyticsEvents)).toBe(before);
    // The Referer still stands in for a missing Origin (same-origin GETs send none).
    const refererOnly = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': token, referer: `${SITE_A}/cards` },
      payload: event(),
    });
    expect(refererOnly.statusCode).toBe(200);
  });

  it('refuses an expired token with "Jwt Expired" and a tampered one with invalidJwtException', async () => {
    const expired = await server.token(2, { nowSeconds: Math.floor(Date.now() / 1000) - 3600 });
    const old = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': expired },
      payload: event(),
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ status: false, statusCode: 'invalidJwtException', statusMessage: 'Jwt Expired' });

    const token = await server.token(2);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    const reply = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': tampered },
      payload: event(),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ statusCode: 'invalidJwtException' });
  });

  it('accepts the token as a query parameter on GET (image loads) but not on POST', async () => {
    const token = await server.token(2);
    const pixel = await server.app.inject({ method: 'GET', url: `/MSP/api/v1/test/pixel?pb-pass-token=${token}` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.json()).toMatchObject({ response: { siteId: 2 } });
    const post = await server.app.inject({
      method: 'POST',
      url: `${PRODUCE}?pb-pass-token=${token}`,
      payload: event(),
    });
    expect(post.json()).toMatchObject({ statusCode: 'clientTokenMissingException' });
  });

  it('honours no-pass: 1 only from a host the site lists in noPassDomain', async () => {
    const allowed = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'no-pass': '1', origin: SITE_A },
      payload: event(),
    });
    expect(allowed.statusCode).toBe(200);
    const refused = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'no-pass': '1', origin: SITE_B },
      payload: event(),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 'clientTokenMissingException' });
    const noOrigin = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'no-pass': '1' },
      payload: event(),
    });
    expect(noOrigin.statusCode).toBe(401);
  });

  it('limits a site to its allowedRoute prefixes', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(13) },
      payload: event(),
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ statusCode: 'authenticationException' });
  });

  it('answers "[list] is required" for missing fields and 4xx for malformed bodies, never a 500', async () => {
    const headers = { 'pb-pass-token': await server.token(2) };
    const missing = await server.app.inject({ method: 'POST', url: PRODUCE, headers, payload: [{ category: 'x' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      status: false,
      statusCode: 'requiredField',
      // eventId is optional: spec 000's body has none and the server makes one.
      statusMessage: '[event] is required',
    });
    const bodies = [
      '[{',
      '{}',
      '[]',
      JSON.stringify([...event(), ...event()]),
      '"x"',
      'null',
      JSON.stringify(event({ eventId: 'nope' })),
    ];
    for (const payload of bodies) {
      const reply = await server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(reply.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, payload).toBeLessThan(500);
      expect(reply.json<{ status: boolean }>().status).toBe(false);
    }
  });

  it('serves the shield config for a site and refuses unknown site ids with the spec message', async () => {
    const reply = await server.app.inject('/MSP/api/v1/shield/config/2');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      status: true,
      response: {
        siteId: 2,
        ci: server.config.activeShieldKid,
        passTokenValidity: 900,
        siteName: 'Homepage',
        environment: 'local',
      },
    });
    const unknown = await server.app.inject('/MSP/api/v1/shield/config/42');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ statusMessage: string }>().statusMessage).toBe(
      `42 - is not a valid site-Id. Valid site-Id are ${Array.from({ length: 26 }, (_, i) => i + 1).join(', ')}`,
    );
  });

  it('limits CORS to configured site origins', async () => {
    const preflight = (origin: string) =>
      server.app.inject({
        method: 'OPTIONS',
        url: PRODUCE,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,pb-pass-token',
        },
      });
    const allowed = await preflight(SITE_A);
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE_A);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('pb-pass-token');
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes an OpenAPI document built from the zod schemas', async () => {
    const doc = (await server.app.inject('/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([PRODUCE, '/MSP/api/v1/shield/config/{siteId}']));
    expect((await server.app.inject('/docs')).statusCode).toBeLessThan(400);
  });

  it('answers unknown routes in the envelope', async () => {
    const reply = await server.app.inject('/MSP/api/v1/nothing-here');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ status: false, statusCode: 'notFound', statusMessage: 'Route not found' });
  });

  it('never writes a pass token to the logs', async () => {
    const token = await server.token(2);
    await server.app.inject({ method: 'POST', url: PRODUCE, headers: { 'pb-pass-token': token }, payload: event() });
    await server.app.inject({ method: 'GET', url: `/MSP/api/v1/test/pixel?pb-pass-token=${token}` });
    const logs = logLines.join('');
    expect(logs).toContain('/MSP/api/v1/test/pixel');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.split('.')[2]!);
  });
});
