import { PraveshError, siteEntrySchema, SITE_ENTRY_LIMIT_BYTES } from '@pravesh/core';
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from './key-value-store.ts';
import { createSharedStorage, siteEntryKey, siteIdFromKey, type SiteChange } from './shared-storage.ts';

const T0 = Date.UTC(2026, 4, 1, 10);
const ISO0 = new Date(T0).toISOString();
const KEY = siteEntryKey('staging', 'visitor-1', 7);

const application = {
  id: 'app-1',
  partnerId: 17,
  partnerName: 'Bank',
  productName: 'Gold card',
  image: 'https://img.example/card.png',
  state: 'IN_PROGRESS',
  continueUrl: 'https://cards.example/continue/1',
  title: 'Gold card',
  subtitle: 'Step 2 of 4',
};

function setup(options: { limitBytes?: number; initial?: Record<string, string> } = {}) {
  const store = memoryStore(options.initial);
  let time = T0;
  const changes: SiteChange[] = [];
  let storageId = 'visitor-1';
  const storage = createSharedStorage({
    store,
    environment: 'staging',
    siteId: 7,
    storageId: () => storageId,
    visit: () => 'visit-1',
    now: () => time,
    onChange: (change) => changes.push(change),
    ...(options.limitBytes === undefined ? {} : { limitBytes: options.limitBytes }),
  });
  return {
    store,
    storage,
    changes,
    tick: (ms: number) => (time += ms),
    useStorageId: (id: string) => (storageId = id),
    stored: () => JSON.parse(store.snapshot()[KEY]!) as unknown,
  };
}

async function refusedWith(call: Promise<unknown>, message: string | RegExp, store: ReturnType<typeof memoryStore>) {
  const before = JSON.stringify(store.snapshot());
  await expect(call).rejects.toThrow(message);
  await expect(call).rejects.toBeInstanceOf(PraveshError);
  expect(JSON.stringify(store.snapshot())).toBe(before);
}

describe('shared storage keys', () => {
  it('keep one entry per environment, storage id and site', () => {
    expect(KEY).toBe('PBGUC_DEV:visitor-1:7');
    expect(siteEntryKey('production', 'c0ff', 3)).toBe('GUC:c0ff:3');
  });

  it('take site ids as strings naming a configured site', () => {
    expect(siteIdFromKey('7')).toBe(7);
    for (const bad of [7, '07', '27', 'x', null, undefined, {}]) {
      expect(() => siteIdFromKey(bad)).toThrow(/ - is not a valid site-Id. Valid site-Id are 1, 2, 3/);
    }
  });
});

describe('shared storage items', () => {
  it('sets an item into a new site entry the server schema accepts', async () => {
    const { storage, stored, changes } = setup();
    const item = await storage.setItem({ id: 'lead-1', type: 'lead', product: 'CC', continueUrl: '/apply', x: 1 });
    expect(item).toEqual({
      id: 'lead-1',
      type: 'lead',
      product: 'CC',
      continueUrl: '/apply',
      createdAt: ISO0,
      updatedAt: ISO0,
    });
    expect(stored()).toEqual({
      siteId: 7,
      createdAt: ISO0,
      updatedAt: ISO0,
      visit: 'visit-1',
      data: [item],
      leads: [],
      sharedData: null,
      consentRecievedDate: null,
    });
    expect(siteEntrySchema.parse(stored())).toEqual(stored());
    expect(changes).toEqual([{ action: 'set', siteId: 7, data: [item] }]);
  });

  it('replaces an item by id and type, keeping where and when it was created', async () => {
    const { storage, stored, tick } = setup();
    await storage.setItem({ id: 1, type: 'lead', title: 'one' });
    await storage.setItem({ id: 2, type: 'lead', title: 'two' });
    await storage.setItem({ id: 1, type: 'report', title: 'report one' });
    tick(5000);
    await storage.setItem({ id: '1', type: 'lead', title: 'one again' });
    const data = (stored() as { data: { id: unknown; title: string; createdAt: string; updatedAt: string }[] }).data;
    expect(data.map((item) => item.title)).toEqual(['one again', 'two', 'report one']);
    expect(data[0]).toMatchObject({ createdAt: ISO0, updatedAt: new Date(T0 + 5000).toISOString() });
  });

  it('refuses items with the catalogue texts and stores nothing', async () => {
    const { storage, store } = setup();
    await refusedWith(
      storage.setItem({ id: 'x' }),
      'Some of the compulsory fiels missing. Required fields are - id,type',
      store,
    );
    await refusedWith(
      storage.setItem({ id: 'x', type: 'report', product: 'BUREAU' }),
      'BUREAU - is not allowed product. Valid values of product key are - PL, CC, HL, DL, BL, MF, HLBT, LAP',
      store,
    );
    await refusedWith(
      storage.setItem({ id: 'x', type: 'lead', application: 'a' }),
      'Application should be of type of Array.',
      store,
    );
    await refusedWith(storage.setItem({ id: 'x', type: 'offer' }), /^Invalid request: data.type/, store);
    expect(store.snapshot()).toEqual({});
  });

  it('updates existing items only, allowing PCO and BUREAU', async () => {
    const { storage, store, stored, changes, tick } = setup();
    await refusedWith(storage.updateItem({ id: 'b', type: 'report' }), '7 - not found site data.', store);
    await storage.setItem({ id: 'b', type: 'report', title: 'Score', subtitle: 'old' });
    await refusedWith(storage.updateItem({ id: 'c', type: 'report' }), 'c - does not exist.', store);
    await refusedWith(
      storage.updateItem({ id: 'b', type: 'report', product: 'XX' }),
      'XX - is not allowed product. Valid values of product key are - PL, CC, HL, DL, BL, MF, HLBT, LAP, PCO, BUREAU',
      store,
    );
    tick(1000);
    const updated = await storage.updateItem({ id: 'b', type: 'report', product: 'BUREAU', subtitle: 'new' });
    expect(updated).toMatchObject({ title: 'Score', subtitle: 'new', product: 'BUREAU', createdAt: ISO0 });
    expect((stored() as { data: unknown[] }).data).toEqual([updated]);
    expect(changes.at(-1)).toEqual({ action: 'update', siteId: 7, data: [updated] });
  });

  it('deletes by id and type', async () => {
    const { storage, store, stored } = setup();
    await refusedWith(storage.deleteItem({ id: 'a', type: 'lead' }), '7 - not found site data.', store);
    await storage.setItem({ id: 'a', type: 'lead' });
    await storage.setItem({ id: 'a', type: 'report' });
    for (const ref of [undefined, {}, { id: 'a' }, { type: 'lead' }, { id: '', type: 'lead' }]) {
      await refusedWith(storage.deleteItem(ref), 'Id and type required', store);
    }
    await refusedWith(storage.deleteItem({ id: 'b', type: 'lead' }), 'b - does not exist.', store);
    await storage.deleteItem({ id: 'a', type: 'lead' });
    expect((stored() as { data: { type: string }[] }).data.map((item) => item.type)).toEqual(['report']);
  });
});

