/**
 * Persisted state at rest (spec 001 §3: "State is persisted locally under a key, encrypted outside
 * the local environment"; §9 "Storage encryption on everywhere except the local environment").
 *
 * Outside `local` the value is AES-GCM (WebCrypto) under a 256-bit key generated in this browser
 * as a NON-EXTRACTABLE CryptoKey and kept in IndexedDB: no key ships in the bundle, and no script
 * can read the key's bytes (exportKey refuses), only ask the browser to use it.
 *
 * What this protects against: the customer's data in localStorage being read off the device
 * outside this page — a copied browser profile or backup, another program or extension reading the
 * storage files, "show me what this site stores" in devtools on a shared computer, or storage left
 * behind after logout (logout deletes the key, so any leftover bytes are unreadable). What it does
 * not protect against: a script running on this origin (XSS) while the key exists, since it can
 * ask the browser to decrypt; CSP script-src 'self' is the defence there.
 */
export interface KeyStore {
  get(): Promise<CryptoKey | undefined>;
  put(key: CryptoKey): Promise<void>;
  delete(): Promise<void>;
}

const DB_NAME = 'pravesh-myaccount';
const STORE = 'keys';
const KEY_ID = 'state-key';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

/** The key in IndexedDB: structured clone keeps a CryptoKey non-extractable. */
export function indexedDbKeyStore(factory: IDBFactory = indexedDB): KeyStore {
  async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await openDb(factory);
    try {
      return await request(run(db.transaction(STORE, mode).objectStore(STORE)));
    } finally {
      db.close();
    }
  }
  return {
    get: () => withStore('readonly', (store) => store.get(KEY_ID) as IDBRequest<CryptoKey | undefined>),
    put: async (key) => void (await withStore('readwrite', (store) => store.put(key, KEY_ID))),
    delete: async () => void (await withStore('readwrite', (store) => store.delete(KEY_ID))),
  };
}

/** For tests and browsers without IndexedDB (private modes): the key lives as long as the page. */
export function memoryKeyStore(): KeyStore {
  let held: CryptoKey | undefined;
  return {
    get: () => Promise.resolve(held),
    put: (key) => Promise.resolve(void (held = key)),
    delete: () => Promise.resolve(void (held = undefined)),
  };
}

export interface Codec {
  encode(plain: string): Promise<string>;
  /** Undefined when the stored text cannot be read (other key, tampered, not ours). */
  decode(stored: string): Promise<string | undefined>;
  /** Forgets the key: what was written under it can never be read again. */
  forget(): Promise<void>;
}

export const plainCodec: Codec = {
  encode: (plain) => Promise.resolve(plain),
  decode: (stored) => Promise.resolve(stored),
  forget: () => Promise.resolve(),
};

const PREFIX = 'aesgcm.v1.';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function aesGcmCodec(keys: KeyStore, subtle: SubtleCrypto = crypto.subtle): Codec {
  let key: Promise<CryptoKey> | undefined;
  function keyOnce(create: boolean): Promise<CryptoKey | undefined> {
    if (key) return key;
    const found = keys.get().then(async (stored) => {
      if (stored) return stored;
      if (!create) return undefined;
      const fresh = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await keys.put(fresh);
      return fresh;
    });
    return found.then((resolved) => {
      if (resolved) key = Promise.resolve(resolved);
      return resolved;
    });
  }
  return {
    async encode(plain) {
      const cryptoKey = (await keyOnce(true))!;
      // A fresh 96-bit IV for every write (NIST SP 800-38D §8.2.2).
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(
        await subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, new TextEncoder().encode(plain)),
      );
      return `${PREFIX}${toBase64(iv)}.${toBase64(sealed)}`;
    },
    async decode(stored) {
      if (!stored.startsWith(PREFIX)) return undefined;
      const cryptoKey = await keyOnce(false);
      if (!cryptoKey) return undefined;
      const [iv, sealed] = stored.slice(PREFIX.length).split('.');
      if (!iv || !sealed) return undefined;
      try {
        const plain = await subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, cryptoKey, fromBase64(sealed));
        return new TextDecoder().decode(plain);
      } catch {
        return undefined;
      }
    },
    async forget() {
      key = undefined;
      await keys.delete();
    },
  };
}
