import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../../test/instance.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

describe.each(DATABASE_KINDS)('a failed batch of events (%s)', (kind) => {
  let server: TestInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await getTestInstance(kind, { logger: true, logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => server?.close());

  it('is logged once per batch with its size, and no line holds any caller’s values', async () => {
    const { db } = server.database;
    // Every insert into the events table fails (as a bug or a broken migration would make it).
    await db.execute(sql`create function refuse_events() returns trigger language plpgsql as $$
      begin raise exception 'events refused'; end $$`);
    await db.execute(
      sql`create trigger refuse_events before insert on analytics_events for each statement execute function refuse_events()`,
    );
    try {
      const token = await server.token(2);
      const callers = Array.from({ length: 5 }, (_, index) => ({
        eventId: randomUUID(),
        pageUrl: `https://www.example.in/private-page-${index}-${randomUUID()}`,
        visitorId: randomUUID(),
      }));
      lines.length = 0;
      const replies = await Promise.all(
        callers.map((caller) =>
          server.app.inject({
            method: 'POST',
            url: PRODUCE,
            headers: { 'pb-pass-token': token },
            payload: [{ event: 'page_view', ...caller }],
          }),
        ),
      );
      for (const reply of replies) expect(reply.statusCode).toBe(500);

      const logged = lines.map((line) => JSON.parse(line) as { msg?: string; batch?: string; size?: number });
      const batchFailures = logged.filter((line) => line.msg === 'write batch failed');
      // One line per failed batch, however many callers it had: the sizes add up to the callers.
      expect(batchFailures.length).toBeGreaterThanOrEqual(1);
      expect(batchFailures.every((line) => line.batch === 'analytics events')).toBe(true);
      expect(batchFailures.reduce((sum, line) => sum + line.size!, 0)).toBe(callers.length);
      if (batchFailures.length === 1) expect(batchFailures[0]!.size).toBe(callers.length);
      // No line anywhere holds another visitor's ids or URLs, or the statement.
      const everything = lines.join('\n');
      for (const caller of callers) {
        for (const value of Object.values(caller)) expect(everything).not.toContain(value);
      }
      expect(everything).not.toMatch(/Failed query|insert into|params/i);
    } finally {
      await db.execute(sql`drop trigger refuse_events on analytics_events`);
      await db.execute(sql`drop function refuse_events()`);
    }
  }, 60_000);
});
