import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES, VISIT_PATH } from '@pravesh/core';
import { createDb, resultRows } from './db/client.ts';
import { analyticsEvents, visits } from './db/schema/index.ts';
import { knownMigrations } from './db/schema-version.ts';
import { createCreditStore } from './modules/credit/store.ts';
import { exchange, logOut, signInCustomer, ssoServer, type SsoTestServer } from './test/customers.ts';
import { PGBOUNCER_AVAILABLE, startPgBouncer, type PrivatePgBouncer } from './test/pgbouncer.ts';
import { createEmptyPostgresDatabase, POSTGRES_URL } from './test/postgres.ts';

/**
 * The server through Debian's PgBouncer in transaction pooling mode (README "PgBouncer",
 * PRAVESH_DB_POOLER=transaction): every transaction may land on another server connection, so
 * nothing may rely on session state. A representative set of the API: migrations (their advisory
 * lock), sign-in and logout, the batched visit and event inserts and the score tile's read (named
 * prepared statements elsewhere), consent decisions (transaction-scoped advisory locks). Every suite
 * over DATABASE_KINDS runs through PgBouncer as well with PRAVESH_TEST_PGBOUNCER=1.
 */
describe.skipIf(!POSTGRES_URL || !PGBOUNCER_AVAILABLE)('the server through PgBouncer in transaction mode', () => {
  let server: SsoTestServer;
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const post = async (url: string, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'pb-pass-token': await server.pass(2), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  beforeAll(async () => {
    server = await ssoServer('pgbouncer');
  }, 60_000);
  afterAll(() => server?.close());

  it('migrates an empty database twice at once through it, each migration once', async () => {
    const empty = await createEmptyPostgresDatabase();
    let pgbouncer: PrivatePgBouncer | undefined;
    try {
      pgbouncer = await startPgBouncer();
      const open = () => createDb({ databaseUrl: pgbouncer!.through(empty.url), dataDir: '', pooler: 'transaction' });
      const [first, second] = [open(), open()];
      const results = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      // And once more: the lock was released (a session lock taken through PgBouncer may not be).
      await first.migrate();
      const rows = resultRows<{ n: string }>(
        await first.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
      );
      expect(Number(rows[0]!.n)).toBe(knownMigrations().length);
      await Promise.all([first.close(), second.close()]);
    } finally {
      await pgbouncer?.stop();
      await empty.dispose();
    }
  }, 120_000);

  it('warns at start that nothing cancels a stuck statement when the role has no statement_timeout', async () => {
    const warnings = () => server.logs.filter((line) => line.includes('no statement_timeout on the database role'));
    // Checked in the background at start: one query's round trip.
    for (let attempt = 0; attempt < 100 && warnings().length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(warnings()).toHaveLength(1);
  });

  it('signs a customer in and out', async () => {
    const customer = await signInCustomer(server);
    const userinfo = () =>
      server.app.inject({
        url: '/SSOSP/oauth/userinfo',
        headers: { authorization: `Bearer ${customer.accessToken}` },
      });
    expect((await userinfo()).statusCode).toBe(200);
    expect((await logOut(server, customer.cookie)).statusCode).toBe(200);
    expect((await userinfo()).statusCode).toBe(401);
    expect((await exchange(server, { authorizationCode: 'not-a-code' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('stores visits and events once, many at a time (the batched inserts)', async () => {
    const visitList = Array.from({ length: 30 }, () => ({
      visitId: randomUUID(),
      visitorId: randomUUID(),
      deviceId: 'device-pgbouncer',
      parentVisitId: randomUUID(),
      absoluteParentVisitId: randomUUID(),
      siteName: 'Homepage',
      createdAt: server.clock.now(),
      completeUrl: b64('https://www.example.in/cards'),
    }));
    // Each sent twice, all at once: many batches over the pooled server connections.
    const replies = await Promise.all([...visitList, ...visitList].map((visit) => post(VISIT_PATH, visit)));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    for (const visit of visitList) {
      expect(await server.database.db.$count(visits, eq(visits.visitId, visit.visitId))).toBe(1);
    }
    const events = Array.from({ length: 20 }, () => ({
      eventId: randomUUID(),
      event: 'page_view',
      visitorId: randomUUID(),
      siteId: 2,
    }));
    const produced = await Promise.all(
      [...events, ...events].map((event) => post('/MSP/api/v1/pbguc/event/produce', [event])),
    );
    for (const reply of produced) expect(reply.statusCode).toBe(200);
    for (const event of events) {
      expect(await server.database.db.$count(analyticsEvents, eq(analyticsEvents.eventId, event.eventId))).toBe(1);
    }
  });

  it('records consent decisions and answers the check', async () => {
    const read = { contractId: 'pb-tnc-homepage', visitId: 'visit-1', visitorId: `visitor-${randomUUID()}` };
    const verified = async () =>
      (await post(CONSENT_ROUTES.check, read)).json<{ response: { alreadyVerified: boolean } }>().response
        .alreadyVerified;
    expect(await verified()).toBe(false);
    const decisions = await Promise.all(
      ['Y', 'Y', 'Y'].map((userValue) =>
        post(CONSENT_ROUTES.userConsent, { ...read, contractVersionId: '1', userValue, consentState: 1 }),
      ),
    );
    for (const reply of decisions) expect(reply.statusCode).toBe(200);
    expect(await verified()).toBe(true);
  });

  it("reads the score tile's latest pulls, many customers at once", async () => {
    const credit = createCreditStore(server.database.db);
    const at = new Date(server.clock.now());
    const customers = Array.from({ length: 10 }, () => randomUUID());
    for (const customerId of customers) {
      await credit.append(
        {
          customerId,
          bureau: 'CIBIL',
          provider: 'test',
          providerReference: 'test',
          state: { kind: 'SCORE', score: 780 },
          dateApplied: at,
          pulledAt: at,
          nextRefreshAt: new Date(at.getTime() + 30 * 86_400_000),
          consentReference: 'test',
          report: null,
          scoreHistory: [],
        },
        at,
      );
    }
    for (let round = 0; round < 3; round += 1) {
      const latest = await Promise.all(customers.map((customerId) => credit.latestPerBureau(customerId)));
      for (const pulls of latest) expect(pulls).toHaveLength(1);
    }
  });
});
