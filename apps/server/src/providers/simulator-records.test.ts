import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/instance.ts';
import { createDatabaseOutboxStore } from './sms/outbox.ts';
import { createDatabaseRecords, createMemoryRecords, type SimulatorRecords } from './simulator-records.ts';

/** The simulators' records answer alike in memory and in the database (simulator-records.ts). */
const KINDS = ['memory', ...DATABASE_KINDS] as const;

describe.each(KINDS)('simulator records in %s', (kind) => {
  let database: TestDatabase | undefined;
  let records: SimulatorRecords;

  beforeAll(async () => {
    if (kind === 'memory') {
      records = createMemoryRecords();
      return;
    }
    database = await createTestDatabase(kind);
    records = createDatabaseRecords(database.db);
  });
  afterAll(() => database?.dispose());

  it('reads a copy: a change counts once it is put back', async () => {
    await records.put('order', 'o1', { amount: 100, tags: ['a'] });
    const read = await records.get<{ amount: number; tags: string[] }>('order', 'o1');
    read!.tags.push('b');
    expect(await records.get('order', 'o1')).toEqual({ amount: 100, tags: ['a'] });
    await records.put('order', 'o1', read);
    expect(await records.get('order', 'o1')).toEqual({ amount: 100, tags: ['a', 'b'] });
    expect(await records.get('order', 'unknown')).toBeUndefined();
    expect(await records.get('other-kind', 'o1')).toBeUndefined();
  });

  it('keeps the first of two writes with putFirst, and counts and deletes by kind', async () => {
    expect(await records.putFirst('settlement', 's1', 'success')).toBe('success');
    expect(await records.putFirst('settlement', 's1', 'failure')).toBe('success');
    await records.put('settlement', 's2', 'pending');
    expect(await records.count('settlement')).toBe(2);
    await records.delete('settlement', 's1');
    expect(await records.count('settlement')).toBe(1);
  });

  it('takes the oldest record of a kind first, each once', async () => {
    for (const [id, outcome] of [
      ['q1', 'failure'],
      ['q2', 'pending'],
      ['q3', 'success'],
    ] as const) {
      await records.put('queue', id, outcome);
    }
    const taken = await Promise.all([records.takeOldest('queue'), records.takeOldest('queue')]);
    expect(taken.sort()).toEqual(['failure', 'pending']);
    expect(await records.takeOldest('queue')).toBe('success');
    expect(await records.takeOldest('queue')).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)('the dev outbox in the database on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  it('lists the newest first and keeps only the newest messages of the last day', async () => {
    let now = Date.UTC(2026, 10, 21, 6);
    const outbox = createDatabaseOutboxStore({ db: database.db, now: () => now, capacity: 3 });
    const send = (n: number) =>
      outbox.add({
        channel: n % 2 ? 'email' : 'sms',
        to: `98765432${n}0`,
        text: `message ${n}`,
        templateId: 't',
        ...(n % 2 ? { subject: `s${n}` } : {}),
      });
    for (let n = 1; n <= 5; n++) await send(n);
    expect((await outbox.list()).map((entry) => entry.text)).toEqual(['message 5', 'message 4', 'message 3']);
    const [newest] = await outbox.list(1);
    expect(newest?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect([newest]).toEqual([
      {
        id: newest?.id,
        channel: 'email',
        to: '9876543250',
        subject: 's5',
        text: 'message 5',
        templateId: 't',
        sentAt: new Date(now).toISOString(),
      },
    ]);
    expect((await outbox.list(2))[1]).not.toHaveProperty('subject');
    // A day later the next message is the only one kept.
    now += 24 * 3_600_000 + 1;
    await send(6);
    expect((await outbox.list()).map((entry) => entry.text)).toEqual(['message 6']);
  });
});
