import { describe, expect, it } from 'vitest';
import type { FrameOrigin } from './bootstrap.ts';
import { exactOrigin, isAllowedOrigin, resolveEmbedderOrigin } from './origins.ts';

const ALLOWED: FrameOrigin[] = [
  { origin: 'http://localhost:4100', includeSubdomain: false },
  { origin: 'https://cards.example.in', includeSubdomain: true },
];

describe('exactOrigin', () => {
  it.each([
    ['http://localhost:4100', 'http://localhost:4100'],
    ['http://localhost:4100/', 'http://localhost:4100'],
    ['https://www.example.in', 'https://www.example.in'],
  ])('%s is the origin %s', (value, origin) => expect(exactOrigin(value)).toBe(origin));

  it.each(['*', 'null', '', 'http://localhost:4100/page', 'javascript:alert(1)', 'localhost:4100'])(
    '%j is not an origin',
    (value) => expect(exactOrigin(value)).toBeUndefined(),
  );
});

describe('isAllowedOrigin', () => {
  it('accepts listed origins exactly, and subdomains only where the site allows them', () => {
    expect(isAllowedOrigin('http://localhost:4100', ALLOWED)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4101', ALLOWED)).toBe(false);
    expect(isAllowedOrigin('https://localhost:4100', ALLOWED)).toBe(false);
    expect(isAllowedOrigin('http://sub.localhost:4100', ALLOWED)).toBe(false);
    expect(isAllowedOrigin('https://m.cards.example.in', ALLOWED)).toBe(true);
    expect(isAllowedOrigin('https://evilcards.example.in', ALLOWED)).toBe(false);
    expect(isAllowedOrigin('https://cards.example.in.evil.com', ALLOWED)).toBe(false);
    expect(isAllowedOrigin('*', ALLOWED)).toBe(false);
  });
});

describe('resolveEmbedderOrigin', () => {
  it('trusts the browser’s ancestorOrigins, and the claimed parentOrigin must agree', () => {
    expect(resolveEmbedderOrigin({ ancestorOrigins: ['http://localhost:4100'] }, ALLOWED)).toEqual({
      ok: true,
      origin: 'http://localhost:4100',
    });
    expect(
      resolveEmbedderOrigin(
        { ancestorOrigins: ['https://evil.example'], parentOrigin: 'http://localhost:4100' },
        ALLOWED,
      ),
    ).toEqual({ ok: false, reason: 'mismatch' });
    expect(resolveEmbedderOrigin({ ancestorOrigins: ['https://evil.example'] }, ALLOWED)).toEqual({
      ok: false,
      reason: 'unlisted',
    });
  });

  it('uses a listed parentOrigin when the browser has no ancestorOrigins (Firefox)', () => {
    expect(resolveEmbedderOrigin({ parentOrigin: 'http://localhost:4100' }, ALLOWED)).toEqual({
      ok: true,
      origin: 'http://localhost:4100',
    });
    expect(
      resolveEmbedderOrigin({ parentOrigin: 'http://localhost:4100', referrer: 'https://evil.example/x' }, ALLOWED),
    ).toEqual({ ok: false, reason: 'mismatch' });
    expect(resolveEmbedderOrigin({ parentOrigin: 'https://evil.example' }, ALLOWED).ok).toBe(false);
  });

  it('never accepts "*" or a URL with a path as the parent origin', () => {
    expect(resolveEmbedderOrigin({ parentOrigin: '*' }, ALLOWED)).toEqual({ ok: false, reason: 'unlisted' });
    expect(resolveEmbedderOrigin({ parentOrigin: 'http://localhost:4100/x' }, ALLOWED).ok).toBe(false);
  });

  it('falls back to the referrer, then to the registered redirect_uri’s origin', () => {
    expect(resolveEmbedderOrigin({ referrer: 'http://localhost:4100/products?x=1' }, ALLOWED)).toEqual({
      ok: true,
      origin: 'http://localhost:4100',
    });
    expect(resolveEmbedderOrigin({ redirectUri: 'https://m.cards.example.in/after-login' }, ALLOWED)).toEqual({
      ok: true,
      origin: 'https://m.cards.example.in',
    });
    expect(resolveEmbedderOrigin({}, ALLOWED)).toEqual({ ok: false, reason: 'unknown' });
  });
});
