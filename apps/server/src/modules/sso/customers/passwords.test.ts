import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password only, with a fresh salt per hash', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('treats canonically equal Unicode alike and refuses malformed hashes', async () => {
    const hash = await hashPassword('café');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });

  it('keeps verifying hashes made with other parameters', async () => {
    const stored = 'scrypt$16384$8$1$' + 'AAAAAAAAAAAAAAAAAAAAAA' + '$' + 'A'.repeat(86);
    expect(await verifyPassword('x', stored)).toBe(false);
  });
});
