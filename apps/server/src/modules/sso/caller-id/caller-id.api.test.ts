import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import {
  authorize,
  logOut,
  sessionCookie,
  signInCustomer,
  ssoServer,
  type SsoTestServer,
} from '../../../test/customers.ts';

describe.each(DATABASE_KINDS)('caller identification on %s', (kind) => {
  let server: SsoTestServer;

  beforeAll(async () => {
    server = await ssoServer(kind);
  });
  afterAll(() => server?.close());

  const nonce = () => randomBytes(18).toString('base64url');

  async function start(body: Record<string, unknown> = {}, siteId = 2) {
    const reply = await server.app.inject({
      method: 'POST',
      url: '/SSOSOCKET/api/v1/oauth/request',
      headers: { 'pb-pass-token': await server.pass(siteId) },
      payload: { type: 'btmsheet', partnerKey: 'demo-partner', lang: 'en', ttl: 60_000, ...body },
    });
    return reply;
  }

  async function status(requestNonce: string, siteId = 2, header = String(siteId)) {
    return server.app.inject({
      url: `/SSOSOCKET/api/v1/oauth/request/${requestNonce}`,
      headers: { 'pb-pass-token': await server.pass(siteId), 'site-id': header },
    });
  }

  const statusOf = async (requestNonce: string) =>
    (await status(requestNonce)).json<{ response: { status: string } }>().response.status;

  it('walks initiated → pending → success → login_initiated through the simulator page', async () => {
    const requestNonce = nonce();
    const started = await start({ requestNonce });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      status: true,
      statusCode: 'success',
      response: {
        requestNonce,
        status: 'initiated',
        expiresInMs: 60_000,
        appUrl: `${server.config.publicUrl}/dev/caller-id/${requestNonce}`,
      },
    });
    expect(await statusOf(requestNonce)).toBe('initiated');

    const page = await server.app.inject(`/dev/caller-id/${requestNonce}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="mobileNo">Mobile number to verify</label>');
    expect(page.body).toContain('<button type="submit">Approve</button>');
    expect(page.body).toContain('<button type="submit">Reject</button>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await statusOf(requestNonce)).toBe('pending');

    const approve = await server.app.inject({
      method: 'POST',
      url: `/dev/caller-id/${requestNonce}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=9234567890',
    });
    expect(approve.statusCode).toBe(303);
    expect(await statusOf(requestNonce)).toBe('success');

    const signedIn = await authorize(server, { social_token: requestNonce, socialProviderId: 'truecaller' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ response: { method: 'social_truecaller' } });
    expect(await statusOf(requestNonce)).toBe('login_initiated');
    const again = await authorize(server, { social_token: requestNonce });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ statusCode: 'callerIdNotApproved' });
  });

  it('signs in over a session cookie whose session has ended (spec 000 §4: no existing session)', async () => {
    // A browser whose session was ended elsewhere (logged out, a device revoked) keeps its cookie.
    const earlier = await signInCustomer(server);
    expect((await logOut(server, earlier.cookie)).statusCode).toBeLessThan(400);
    const requestNonce = nonce();
    expect((await start({ requestNonce })).statusCode).toBe(200);
    await server.app.inject(`/dev/caller-id/${requestNonce}`);
    const approved = await server.app.inject({
      method: 'POST',
      url: `/dev/caller-id/${requestNonce}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=9234567891',
    });
    expect(approved.statusCode).toBe(303);
    const signedIn = await authorize(
      server,
      { social_token: requestNonce, socialProviderId: 'truecaller' },
      { cookie: earlier.cookie },
    );
    expect([signedIn.statusCode, signedIn.json<{ response?: { method?: string } }>().response?.method]).toEqual([
      200,
      'social_truecaller',
    ]);
    // The new session's cookie replaces the dead one.
    expect(sessionCookie(signedIn)).not.toBe(earlier.cookie);
  });

  it('reports rejected, and refuses to sign in with it', async () => {
    const { requestNonce } = (await start()).json<{ response: { requestNonce: string } }>().response;
    expect(requestNonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await server.app.inject({ method: 'POST', url: `/dev/caller-id/${requestNonce}/reject` });
    expect(await statusOf(requestNonce)).toBe('rejected');
    expect((await authorize(server, { social_token: requestNonce })).json()).toMatchObject({
      statusCode: 'callerIdNotApproved',
    });
  });

  it('times out after its ttl, and an approval after that changes nothing', async () => {
    const { requestNonce } = (await start({ ttl: 10_000 })).json<{ response: { requestNonce: string } }>().response;
    server.clock.advance(9_999);
    expect(await statusOf(requestNonce)).toBe('initiated');
    server.clock.advance(1);
    expect(await statusOf(requestNonce)).toBe('timeout');
    await server.app.inject({
      method: 'POST',
      url: `/dev/caller-id/${requestNonce}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=9234567890',
    });
    expect(await statusOf(requestNonce)).toBe('timeout');
  });

  it('defaults the ttl to 10000 ms (spec 000 §9)', async () => {
    const reply = await start({ ttl: undefined });
    expect(reply.json()).toMatchObject({ response: { expiresInMs: 10_000 } });
  });

  it("hides another site's nonce, refuses a mismatched site-id header and a taken nonce", async () => {
    const requestNonce = nonce();
    await start({ requestNonce });
    expect((await status(requestNonce, 7)).json()).toMatchObject({ statusCode: 'callerIdRequestNotFound' });
    expect((await status(requestNonce, 2, '7')).json()).toMatchObject({ statusCode: 'siteIdMismatch' });
    expect((await start({ requestNonce })).json()).toMatchObject({ statusCode: 'callerIdNonceTaken' });
    expect((await status('short')).statusCode).toBe(400);
  });

  it("refuses to redeem another site's approval", async () => {
    const { requestNonce } = (await start({}, 7)).json<{ response: { requestNonce: string } }>().response;
    await server.app.inject({
      method: 'POST',
      url: `/dev/caller-id/${requestNonce}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=9234567890',
    });
    expect((await authorize(server, { social_token: requestNonce })).json()).toMatchObject({
      statusCode: 'callerIdNotApproved',
    });
  });

  it('asks again for an invalid number on the simulator page', async () => {
    const { requestNonce } = (await start()).json<{ response: { requestNonce: string } }>().response;
    const reply = await server.app.inject({
      method: 'POST',
      url: `/dev/caller-id/${requestNonce}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=12',
    });
    expect(reply.headers.location).toBe(`/dev/caller-id/${requestNonce}?invalid=1`);
    expect((await server.app.inject(String(reply.headers.location))).body).toContain('role="alert"');
  });
});
