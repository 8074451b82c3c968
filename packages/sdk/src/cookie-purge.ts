import { PraveshError } from '@pravesh/core';
import { deleteCookie, type Cookie, type CookieJar } from './cookies.ts';

/**
 * Cookie purge (spec 000 §5): cookies over 3500 bytes are deleted; if all cookies together still
 * exceed 7000 bytes, the largest go until at most 5000 remain. The visitor cookie is never purged.
 * Large cookies ride along on every request to the sites' servers, and past a server's header
 * limit (often 8 KB) requests start failing with 400 or 431: this keeps the pages reachable.
 * The plan is pure (it runs in the purge worker); applying it needs document.cookie, so the page
 * does that part.
 */
export const PURGE_COOKIE_MAX_BYTES = 3500;
export const PURGE_TOTAL_MAX_BYTES = 7000;
export const PURGE_TOTAL_TARGET_BYTES = 5000;

/** Bytes a cookie adds to the Cookie header: `name=value` in UTF-8. */
export function cookieBytes(cookie: Cookie): number {
  return new TextEncoder().encode(`${cookie.name}=${cookie.value}`).length;
}

/**
 * The names to delete, in order. A name set on several paths or domains shows several times in
 * document.cookie; deleting the name deletes them all, so sizes add up per name.
 */
export function planCookiePurge(cookies: readonly Cookie[], keep: readonly string[]): string[] {
  const sizes = new Map<string, { total: number; largest: number }>();
  let total = 0;
  for (const cookie of cookies) {
    const bytes = cookieBytes(cookie);
    total += bytes;
    const size = sizes.get(cookie.name) ?? { total: 0, largest: 0 };
    sizes.set(cookie.name, { total: size.total + bytes, largest: Math.max(size.largest, bytes) });
  }
  const deletable = [...sizes].filter(([name]) => !keep.includes(name));
  const purged: string[] = [];
  for (const [name, size] of deletable) {
    if (size.largest > PURGE_COOKIE_MAX_BYTES) {
      purged.push(name);
      total -= size.total;
    }
  }
  if (total > PURGE_TOTAL_MAX_BYTES) {
    const largestFirst = deletable
      .filter(([name]) => !purged.includes(name))
      .sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, size] of largestFirst) {
      if (total <= PURGE_TOTAL_TARGET_BYTES) break;
      purged.push(name);
      total -= size.total;
    }
  }
  return purged;
}

export interface Logger {
  warn(message: string, detail?: unknown): void;
}

/**
 * Deletes the planned cookies wherever a script could have set them; one that stays (HttpOnly,
 * or set for a domain this page cannot name) is logged as "Failed to delete cookie" (spec 000 §8).
 */
export function applyCookiePurge(
  jar: CookieJar,
  names: readonly string[],
  where: { hostname: string; pathname: string },
  logger: Logger,
): { deleted: string[]; failed: string[] } {
  const deleted: string[] = [];
  const failed: string[] = [];
  for (const name of names) {
    let gone = false;
    try {
      gone = deleteCookie(jar, name, where);
    } catch {
      gone = false;
    }
    if (gone) deleted.push(name);
    else {
      failed.push(name);
      logger.warn(new PraveshError('failedToDeleteCookie').message, name);
    }
  }
  return { deleted, failed };
}
