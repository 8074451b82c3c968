import { SSO_SITE_ID, xorEncode } from '@pravesh/core';
import { describe, expect, it, vi } from 'vitest';
import { memoryCookieJar, readCookie } from './cookies.ts';
import { activeStorageId } from './customer-storage-mapping.ts';
import { memoryStore } from './key-value-store.ts';
import { siteEntryKey } from './shared-storage.ts';
import {
  cookiesOverLimits,
  runPurgeMaintenance,
  runSyncMaintenance,
  type MaintenanceOptions,
} from './storage-maintenance.ts';
import { createVisitorRecordStore } from './visitor-record.ts';
import { runTask } from './workers/run-task.ts';
import { planPurge } from './workers/purge-task.ts';
import { planSync } from './workers/sync-task.ts';

const T0 = Date.UTC(2026, 4, 1);
const entry = (ids: string[]) => JSON.stringify({ data: ids.map((id) => ({ id, type: 'lead' })) });

function setup(cookies: Record<string, string> = {}) {
  const jar = memoryCookieJar(cookies);
  const records = createVisitorRecordStore({ environment: 'staging', cookieKey: 'k', cookies: jar, now: () => T0 });
  const store = memoryStore();
  const logger = { warn: vi.fn() };
  const runPurge = vi.fn((input: Parameters<typeof planPurge>[0]) => runTask(planPurge, input));
  const runSync = vi.fn((input: Parameters<typeof planSync>[0]) => runTask(planSync, input));
  const options: MaintenanceOptions = {
    environment: 'staging',
    records,
    store,
    cookies: jar,
    where: () => ({ hostname: 'cards.example.in', pathname: '/' }),
    runPurge,
    runSync,
    logger,
    now: () => T0,
  };
  return { jar, records, store, logger, runPurge, runSync, options };
}

