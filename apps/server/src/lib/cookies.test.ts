import { describe, expect, it } from 'vitest';
import { cookieAttributes, readCookie, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; PBGUC_DEV=abc_-; b=2', 'PBGUC_DEV')).toBe('abc_-');
    expect(readCookie('PBGUC_DEV="quoted"', 'PBGUC_DEV')).toBe('quoted');
    expect(readCookie('XPBGUC_DEV=1; broken; =x', 'PBGUC_DEV')).toBeUndefined();
    expect(readCookie(undefined, 'PBGUC_DEV')).toBeUndefined();
  });

  it('serialises Set-Cookie attributes and refuses unsafe names and values', () => {
    expect(
      serializeCookie('GUC', 'v', { maxAgeSeconds: 10, domain: '.example.in', secure: true, sameSite: 'Lax' }),
    ).toBe('GUC=v; Max-Age=10; Path=/; Domain=.example.in; SameSite=Lax; Secure');
    expect(() => serializeCookie('a b', 'v', { maxAgeSeconds: 1 })).toThrow();
    expect(() => serializeCookie('a', 'v; Domain=evil', { maxAgeSeconds: 1 })).toThrow();
    expect(serializeCookie('empty', '', { maxAgeSeconds: 0, httpOnly: true })).toBe(
      'empty=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
    );
  });

  it('works out the attributes alone, for cookies that append them to every value', () => {
    const options = { maxAgeSeconds: 60, path: '/x', sameSite: 'Strict', secure: true, httpOnly: true } as const;
    expect(cookieAttributes(options)).toBe('; Max-Age=60; Path=/x; SameSite=Strict; Secure; HttpOnly');
    expect(`n=v${cookieAttributes(options)}`).toBe(serializeCookie('n', 'v', options));
  });
});
