// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, documentCookieJar, readCookie, serializeCookie } from './cookies.ts';

afterEach(() => {
  for (const name of ['a', 'b']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

describe('document cookie jar', () => {
  it('reads and writes document.cookie', () => {
    const jar = documentCookieJar();
    jar.write(serializeCookie('a', 'one', { maxAgeSeconds: 60 }));
    jar.write(serializeCookie('b', 'two', { maxAgeSeconds: 60, path: '/' }));
    expect(readCookie(jar, 'a')).toBe('one');
    expect(readCookie(jar, 'b')).toBe('two');
    expect(deleteCookie(jar, 'a', { hostname: location.hostname, pathname: '/x/y' })).toBe(true);
    expect(readCookie(jar, 'a')).toBeUndefined();
    expect(readCookie(jar, 'b')).toBe('two');
  });

  it('serialises the attributes in a fixed order', () => {
    expect(
      serializeCookie('n', 'v', { maxAgeSeconds: 5, domain: '.example.in', secure: true, sameSite: 'Strict' }),
    ).toBe('n=v; Max-Age=5; Path=/; Domain=.example.in; SameSite=Strict; Secure');
  });
});
