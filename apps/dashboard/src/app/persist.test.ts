import { afterEach, describe, expect, it, vi } from 'vitest';
import { aesGcmCodec, memoryKeyStore, plainCodec, type Codec } from '../lib/secure-storage.ts';
import { createPersistence, PERSIST_KEY, RESTORE_TIMEOUT_MS } from './persist.ts';
import { createStore } from './store.ts';
import { signedIn } from './slices/user.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const CUSTOMER = {
  customerId: '0b7c2a52-9d7e-4f7a-9a43-2c1d5b2f6e11',
  mobileNo: '9876501234',
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.token.signature',
  visitorId: null,
  visitId: 'visit-1',
  glssToken: null,
  appJourney: null,
  authorizationCode: null,
};

afterEach(() => vi.useRealTimers());

describe('persisted state (spec 001 §3, §9)', () => {
  it('outside local: the stored bytes are AES-GCM, with no customer data readable, and restore', async () => {
    const storage = memoryStorage();
    const keys = memoryKeyStore();
    const persistence = createPersistence({ storage, codec: aesGcmCodec(keys) });
    const store = createStore({ persistence });
    store.dispatch(signedIn(CUSTOMER));
    await vi.waitFor(() => expect(storage.items.has(PERSIST_KEY)).toBe(true));

    const stored = storage.items.get(PERSIST_KEY)!;
    expect(stored).toMatch(/^aesgcm\.v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    for (const secret of [CUSTOMER.mobileNo, CUSTOMER.customerId, CUSTOMER.accessToken, 'userData']) {
      expect(stored).not.toContain(secret);
    }
    // Nor is it base64 of the plain text.
    const [, , iv, sealed] = stored.split('.');
    expect(atob(sealed!)).not.toContain(CUSTOMER.mobileNo);
    expect(atob(iv!)).toHaveLength(12);

    // The key is non-extractable: no script can read its bytes.
    const key = (await keys.get())!;
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();

    // Another page load (same key store) reads it back.
    const restored = await createPersistence({ storage, codec: aesGcmCodec(keys) }).restore();
    expect(restored?.user).toMatchObject({ userData: CUSTOMER });
    expect(createStore({ preloaded: restored }).getState().user.userData).toEqual(CUSTOMER);
  });

  it('a fresh IV per write: the same state never gives the same bytes', async () => {
    const codec = aesGcmCodec(memoryKeyStore());
    expect(await codec.encode('same')).not.toBe(await codec.encode('same'));
  });

  it('bytes sealed under another key, or altered, restore nothing and are removed', async () => {
    const storage = memoryStorage();
    const writer = createPersistence({ storage, codec: aesGcmCodec(memoryKeyStore()) });
    await writer.write({ user: { userData: CUSTOMER } });
    expect(await createPersistence({ storage, codec: aesGcmCodec(memoryKeyStore()) }).restore()).toBeUndefined();
    expect(storage.items.has(PERSIST_KEY)).toBe(false);

    const keys = memoryKeyStore();
    const own = createPersistence({ storage, codec: aesGcmCodec(keys) });
    await own.write({ user: { userData: CUSTOMER } });
    const sealed = storage.items.get(PERSIST_KEY)!;
    storage.items.set(PERSIST_KEY, `${sealed.slice(0, -6)}AAAAAA`);
    expect(await createPersistence({ storage, codec: aesGcmCodec(keys) }).restore()).toBeUndefined();
  });

  it('purge (logout, reset) empties the key and forgets the encryption key; nothing is written after', async () => {
    const storage = memoryStorage();
    const keys = memoryKeyStore();
    const persistence = createPersistence({ storage, codec: aesGcmCodec(keys) });
    await persistence.write({ user: { userData: CUSTOMER } });
    const leftover = storage.items.get(PERSIST_KEY)!;
    await persistence.purge();
    expect(storage.items.has(PERSIST_KEY)).toBe(false);
    expect(await keys.get()).toBeUndefined();
    await persistence.write({ user: { userData: CUSTOMER } });
    expect(storage.items.has(PERSIST_KEY)).toBe(false);
    // A copy taken before logout can no longer be opened.
    storage.items.set(PERSIST_KEY, leftover);
    expect(await createPersistence({ storage, codec: aesGcmCodec(keys) }).restore()).toBeUndefined();
  });

  it('local: stored as plain JSON (spec 001 §9 "encryption on everywhere except the local environment")', async () => {
    const storage = memoryStorage();
    await createPersistence({ storage, codec: plainCodec }).write({ user: { userData: CUSTOMER } });
    expect(JSON.parse(storage.items.get(PERSIST_KEY)!)).toMatchObject({ user: { userData: CUSTOMER } });
  });

  it('gives up restoring after 5000 ms and starts empty', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    storage.items.set(PERSIST_KEY, 'aesgcm.v1.x.y');
    const stuck: Codec = { ...plainCodec, decode: () => new Promise(() => undefined) };
    let restored: unknown = 'pending';
    void createPersistence({ storage, codec: stuck })
      .restore()
      .then((value) => (restored = value));
    await vi.advanceTimersByTimeAsync(RESTORE_TIMEOUT_MS - 1);
    expect(restored).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(restored).toBeUndefined();
  });
});
