import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../shield/crypto.ts';
import { customerStorageId, openCustomerField, sealCustomerField } from './customer-fields.ts';

const KEY = 'cookie-key-for-tests';

describe('customer fields', () => {
  it('round-trips any text and never shows it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 80 }),
        fc.constantFrom('mobileNo', 'customerId'),
        async (plain, field) => {
          const sealed = await sealCustomerField(KEY, field, plain);
          expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(await openCustomerField(KEY, field, sealed)).toBe(plain);
        },
      ),
      { numRuns: 50 },
    );
    expect(await sealCustomerField(KEY, 'mobileNo', '9876543210')).not.toContain('9876543210');
  });

  it('seals the same value differently each time (random IV)', async () => {
    const a = await sealCustomerField(KEY, 'mobileNo', '9876543210');
    const b = await sealCustomerField(KEY, 'mobileNo', '9876543210');
    expect(a).not.toBe(b);
  });

  it('opens nothing under another key, as the other field, edited or garbage', async () => {
    const sealed = await sealCustomerField(KEY, 'customerId', 'c-1');
    expect(await openCustomerField('other-key', 'customerId', sealed)).toBeUndefined();
    expect(await openCustomerField(KEY, 'mobileNo', sealed)).toBeUndefined();
    const bytes = fromBase64Url(sealed);
    bytes[bytes.length - 1]! ^= 1;
    expect(await openCustomerField(KEY, 'customerId', toBase64Url(bytes))).toBeUndefined();
    for (const junk of [undefined, null, 42, '', '%%%', 'abc', {}]) {
      expect(await openCustomerField(KEY, 'customerId', junk)).toBeUndefined();
    }
    await expect(sealCustomerField('', 'customerId', 'x')).rejects.toThrow('cookie key is empty');
  });

  it('opens with an older key while keys rotate', async () => {
    const sealed = await sealCustomerField('old-key', 'mobileNo', '9000000001');
    expect(await openCustomerField(['new-key', 'old-key'], 'mobileNo', sealed)).toBe('9000000001');
    expect(await openCustomerField(['new-key'], 'mobileNo', sealed)).toBeUndefined();
  });

  it('derives a stable storage id per customer and key', async () => {
    const id = await customerStorageId(KEY, 'cust-1');
    expect(id).toMatch(/^c[0-9a-f]{32}$/);
    expect(await customerStorageId(KEY, 'cust-1')).toBe(id);
    expect(await customerStorageId(KEY, 'cust-2')).not.toBe(id);
    expect(await customerStorageId('other-key', 'cust-1')).not.toBe(id);
  });
});