describe('shared storage applications', () => {
  it('sets and replaces an application under an existing item', async () => {
    const { storage, store, stored, changes, tick } = setup();
    await refusedWith(storage.setApplication('lead-1', application), '7 - not found site data.', store);
    await storage.setItem({ id: 'lead-1', type: 'lead' });
    await refusedWith(storage.setApplication('nope', application), 'nope - does not exist.', store);
    const set = await storage.setApplication('lead-1', application);
    expect(set).toEqual({ ...application, createdAt: ISO0, updatedAt: ISO0 });
    tick(1000);
    await storage.setApplication('lead-1', { ...application, state: 'APPROVED' });
    const item = (stored() as { data: { application: { state: string; createdAt: string }[] }[] }).data[0]!;
    expect(item.application).toHaveLength(1);
    expect(item.application[0]).toMatchObject({ state: 'APPROVED', createdAt: ISO0 });
    expect(changes.at(-1)).toMatchObject({ action: 'update', siteId: 7, data: [{ id: 'lead-1' }] });
  });

  it('needs id and a payload with all nine fields', async () => {
    const { storage, store } = setup();
    await storage.setItem({ id: 'lead-1', type: 'lead' });
    for (const [id, payload] of [
      ['', application],
      [undefined, application],
      ['lead-1', undefined],
      ['lead-1', 'payload'],
      ['lead-1', { ...application, partnerName: '' }],
      ['lead-1', { ...application, title: undefined }],
    ] as const) {
      await refusedWith(storage.setApplication(id, payload), 'id and payload are mandatory fields', store);
    }
  });

  it('finds a lead as parent when no data item has the id', async () => {
    const { storage, stored } = setup();
    await storage.setAllSiteData({ 7: { leads: [{ id: 'L1', application: [] }] } });
    await storage.setApplication('L1', application);
    expect((stored() as { leads: { application: unknown[] }[] }).leads[0]!.application).toHaveLength(1);
  });

  it('deletes an application by id and application id', async () => {
    const { storage, store, stored } = setup();
    await storage.setItem({ id: 'lead-1', type: 'lead' });
    await storage.setApplication('lead-1', application);
    await storage.setApplication('lead-1', { ...application, id: 'app-2' });
    for (const [id, applicationId] of [
      ['lead-1', undefined],
      [undefined, 'app-1'],
      ['', ''],
    ]) {
      await refusedWith(
        storage.deleteApplication(id, applicationId),
        'id and applicationID are mandatory fields',
        store,
      );
    }
    await refusedWith(storage.deleteApplication('lead-2', 'app-1'), 'lead-2 - does not exist.', store);
    await refusedWith(storage.deleteApplication('lead-1', 'app-9'), 'app-9 - does not exist.', store);
    await storage.deleteApplication('lead-1', 'app-1');
    const item = (stored() as { data: { application: { id: string }[] }[] }).data[0]!;
    expect(item.application.map((app) => app.id)).toEqual(['app-2']);
  });
});