describe('purge maintenance', () => {
  it('does not start a worker when nothing is over the limits and no purge is asked', async () => {
    const { records, options, runPurge } = setup({ a: '1' });
    records.ensure();
    expect(await runPurgeMaintenance(options)).toMatchObject({ ran: false });
    expect(runPurge).not.toHaveBeenCalled();
    expect(cookiesOverLimits(`a=${'x'.repeat(3600)}`)).toBe(true);
    expect(cookiesOverLimits(['a', 'b', 'c'].map((n) => `${n}=${'x'.repeat(2400)}`).join('; '))).toBe(true);
    expect(cookiesOverLimits('a=1; b=2')).toBe(false);
  });

  it('deletes oversized cookies, keeps the visitor cookie and logs what stays', async () => {
    const { jar, records, options, logger } = setup({ big: 'x'.repeat(3600) });
    records.write({ ...records.ensure(), customerStorageMapping: {} });
    const visitorCookie = readCookie(jar, 'PBGUC_DEV');
    const outcome = await runPurgeMaintenance(options);
    expect(outcome).toMatchObject({ ran: true, cookies: ['big'], failedCookies: [] });
    expect(readCookie(jar, 'big')).toBeUndefined();
    expect(readCookie(jar, 'PBGUC_DEV')).toBe(visitorCookie);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('cleans storage when the record asks, then clears purgeStorage', async () => {
    const { records, store, options } = setup();
    const record = records.ensure();
    records.write({ ...record, purgeStorage: true });
    await store.set(siteEntryKey('staging', record.visitorId, 7), entry(['ok']));
    await store.set(siteEntryKey('staging', record.visitorId, 3), '{broken');
    await store.set(siteEntryKey('staging', 'c-forgotten', 7), entry(['old']));
    await store.set('unrelated', 'kept');
    const outcome = await runPurgeMaintenance(options);
    expect(outcome.keys.sort()).toEqual(['PBGUC_DEV:c-forgotten:7', `PBGUC_DEV:${record.visitorId}:3`].sort());
    expect(Object.keys(store.snapshot()).sort()).toEqual([`PBGUC_DEV:${record.visitorId}:7`, 'unrelated']);
    expect(records.read()!.purgeStorage).toBe(false);
  });

  it('ignores a plan that names the visitor cookie or foreign keys', async () => {
    const { jar, records, store, options } = setup();
    records.write({ ...records.ensure(), purgeStorage: true });
    await store.set('unrelated', 'kept');
    const outcome = await runPurgeMaintenance({
      ...options,
      runPurge: () => Promise.resolve({ cookies: ['PBGUC_DEV'], keys: ['unrelated'] }),
    });
    expect(outcome).toMatchObject({ cookies: [], keys: [] });
    expect(readCookie(jar, 'PBGUC_DEV')).toBeDefined();
    expect(store.snapshot()).toEqual({ unrelated: 'kept' });
  });
});

describe('sync maintenance', () => {
  async function signedIn() {
    const context = setup();
    const visitor = context.records.ensure();
    await context.store.set(siteEntryKey('staging', visitor.visitorId, 7), entry(['anon-7']));
    await context.store.set(siteEntryKey('staging', visitor.visitorId, 3), entry(['anon-3']));
    await context.records.setCustomer(SSO_SITE_ID, { mobileNo: '9876543210', customerId: 'c-1' });
    const customerStorage = activeStorageId(context.records.read()!);
    await context.store.set(siteEntryKey('staging', customerStorage, 7), entry(['own-7']));
    return { ...context, visitor, customerStorage };
  }

  it('merges the anonymous entries into the customer storage and clears syncGuc', async () => {
    const { options, store, records, visitor, customerStorage, runSync } = await signedIn();
    const fetchHistory = vi.fn(() =>
      Promise.resolve({ sites: { 9: { siteId: 9, data: [{ id: 'remote', type: 'report' }] } }, asCustomer: true }),
    );
    const outcome = await runSyncMaintenance({ ...options, fetchHistory });
    expect(fetchHistory).toHaveBeenCalledWith(visitor.visitorId, { mobileNo: '9876543210', customerId: 'c-1' });
    expect(outcome).toEqual({ ran: true, sites: ['3', '7', '9'] });
    const read = (site: number) =>
      (
        JSON.parse(store.snapshot()[siteEntryKey('staging', customerStorage, site)]!) as { data: { id: string }[] }
      ).data.map((item) => item.id);
    expect(read(7).sort()).toEqual(['anon-7', 'own-7']);
    expect(read(3)).toEqual(['anon-3']);
    expect(read(9)).toEqual(['remote']);
    expect(Object.keys(store.snapshot()).filter((key) => key.includes(visitor.visitorId))).toEqual([]);
    expect(records.read()!.syncGuc).toBe(false);
    expect(runSync).toHaveBeenCalledTimes(1);
    expect(await runSyncMaintenance(options)).toEqual({ ran: false, sites: [] });
  });

  it('keeps the flag for the next page when the history cannot be fetched', async () => {
    const { options, records, store } = await signedIn();
    const before = JSON.stringify(store.snapshot());
    await expect(
      runSyncMaintenance({ ...options, fetchHistory: () => Promise.reject(new Error('offline')) }),
    ).rejects.toThrow('offline');
    expect(records.read()!.syncGuc).toBe(true);
    expect(JSON.stringify(store.snapshot())).toBe(before);
  });

  it('merges what it has but keeps the flag when the server answered for the visitor alone', async () => {
    const { options, store, records, visitor, customerStorage } = await signedIn();
    // This site has no access token yet (a new device's second site, before its silent sign-on).
    const outcome = await runSyncMaintenance({
      ...options,
      fetchHistory: () => Promise.resolve({ sites: undefined, asCustomer: false }),
    });
    expect(outcome).toEqual({ ran: true, sites: ['3', '7'] });
    expect(Object.keys(store.snapshot()).filter((key) => key.includes(visitor.visitorId))).toEqual([]);
    expect(records.read()!.syncGuc).toBe(true);

    // Asked again with the token: the customer's entries from elsewhere land, and the flag clears.
    const remote = { 9: { siteId: 9, data: [{ id: 'remote', type: 'report' }] } };
    const again = await runSyncMaintenance({
      ...options,
      fetchHistory: () => Promise.resolve({ sites: remote, asCustomer: true }),
    });
    expect(again.sites).toContain('9');
    expect(store.snapshot()[siteEntryKey('staging', customerStorage, 9)]).toContain('remote');
    expect(records.read()!.syncGuc).toBe(false);
  });

  it('clears a flag with no customer to merge into', async () => {
    const { options, records, jar, runSync } = setup();
    records.write({ ...records.ensure(), syncGuc: true });
    expect(await runSyncMaintenance(options)).toEqual({ ran: false, sites: [] });
    expect(records.read()!.syncGuc).toBe(false);
    expect(runSync).not.toHaveBeenCalled();
    // A customer sealed under a key we do not hold cannot be opened: the flag is cleared too.
    const foreign = {
      ...records.read()!,
      syncGuc: true,
      customerId: 'x',
      customerStorageMapping: { s: { mobileNo: 'm', customerId: 'x', storageId: 's' } },
    };
    jar.write(`PBGUC_DEV=${xorEncode(foreign, 'k')}`);
    expect(await runSyncMaintenance(options)).toEqual({ ran: false, sites: [] });
    expect(records.read()!.syncGuc).toBe(false);
  });
});
