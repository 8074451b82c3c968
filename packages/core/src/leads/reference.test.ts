import { describe, expect, it } from 'vitest';
import { applicationReference } from './reference.ts';

describe('applicationReference', () => {
  it('is short, readable and the same for the same lead', () => {
    const id = '3f2a9c41-7b1e-4d2a-9f00-1c2b3d4e5f60';
    expect(applicationReference(id)).toMatch(/^KS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(applicationReference(id)).toBe(applicationReference(id.toUpperCase()));
    expect(applicationReference(id)).not.toBe(applicationReference('3f2a9c42-7b1e-4d2a-9f00-1c2b3d4e5f60'));
    expect(applicationReference('00000000-0000-4000-8000-000000000000')).toBe('KS-0000-0000');
  });
});
