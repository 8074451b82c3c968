import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  applyCookiePurge,
  cookieBytes,
  planCookiePurge,
  PURGE_COOKIE_MAX_BYTES,
  PURGE_TOTAL_MAX_BYTES,
  PURGE_TOTAL_TARGET_BYTES,
} from './cookie-purge.ts';
import { memoryCookieJar, parseCookies, type Cookie, type CookieJar } from './cookies.ts';

/** A cookie whose `name=value` is exactly `bytes` long. */
function sized(name: string, bytes: number): Cookie {
  return { name, value: 'x'.repeat(bytes - name.length - 1) };
}

const total = (cookies: Cookie[]) => cookies.reduce((sum, cookie) => sum + cookieBytes(cookie), 0);

describe('planCookiePurge', () => {
  it('uses the limits of spec 000 §5', () => {
    expect([PURGE_COOKIE_MAX_BYTES, PURGE_TOTAL_MAX_BYTES, PURGE_TOTAL_TARGET_BYTES]).toEqual([3500, 7000, 5000]);
    expect(cookieBytes({ name: 'a', value: 'é' })).toBe(4);
  });

  it('deletes a cookie over 3500 bytes, not one of exactly 3500', () => {
    expect(planCookiePurge([sized('big', 3501), sized('edge', 3500)], [])).toEqual(['big']);
  });

  it('deletes the largest until at most 5000 remain when over 7000', () => {
    const cookies = [sized('a', 3000), sized('b', 2500), sized('c', 1000), sized('d', 600)];
    expect(total(cookies)).toBe(7100);
    expect(planCookiePurge(cookies, [])).toEqual(['a']);
    const many = [sized('a', 2000), sized('b', 1900), sized('c', 1800), sized('d', 1700)];
    expect(planCookiePurge(many, [])).toEqual(['a', 'b']);
    expect(planCookiePurge([sized('a', 3500), sized('b', 3500)], [])).toEqual([]);
  });

  it('never purges the visitor cookie', () => {
    expect(planCookiePurge([sized('GUC', 3900), sized('x', 100)], ['GUC'])).toEqual([]);
    expect(planCookiePurge([sized('GUC', 3400), sized('a', 3000), sized('b', 1000)], ['GUC'])).toEqual(['a']);
  });

  it('adds up a name set on several paths', () => {
    expect(planCookiePurge([sized('dup', 3000), sized('dup', 3000), sized('solo', 2000)], [])).toEqual(['dup']);
  });

  it('always ends within the limits, and touches nothing that is within them', () => {
    const cookie = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'GUC'),
      value: fc.string({ maxLength: 4000 }),
    });
    fc.assert(
      fc.property(fc.array(cookie, { maxLength: 12 }), (cookies) => {
        const purged = planCookiePurge(cookies, ['GUC']);
        expect(purged).not.toContain('GUC');
        expect(new Set(purged).size).toBe(purged.length);
        const left = cookies.filter((c) => !purged.includes(c.name));
        const onlyKept = left.every((c) => c.name === 'GUC');
        for (const c of left) if (c.name !== 'GUC') expect(cookieBytes(c)).toBeLessThanOrEqual(3500);
        if (total(left) > 7000) expect(onlyKept).toBe(true);
        const trimmedForTotal = purged.some((name) => cookies.every((c) => c.name !== name || cookieBytes(c) <= 3500));
        if (trimmedForTotal) expect(total(left) <= 5000 || onlyKept).toBe(true);
        if (total(cookies) <= 7000 && cookies.every((c) => cookieBytes(c) <= 3500)) expect(purged).toEqual([]);
      }),
    );
  });
});

describe('applyCookiePurge', () => {
  it('expires the cookie on every domain and path a script could have used', () => {
    const jar = memoryCookieJar({ big: 'x' });
    const logger = { warn: vi.fn() };
    const result = applyCookiePurge(jar, ['big'], { hostname: 'cards.example.in', pathname: '/apply/now' }, logger);
    expect(result).toEqual({ deleted: ['big'], failed: [] });
    expect(jar.writes).toContain('big=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax');
    expect(jar.writes).toContain(
      'big=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/apply/now; Domain=example.in; SameSite=Lax',
    );
    expect(jar.writes).toContain(
      'big=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/apply; Domain=cards.example.in; SameSite=Lax',
    );
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('logs "Failed to delete cookie" for a cookie that stays', () => {
    const stubborn: CookieJar = { read: () => 'httponly=1; b=2', write: () => undefined };
    const logger = { warn: vi.fn() };
    const result = applyCookiePurge(stubborn, ['httponly'], { hostname: 'a.example', pathname: '/' }, logger);
    expect(result).toEqual({ deleted: [], failed: ['httponly'] });
    expect(logger.warn).toHaveBeenCalledWith('Failed to delete cookie', 'httponly');
    const throwing: CookieJar = {
      read: () => 'x=1',
      write: () => {
        throw new Error('blocked');
      },
    };
    expect(applyCookiePurge(throwing, ['x'], { hostname: 'a.example', pathname: '/' }, logger).failed).toEqual(['x']);
  });

  it('reads the cookie string a browser gives', () => {
    expect(parseCookies(' a=1; b="quoted"; =skip; noequals; c=x=y')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: 'quoted' },
      { name: 'c', value: 'x=y' },
    ]);
  });
});
