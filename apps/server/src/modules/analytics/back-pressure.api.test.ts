import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { resultRows, type Database } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { ingestionBatchingFor } from '../../lib/group-commit.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../../test/instance.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

/**
 * What the write path does while the events table is locked (README "Running more than one
 * instance"): PostgreSQL cancels the stuck statement at its statement timeout; the embedded
 * database (one connection) waits, so its queue's bound and wait limit do the refusing.
 */

/**
 * Another transaction takes the events table (ACCESS EXCLUSIVE: no insert gets past it) and holds
 * it until release(). On PGlite, whose one connection it then holds, every query waits.
 */
async function lockEvents(db: Database): Promise<{ release: () => Promise<void> }> {
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = db.transaction(async (tx) => {
    await tx.execute(sql`lock table analytics_events in access exclusive mode`);
    locked();
    await released;
  });
  await Promise.race([isLocked, transaction]);
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

async function storedCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ eventId: analyticsEvents.eventId })
    .from(analyticsEvents)
    .where(inArray(analyticsEvents.eventId, ids));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.eventId, (counts.get(row.eventId) ?? 0) + 1);
  return counts;
}

interface Answer {
  eventId: string;
  status: number;
  retryAfter: string | undefined;
  /** performance.now() when the answer came. */
  at: number;
}

function produce(server: TestInstance, token: string): Promise<Answer> {
  const eventId = randomUUID();
  return server.app
    .inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': token },
      payload: [{ eventId, event: 'page_view' }],
    })
    .then((reply) => ({
      eventId,
      status: reply.statusCode,
      retryAfter: reply.headers['retry-after'],
      at: performance.now(),
    }));
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(DATABASE_KINDS)('event writes while the events table is locked (%s)', (kind) => {
  let server: TestInstance | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('refuse with 503 + Retry-After instead of queueing without end, and store every acknowledged id once and no refused one', async () => {
    server = await getTestInstance(kind, {
      env: {
        PRAVESH_WRITE_QUEUE_LIMIT: '4',
        PRAVESH_WRITE_QUEUE_WAIT_MS: '1500',
        PRAVESH_DB_STATEMENT_TIMEOUT_MS: '1500',
        PRAVESH_READY_STALL_MS: '500',
      },
    });
    const { app, database } = server;
    const token = await server.token(2);
    expect((await produce(server, token)).status).toBe(200);

    const lock = await lockEvents(database.db);
    let released = false;
    const settled: Answer[] = [];
    const track = (answer: Promise<Answer>) =>
      answer.then((value) => {
        settled.push(value);
        return value;
      });
    // The first writes take the flush slots and wait behind the lock…
    const first = [track(produce(server, token)), track(produce(server, token))];
    await new Promise((resolve) => setTimeout(resolve, 300));
    // …then more than the queue holds arrive.
    const burst = Array.from({ length: 12 }, () => track(produce(server!, token)));

    // Those beyond the queue's bound are refused at once, while the lock is still held.
    await until(() => settled.length >= 6, 20_000, 'six answers');
    expect(released).toBe(false);
    for (const answer of settled) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // The write path is stuck: not ready.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const stuck = await app.inject({ method: 'GET', url: '/readyz' });
    expect(stuck.statusCode).toBe(503);
    expect(stuck.json()).toMatchObject({ status: 'analytics event writes stalled' });

    if (kind === 'postgres') {
      // PostgreSQL cancels the stuck insert at the statement timeout: every write is answered,
      // each with 503, while the lock is still held (not when it is released).
      await until(() => settled.length === first.length + burst.length, 20_000, 'every answer');
      expect(released).toBe(false);
      expect(settled.every((answer) => answer.status === 503)).toBe(true);
    }

    released = true;
    await lock.release();
    const answers = await Promise.all([...first, ...burst]);
    const refused = answers.filter((answer) => answer.status === 503);
    const acknowledged = answers.filter((answer) => answer.status === 200);
    expect(refused.length + acknowledged.length).toBe(answers.length);
    expect(refused.every((answer) => Number(answer.retryAfter) >= 1)).toBe(true);
    // The embedded database has no statement timeout: the writes already sent finish once it is free.
    if (kind === 'pglite') expect(acknowledged.length).toBeGreaterThan(0);

    await until(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200, 20_000, 'ready');
    const stored = await storedCounts(
      database.db,
      answers.map((answer) => answer.eventId),
    );
    for (const answer of acknowledged) expect(stored.get(answer.eventId)).toBe(1);
    for (const answer of refused) expect(stored.has(answer.eventId)).toBe(false);
    // And the write path works again.
    expect((await produce(server, token)).status).toBe(200);
  }, 120_000);

  it('drops, unsent, a queued write whose client hung up before its batch was formed', async () => {
    // The deployed pool (10), not the tests' 5: the lock and every flush slot each hold a connection
    // while the test still reads pg_stat_activity.
    server = await getTestInstance(kind, {
      env: { PRAVESH_DB_STATEMENT_TIMEOUT_MS: '30000', PRAVESH_DB_POOL_SIZE: '10' },
    });
    const { app, database } = server;
    const token = await server.token(2);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;

    const lock = await lockEvents(database.db);
    // Fill the flush slots (lib/group-commit.ts ingestionBatchingFor), one batch each.
    const slots = ingestionBatchingFor(server.database.kind).maxConcurrentFlushes;
    const waiting: Array<Promise<Answer>> = [];
    for (let slot = 0; slot < slots; slot += 1) {
      waiting.push(produce(server, token));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    if (kind === 'postgres') {
      await until(
        async () =>
          resultRows<{ waiting: number }>(
            await database.db.execute(
              sql`select count(*)::int as waiting from pg_stat_activity
                  where wait_event_type = 'Lock' and query like 'insert into "analytics_events"%'`,
            ),
          )[0]!.waiting >= slots,
        20_000,
        'an insert waiting on the lock in every slot',
      );
    }

    // A client sends its event over a real connection, then gives up and closes it.
    const abandonedId = randomUUID();
    const body = JSON.stringify([{ eventId: abandonedId, event: 'page_view' }]);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${PRODUCE} HTTP/1.1\r\nHost: 127.0.0.1\r\npb-pass-token: ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));

    await lock.release();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    await until(() => app.readiness.check().then((answer) => answer.ready), 20_000, 'the queue to empty');
    const stored = await storedCounts(database.db, [abandonedId, ...answers.map((answer) => answer.eventId)]);
    expect(stored.has(abandonedId)).toBe(false);
    for (const answer of answers) expect(stored.get(answer.eventId)).toBe(1);

    // A client that waits for its answer over a real connection is answered and stored.
    const keptId = randomUUID();
    const kept = await fetch(`http://127.0.0.1:${port}${PRODUCE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'pb-pass-token': token },
      body: JSON.stringify([{ eventId: keptId, event: 'page_view' }]),
    });
    expect(kept.status).toBe(200);
    expect((await storedCounts(database.db, [keptId])).get(keptId)).toBe(1);
  }, 120_000);
});