describe('shared storage limits and whole-site calls', () => {
  it('refuses an entry over the size limit and keeps the stored one', async () => {
    const { storage, store } = setup({ limitBytes: 2000 });
    await storage.setItem({ id: 'a', type: 'lead', subtitle: 'x'.repeat(500) });
    await storage.setItem({ id: 'b', type: 'lead', subtitle: 'y'.repeat(500) });
    await refusedWith(
      storage.setItem({ id: 'c', type: 'lead', subtitle: 'z'.repeat(500) }),
      'Data size exceeds permissiable limit.',
      store,
    );
    await refusedWith(
      storage.setAllSiteData({ 3: {}, 6: { sharedData: { blob: 'z'.repeat(3000) } } }),
      'Data size exceeds permissiable limit.',
      store,
    );
    expect(SITE_ENTRY_LIMIT_BYTES).toBe(350 * 1024);
  });

  it('answers "Existing data is invalid" over a corrupt entry and leaves it for the purge', async () => {
    const { storage, store } = setup({ initial: { [KEY]: '{not json' } });
    await refusedWith(storage.setItem({ id: 'a', type: 'lead' }), 'Existing data is invalid', store);
    await refusedWith(storage.getSiteData('7'), 'Existing data is invalid', store);
    await store.set(KEY, JSON.stringify({ data: [{ id: 'x' }] }));
    await refusedWith(storage.updateItem({ id: 'x', type: 'lead' }), 'Existing data is invalid', store);
    expect(await storage.getAllSiteData()).toEqual({});
  });

  it('sets whole site entries, checking all of them before writing any', async () => {
    const { storage, store } = setup();
    await refusedWith(storage.setAllSiteData([]), /setAllSiteData needs an object/, store);
    await refusedWith(storage.setAllSiteData('x'), /setAllSiteData needs an object/, store);
    await refusedWith(storage.setAllSiteData(new Map([['7', {}]])), /setAllSiteData needs an object/, store);
    await refusedWith(storage.setAllSiteData({ 7: {}, 99: {} }), /^99 - is not a valid site-Id/, store);
    await refusedWith(storage.setAllSiteData({ 3: {}, 6: { data: [{ id: 1 }] } }), /compulsory fiels/, store);
    await storage.setAllSiteData({ 3: { data: [{ id: 1, type: 'lead', product: 'PCO' }] }, 6: {} });
    expect(Object.keys(store.snapshot()).sort()).toEqual(['PBGUC_DEV:visitor-1:3', 'PBGUC_DEV:visitor-1:6']);
    const all = await storage.getAllSiteData();
    expect(Object.keys(all)).toEqual(['3', '6']);
    expect(all['3']!.data[0]).toEqual({ id: 1, type: 'lead', product: 'PCO' });
  });

  it('gets one site entry by its string id', async () => {
    const { storage, store } = setup();
    await refusedWith(storage.getSiteData('7'), '7 - not found site data.', store);
    await refusedWith(storage.getSiteData(7), /^7 - is not a valid site-Id/, store);
    await storage.setItem({ id: 'a', type: 'lead' });
    expect((await storage.getSiteData('7')).data).toHaveLength(1);
  });

  it('reads and writes under the storage id of the moment', async () => {
    const { storage, store, useStorageId } = setup();
    await storage.setItem({ id: 'anon', type: 'lead' });
    useStorageId('c1234');
    await storage.setItem({ id: 'customer', type: 'lead' });
    expect(Object.keys(store.snapshot()).sort()).toEqual(['PBGUC_DEV:c1234:7', 'PBGUC_DEV:visitor-1:7']);
    expect((await storage.getSiteData('7')).data.map((item) => item.id)).toEqual(['customer']);
    expect((await storage.getAllSiteData('visitor-1'))['7']!.data.map((item) => item.id)).toEqual(['anon']);
  });

  it('runs a page’s calls one after another so none is lost', async () => {
    const { storage, stored } = setup();
    await Promise.all(Array.from({ length: 20 }, (_, n) => storage.setItem({ id: n, type: 'lead' })));
    expect((stored() as { data: unknown[] }).data).toHaveLength(20);
  });

  it('keeps working when the change listener throws', async () => {
    const store = memoryStore();
    const storage = createSharedStorage({
      store,
      environment: 'staging',
      siteId: '7',
      storageId: () => 'v',
      onChange: vi.fn(() => {
        throw new Error('listener');
      }),
    });
    await expect(storage.setItem({ id: 'a', type: 'lead' })).resolves.toMatchObject({ id: 'a' });
    expect(() => createSharedStorage({ store, environment: 'staging', siteId: 42, storageId: () => 'v' })).toThrow(
      /^42 - is not a valid site-Id/,
    );
  });
});
