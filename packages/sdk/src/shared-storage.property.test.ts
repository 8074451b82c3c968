import { PraveshError, siteEntrySchema, SSO_SITE_ID } from '@pravesh/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookies.ts';
import { memoryStore } from './key-value-store.ts';
import { createSharedStorage, type SharedStorage } from './shared-storage.ts';
import { createVisitorRecordStore } from './visitor-record.ts';

/**
 * Properties of the storage rules (spec 000 §5, §8): whatever a caller passes, a call either
 * succeeds or fails with a catalogue error (never a TypeError or the like), a refused call leaves
 * every stored byte as it was, and what is stored is always a site entry the server accepts.
 */
const anything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});
/** Mostly plausible values, now and then anything at all: both successes and refusals are common. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: anything, weight: 1 });
const id = mostly(fc.constantFrom('a', 'b', 1, '1', ''));
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 8 }), weight: 12 },
  { arbitrary: fc.constantFrom('x'.repeat(600), 'nul\u0000'), weight: 1 },
  { arbitrary: anything, weight: 1 },
);
const application = mostly(
  fc.record({
    id,
    partnerId: id,
    partnerName: text,
    productName: fc.constant('P'),
    image: fc.constant('i'),
    state: text,
    continueUrl: fc.constant('/c'),
    title: fc.constant('t'),
    subtitle: fc.constant('s'),
  }),
);
const item = mostly(
  fc.record(
    {
      id,
      type: mostly(fc.constantFrom('report', 'lead')),
      product: mostly(fc.constantFrom('PL', 'CC', 'HL', 'MF', 'PCO', 'BUREAU', 'XX')),
      title: text,
      continueUrl: text,
      updatedAt: fc.oneof(fc.nat(), text, fc.constant(undefined)),
      application: mostly(fc.array(application, { maxLength: 2 })),
    },
    { requiredKeys: ['id', 'type'] },
  ),
);
const siteKey = fc.oneof(
  fc.constantFrom('3', '7', '07', '99', '__proto__', 'constructor'),
  fc.string({ maxLength: 3 }),
);
const allSiteData = mostly(
  fc.dictionary(
    siteKey,
    mostly(
      fc.record(
        {
          data: mostly(fc.array(item, { maxLength: 2 })),
          sharedData: fc.oneof(anything, fc.constant({ blob: 'z'.repeat(2000) })),
        },
        { requiredKeys: [] },
      ),
    ),
    { maxKeys: 3 },
  ),
);

type Call = (storage: SharedStorage) => Promise<unknown>;
const call: fc.Arbitrary<Call> = fc.oneof(
  item.map(
    (value): Call =>
      (storage) =>
        storage.setItem(value),
  ),
  item.map(
    (value): Call =>
      (storage) =>
        storage.updateItem(value),
  ),
  item.map(
    (value): Call =>
      (storage) =>
        storage.deleteItem(value),
  ),
  fc.tuple(id, application).map(
    ([parent, value]): Call =>
      (storage) =>
        storage.setApplication(parent, value),
  ),
  fc.tuple(id, id).map(
    ([parent, value]): Call =>
      (storage) =>
        storage.deleteApplication(parent, value),
  ),
  allSiteData.map(
    (value): Call =>
      (storage) =>
        storage.setAllSiteData(value),
  ),
  fc.oneof(siteKey, anything).map(
    (value): Call =>
      (storage) =>
        storage.getSiteData(value),
  ),
);

describe('shared storage properties', () => {
  it('refuses only with catalogue errors, never changes data on a refusal, and stores only valid entries', async () => {
    let refusals = 0;
    const keys = new Map<string, number>();
    let successes = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 12 }), async (calls) => {
        const store = memoryStore();
        let time = Date.UTC(2026, 0, 1);
        const storage = createSharedStorage({
          store,
          environment: 'staging',
          siteId: 7,
          storageId: () => 'visitor-1',
          now: () => (time += 1000),
          limitBytes: 1500,
        });
        for (const run of calls) {
          const before = JSON.stringify(store.snapshot());
          try {
            await run(storage);
            successes++;
          } catch (error) {
            refusals++;
            keys.set(String((error as PraveshError).key), (keys.get(String((error as PraveshError).key)) ?? 0) + 1);
            expect(error).toBeInstanceOf(PraveshError);
            expect(JSON.stringify(store.snapshot())).toBe(before);
          }
          for (const value of Object.values(store.snapshot())) {
            expect(siteEntrySchema.safeParse(JSON.parse(value)).error).toBeUndefined();
          }
        }
      }),
      { numRuns: 300 },
    );
    // Both outcomes, and every storage refusal of the catalogue, were exercised.
    expect(successes).toBeGreaterThan(50);
    expect(refusals).toBeGreaterThan(500);
    expect([...keys.keys()].sort()).toEqual([
      'applicationNotArray',
      'badRequest',
      'dataSizeExceeded',
      'doesNotExist',
      'idAndApplicationIdMandatory',
      'idAndPayloadMandatory',
      'idAndTypeRequired',
      'invalidSiteId',
      'productNotAllowed',
      'siteDataNotFound',
      'storageFieldsMissing',
    ]);
  });

  it('setCustomer takes anything: it resolves or refuses with the catalogue error, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(SSO_SITE_ID, '11', 7, '7'), anything),
        fc.oneof(
          fc.record(
            { mobileNo: fc.oneof(fc.string(), fc.integer(), anything), customerId: fc.oneof(fc.string(), anything) },
            { requiredKeys: [] },
          ),
          anything,
        ),
        async (siteId, customer) => {
          const jar = memoryCookieJar();
          const records = createVisitorRecordStore({ environment: 'staging', cookieKey: 'k', cookies: jar });
          records.ensure();
          const before = jar.read();
          try {
            const change = await records.setCustomer(siteId as number, customer);
            expect(['set', 'ignored']).toContain(change);
            if (change === 'ignored') expect(jar.read()).toBe(before);
          } catch (error) {
            expect(error).toBeInstanceOf(PraveshError);
            expect((error as PraveshError).key).toBe('notAuthorizedToSetCustomerData');
            expect(jar.read()).toBe(before);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
