import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ROUTES, MY_ACCOUNT_ROUTES } from '@pravesh/core';
import { ssoAccessTokens } from '../db/schema/sso.ts';
import { logOut, signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../test/customers.ts';
import { DATABASE_KINDS } from '../test/instance.ts';
import { TWO_INSTANCES_AVAILABLE, startTwoInstances, type TwoInstances } from '../test/two-instances.ts';

/**
 * The access-token liveness cache (token-liveness.ts) must never outlive a revocation (ASVS 4.0.3
 * V3.3.1, V3.3.4): a token of a session logged out — by the sign-on logout, by My Account's session
 * logout ("sign this device out" builds on it) — is refused by the very next request, on the
 * instance that revoked it and on every other one. Each case first uses the token on every instance,
 * so each has it cached as live.
 */
async function scores(server: SsoTestServer, accessToken: string): Promise<number> {
  const reply = await server.app.inject({
    url: CREDIT_ROUTES.getCreditScores,
    headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': accessToken },
  });
  return reply.statusCode;
}

async function myAccountLogout(server: SsoTestServer, customer: SignedInCustomer): Promise<number> {
  const reply = await server.app.inject({
    method: 'POST',
    url: MY_ACCOUNT_ROUTES.sessionLogout,
    headers: {
      'pb-pass-token': await server.pass(2),
      'pb-access-token': customer.accessToken,
      'content-type': 'application/json',
    },
    payload: '{}',
  });
  return reply.statusCode;
}

describe.each(DATABASE_KINDS)('access-token liveness cache on %s', (kind) => {
  let server: SsoTestServer;
  beforeAll(async () => {
    server = await ssoServer(kind);
  }, 120_000);
  afterAll(() => server?.database.dispose());

  it('answers a used token from its cache on the embedded database, and drops it on revocation', async () => {
    const customer = await signInCustomer(server);
    expect(await scores(server, customer.accessToken)).toBe(200);
    // A revocation written behind the server's back (no revoked() call): the cached answer stands on
    // PGlite, which shows the cache is there; PostgreSQL without Redis asks the database every time.
    await server.database.db
      .update(ssoAccessTokens)
      .set({ revokedAt: new Date(server.clock.now()) })
      .where(eq(ssoAccessTokens.jti, jtiOf(customer.accessToken)));
    expect(await scores(server, customer.accessToken)).toBe(kind === 'pglite' ? 200 : 401);
    // Any real revocation drops every cached answer.
    const other = await signInCustomer(server);
    expect(await logOut(server, other.cookie).then((reply) => reply.statusCode)).toBe(200);
    expect(await scores(server, customer.accessToken)).toBe(401);
    expect(await scores(server, other.accessToken)).toBe(401);
  });

  it('refuses at once a token of a session logged out by the sign-on logout', async () => {
    const customer = await signInCustomer(server);
    for (let i = 0; i < 3; i += 1) expect(await scores(server, customer.accessToken)).toBe(200);
    expect((await logOut(server, customer.cookie)).statusCode).toBe(200);
    expect(await scores(server, customer.accessToken)).toBe(401);
  });

  it("refuses at once a token of a session ended by My Account's session logout", async () => {
    const customer = await signInCustomer(server);
    expect(await scores(server, customer.accessToken)).toBe(200);
    expect(await myAccountLogout(server, customer)).toBe(200);
    expect(await scores(server, customer.accessToken)).toBe(401);
  });

  it('refuses a token once its session expires, cached or not', async () => {
    const customer = await signInCustomer(server);
    expect(await scores(server, customer.accessToken)).toBe(200);
    server.clock.advance(server.config.sso.sessionTtlSeconds * 1000 + 1);
    expect(await scores(server, customer.accessToken)).toBe(401);
  });
});

describe.skipIf(!TWO_INSTANCES_AVAILABLE)('access-token liveness cache on two instances (PostgreSQL + Redis)', () => {
  let servers: TwoInstances;
  beforeAll(async () => {
    servers = await startTwoInstances();
  }, 180_000);
  afterAll(() => servers?.close());

  it('caches on each instance: a revocation nobody announced is not seen (the cache is real)', async () => {
    const { a, b } = servers;
    const customer = await signInCustomer(a);
    expect(await scores(b, customer.accessToken)).toBe(200);
    await b.database.db
      .update(ssoAccessTokens)
      .set({ revokedAt: new Date(b.clock.now()) })
      .where(eq(ssoAccessTokens.jti, jtiOf(customer.accessToken)));
    expect(await scores(b, customer.accessToken)).toBe(200);
    // A's first use asks the database, which says revoked.
    expect(await scores(a, customer.accessToken)).toBe(401);
  });

  it('refuses on the other instance, at once, a token whose session one instance logged out', async () => {
    const { a, b } = servers;
    const customer = await signInCustomer(a);
    for (const server of [a, b, a, b]) expect(await scores(server, customer.accessToken)).toBe(200);
    expect((await logOut(a, customer.cookie)).statusCode).toBe(200);
    expect(await scores(b, customer.accessToken)).toBe(401);
    expect(await scores(a, customer.accessToken)).toBe(401);
  });

  it("refuses on the other instance, at once, a token whose session My Account's logout ended", async () => {
    const { a, b } = servers;
    const customer = await signInCustomer(b);
    for (const server of [a, b]) expect(await scores(server, customer.accessToken)).toBe(200);
    expect(await myAccountLogout(b, customer)).toBe(200);
    expect(await scores(a, customer.accessToken)).toBe(401);
    expect(await scores(b, customer.accessToken)).toBe(401);
  });

  it('keeps a signed-in sibling working: one revocation costs a database check, not a refusal', async () => {
    const { a, b } = servers;
    const stays = await signInCustomer(a);
    const leaves = await signInCustomer(a);
    for (const server of [a, b]) {
      expect(await scores(server, stays.accessToken)).toBe(200);
      expect(await scores(server, leaves.accessToken)).toBe(200);
    }
    expect((await logOut(b, leaves.cookie)).statusCode).toBe(200);
    for (const server of [a, b]) {
      expect(await scores(server, leaves.accessToken)).toBe(401);
      expect(await scores(server, stays.accessToken)).toBe(200);
    }
  });
});

function jtiOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string };
  return payload.jti;
}
