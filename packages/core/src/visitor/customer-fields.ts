import { fromBase64Url, toBase64Url } from '../shield/crypto.ts';

/**
 * Sealing of the visitor record's customer fields (spec 000 §3: "mobileNo (encrypted),
 * customerId (encrypted)"). The record itself is only XOR-obfuscated (cookie-cipher.ts), so the
 * two fields that identify a person are sealed with AES-256-GCM on top, under a key derived from
 * the cookie key: whoever holds the cookie key (the server, and the SDK that is given it) can open
 * them; a script reading the cookie without it cannot, and an edited value fails authentication.
 * The field name is bound as additional data, so a sealed mobileNo cannot be passed off as a
 * customerId. Format: base64url(iv ‖ ciphertext ‖ tag). Zod-free: the SDK bundles it.
 */
export const CUSTOMER_FIELDS = ['mobileNo', 'customerId'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;
const TAG_BYTES = 16;

async function hmac(key: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const hmacKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(message)));
}

/** Derived keys are cached per cookie key: a page seals and opens a handful of values. */
const fieldKeys = new Map<string, Promise<CryptoKey>>();

function fieldKey(cookieKey: string): Promise<CryptoKey> {
  let key = fieldKeys.get(cookieKey);
  if (!key) {
    if (cookieKey === '') return Promise.reject(new Error('cookie key is empty'));
    key = hmac(cookieKey, 'pravesh-customer-fields').then((material) =>
      crypto.subtle.importKey('raw', material, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']),
    );
    fieldKeys.set(cookieKey, key);
  }
  return key;
}

/** Seals one customer field for the visitor record (and its customer storage mapping). */
export async function sealCustomerField(cookieKey: string, field: CustomerField, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(field) },
      await fieldKey(cookieKey),
      encoder.encode(plain),
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

/**
 * Opens a sealed customer field with the first key that authenticates it (the active key first,
 * then older ones while they rotate out). Undefined for anything else: a field sealed under an
 * unknown key, edited, truncated or sealed as the other field.
 */
export async function openCustomerField(
  cookieKeys: string | readonly string[],
  field: CustomerField,
  sealed: unknown,
): Promise<string | undefined> {
  if (typeof sealed !== 'string') return undefined;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(sealed);
  } catch {
    return undefined;
  }
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  for (const cookieKey of typeof cookieKeys === 'string' ? [cookieKeys] : cookieKeys) {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: encoder.encode(field) },
        await fieldKey(cookieKey),
        bytes.slice(IV_BYTES),
      );
      return decoder.decode(plain);
    } catch {
      // Not this key: try the next one.
    }
  }
  return undefined;
}

/**
 * The storage id of a customer (the customer mapping entry's storageId, spec 000 §3): the key
 * prefix under which that customer's site entries live in shared storage. Derived with HMAC so
 * it is stable for the same customer and cookie key, and reveals nothing about the customer id.
 * The leading "c" keeps it apart from visitor ids (UUIDs) and from integer-like object keys.
 */
export async function customerStorageId(cookieKey: string, customerId: string): Promise<string> {
  const digest = await hmac(cookieKey, `pravesh-storage-id:${customerId}`);
  return `c${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
