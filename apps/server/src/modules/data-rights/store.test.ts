import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_RIGHTS_CONTRACT_ID } from '@pravesh/core';
import { consentLedger } from '../../db/schema/consent.ts';
import { accountDeletions, dataExports } from '../../db/schema/data-rights.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test/instance.ts';
import { createDataRightsStore } from './store.ts';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('an erasure, an export and their ledger steps on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database?.dispose());

  async function scheduled() {
    const store = createDataRightsStore(database.db);
    const customerId = randomUUID();
    const at = new Date('2026-11-01T10:00:00Z');
    const { row } = await store.scheduleDeletion(customerId, at, new Date(at.getTime() + 7 * DAY), 2);
    return { store, customerId, requestId: row.requestId, erasedAt: new Date(at.getTime() + 8 * DAY) };
  }

  const statusOf = async (requestId: string) =>
    (await database.db.select().from(accountDeletions).where(eq(accountDeletions.requestId, requestId)))[0]?.status;

  const steps = (customerId: string, action: string) =>
    database.db.$count(
      consentLedger,
      and(
        eq(consentLedger.customerId, customerId),
        eq(consentLedger.contractId, DATA_RIGHTS_CONTRACT_ID),
        eq(consentLedger.action, action),
      ),
    );

  /** The ledger refuses one action from here on, as a failing write would. */
  async function refuseLedgerStep(action: string): Promise<void> {
    await database.db.execute(sql`
      create function refuse_step() returns trigger language plpgsql as $$
      begin raise exception 'ledger refused'; end $$`);
    await database.db.execute(
      sql.raw(`create trigger refuse_step before insert on consent_ledger
        for each row when (new.action = '${action}') execute function refuse_step()`),
    );
  }

  async function building() {
    const store = createDataRightsStore(database.db);
    const customerId = randomUUID();
    const at = new Date('2026-11-01T10:00:00Z');
    const { row } = await store.queueExport(customerId, at, 2);
    expect(await store.claimExport(row.exportId, at, new Date(at.getTime() + 60_000), 1)).toBeDefined();
    return { store, customerId, exportId: row.exportId, at };
  }

  const exportStatusOf = async (exportId: string) =>
    (await database.db.select().from(dataExports).where(eq(dataExports.exportId, exportId)))[0]?.status;

  it('marks the request ERASED with its erased step in the ledger, once', async () => {
    const { store, customerId, requestId, erasedAt } = await scheduled();
    expect(await store.finishDeletion(requestId, erasedAt)).toBe(true);
    expect(await statusOf(requestId)).toBe('ERASED');
    expect(await steps(customerId, 'erased')).toBe(1);
    // A second finish (another instance, a retry) changes nothing and writes no second step.
    expect(await store.finishDeletion(requestId, erasedAt)).toBe(false);
    expect(await steps(customerId, 'erased')).toBe(1);
  });

  it('leaves the request SCHEDULED when its ledger step cannot be written, so the job takes it again', async () => {
    const { store, customerId, requestId, erasedAt } = await scheduled();
    await refuseLedgerStep('erased');
    await expect(store.finishDeletion(requestId, erasedAt)).rejects.toThrow();
    expect(await statusOf(requestId)).toBe('SCHEDULED');
    expect(await steps(customerId, 'erased')).toBe(0);
  });

  it('marks a built export READY with its export_ready step; a failed build writes none', async () => {
    const built = await building();
    const expires = new Date(built.at.getTime() + DAY);
    expect(await built.store.finishExport(built.exportId, 'H4sI', built.at, expires)).toBe(true);
    expect(await exportStatusOf(built.exportId)).toBe('READY');
    expect(await steps(built.customerId, 'export_ready')).toBe(1);
    const failed = await building();
    expect(await failed.store.finishExport(failed.exportId, null, failed.at, expires)).toBe(true);
    expect(await exportStatusOf(failed.exportId)).toBe('FAILED');
    expect(await steps(failed.customerId, 'export_ready')).toBe(0);
  });

  it('leaves an export BUILDING when its ledger step cannot be written', async () => {
    const { store, customerId, exportId, at } = await building();
    await refuseLedgerStep('export_ready');
    await expect(store.finishExport(exportId, 'H4sI', at, new Date(at.getTime() + DAY))).rejects.toThrow();
    expect(await exportStatusOf(exportId)).toBe('BUILDING');
    expect(await steps(customerId, 'export_ready')).toBe(0);
  });
});
