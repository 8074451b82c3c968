import type { FrameOrigin } from './bootstrap.ts';

/**
 * Which page embeds /listener, and may it receive our messages? The answer must be an exact origin
 * from the configured site list: postMessage is never sent with '*' (ARCHITECTURE.md "Browser
 * facts"). The browser's CSP frame-ancestors already refuses unlisted framers; these checks make
 * sure the frame also never names an origin it was not framed by.
 */

/** `value` as an origin (scheme://host[:port]) when it is exactly one, else undefined. */
export function exactOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin === value.replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function originOfUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Same rule as the server's site registry: exact origin, or a subdomain when the site allows it. */
export function isAllowedOrigin(origin: string, allowed: readonly FrameOrigin[]): boolean {
  let candidate: URL;
  try {
    candidate = new URL(origin);
  } catch {
    return false;
  }
  if (candidate.origin !== origin) return false;
  return allowed.some((entry) => {
    let base: URL;
    try {
      base = new URL(entry.origin);
    } catch {
      return false;
    }
    if (base.origin === candidate.origin) return true;
    return (
      entry.includeSubdomain &&
      candidate.protocol === base.protocol &&
      candidate.port === base.port &&
      candidate.hostname.endsWith(`.${base.hostname}`)
    );
  });
}

export interface EmbedderClues {
  /** The `parentOrigin` query parameter the widget adds. */
  parentOrigin?: string | null | undefined;
  /** location.ancestorOrigins (Chromium, Safari): the browser's own word on who frames us. */
  ancestorOrigins?: readonly string[] | undefined;
  /** document.referrer: the embedding page's URL or origin, when its referrer policy sends one. */
  referrer?: string | undefined;
  /** The redirect_uri query parameter: the client's registered page, usually on the embedding site. */
  redirectUri?: string | null | undefined;
}

export type EmbedderResult = { ok: true; origin: string } | { ok: false; reason: 'unlisted' | 'mismatch' | 'unknown' };

/**
 * The embedding page's origin. The browser's ancestorOrigins wins when present; a claimed
 * parentOrigin must agree with it (and with the referrer). Without either, the redirect_uri's
 * origin is used. Whatever is chosen must be a configured site origin.
 */
export function resolveEmbedderOrigin(clues: EmbedderClues, allowed: readonly FrameOrigin[]): EmbedderResult {
  const ancestor = clues.ancestorOrigins?.[0];
  const claimed = clues.parentOrigin ? exactOrigin(clues.parentOrigin) : undefined;
  if (clues.parentOrigin && !claimed) return { ok: false, reason: 'unlisted' };
  const referrer = originOfUrl(clues.referrer);

  let origin: string | undefined;
  if (ancestor !== undefined) {
    if (claimed !== undefined && claimed !== ancestor) return { ok: false, reason: 'mismatch' };
    origin = ancestor;
  } else if (claimed !== undefined) {
    if (referrer !== undefined && referrer !== claimed) return { ok: false, reason: 'mismatch' };
    origin = claimed;
  } else {
    origin = referrer ?? originOfUrl(clues.redirectUri);
  }
  if (origin === undefined) return { ok: false, reason: 'unknown' };
  return isAllowedOrigin(origin, allowed) ? { ok: true, origin } : { ok: false, reason: 'unlisted' };
}
