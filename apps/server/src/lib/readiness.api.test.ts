import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema/analytics.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../test/instance.ts';
import { stopGracefully } from '../modules/health/shutdown.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

/** Holds the embedded database's one connection (or, on PostgreSQL, one pooled one) until release(). */
async function holdConnection(server: TestInstance, statement = sql`select 1`): Promise<() => Promise<void>> {
  let held!: () => void;
  let release!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = server.database.db.transaction(async (tx) => {
    await tx.execute(statement);
    held();
    await released;
  });
  await Promise.race([isHeld, transaction]);
  return async () => {
    release();
    await transaction;
  };
}

const readyz = async (server: TestInstance) => {
  const reply = await server.app.inject({ method: 'GET', url: '/readyz' });
  return { status: reply.statusCode, body: reply.json<{ status: string }>() };
};

describe.each(DATABASE_KINDS)('/readyz tells the truth (%s)', (kind) => {
  let server: TestInstance | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 200 while the database answers and no write waits', async () => {
    server = await getTestInstance(kind);
    expect(await readyz(server)).toEqual({ status: 200, body: { status: 'ready', database: kind } });
  }, 60_000);

  it('fails while a write has waited longer than PRAVESH_READY_STALL_MS, and recovers once it is written', async () => {
    server = await getTestInstance(kind, {
      env: { PRAVESH_READY_STALL_MS: '300', PRAVESH_WRITE_QUEUE_WAIT_MS: '60000' },
    });
    const release = await holdConnection(server, sql`lock table analytics_events in access exclusive mode`);
    const write = server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(2) },
      payload: [{ eventId: randomUUID(), event: 'page_view' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // On PostgreSQL `select 1` still answers at once: only the stuck write tells.
    expect(await readyz(server)).toMatchObject({ status: 503, body: { status: 'analytics event writes stalled' } });
    await release();
    expect((await write).statusCode).toBe(200);
    expect((await readyz(server)).status).toBe(200);
  }, 60_000);

  it.runIf(kind === 'pglite')(
    'fails while the database does not answer a ping in time',
    async () => {
      server = await getTestInstance(kind, { env: { PRAVESH_READY_STALL_MS: '300' } });
      const release = await holdConnection(server);
      expect(await readyz(server)).toMatchObject({ status: 503, body: { status: 'database not answering' } });
      await release();
      expect((await readyz(server)).status).toBe(200);
    },
    60_000,
  );

  it.runIf(kind === 'postgres')(
    'fails while every pooled connection is busy and queries wait for one',
    async () => {
      server = await getTestInstance(kind, {
        env: { PRAVESH_DB_POOL_SIZE: '2', PRAVESH_READY_STALL_MS: '300', PRAVESH_DB_CONNECT_TIMEOUT_MS: '10000' },
      });
      const { db } = server.database;
      // Drizzle's queries start when awaited: then() sends each now.
      const sleep = () => db.execute(sql`select pg_sleep(3)`).then(() => undefined);
      const busy = [sleep(), sleep()];
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await readyz(server)).toMatchObject({ status: 503, body: { status: 'database pool exhausted' } });
      await Promise.all(busy);
      expect((await readyz(server)).status).toBe(200);
    },
    60_000,
  );

  it('fails from the moment shutdown begins, while the server still serves, then drains and flushes', async () => {
    server = await getTestInstance(kind, { env: { PRAVESH_WRITE_QUEUE_WAIT_MS: '60000' } });
    const instance = server;
    const release = await holdConnection(instance, sql`lock table analytics_events in access exclusive mode`);
    const eventId = randomUUID();
    const queued = instance.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await instance.token(2) },
      payload: [{ eventId, event: 'page_view' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    let stopped = false;
    const stopping = stopGracefully(instance.app, 'SIGTERM', { delayMs: 500 }).then(() => {
      stopped = true;
    });
    // At once: not ready, though the server still answers (the balancer's grace period).
    expect(await readyz(instance)).toMatchObject({ status: 503, body: { status: 'stopping' } });
    expect((await instance.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // After the delay it drains: the stuck write holds the close until it is written.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(stopped).toBe(false);
    expect(await instance.app.readiness.check()).toEqual({ ready: false, reason: 'stopping' });
    await release();
    await stopping;
    expect((await queued).statusCode).toBe(200);
    // The queued write was flushed before the database closed (the test database outlives the app).
    const rows = await instance.database.db
      .select({ eventId: analyticsEvents.eventId })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, eventId));
    expect(rows).toHaveLength(1);
    await instance.database.dispose();
    server = undefined;
  }, 60_000);
});
