import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITES, SITE_IDS, SSO_SITE_ID, findSite, siteIdOf, siteIdOfKey } from './sites.ts';

describe('site list (spec 000 §3)', () => {
  it('has 26 sites with ids 1 to 26 and unique keys', () => {
    expect(SITE_IDS).toEqual(Array.from({ length: 26 }, (_, index) => index + 1));
    expect(new Set(SITES.map((site) => site.key)).size).toBe(26);
    expect(SITES.filter((site) => site.consentId === '').length).toBeGreaterThan(0);
    expect(findSite(SSO_SITE_ID)?.name).toBe('Single sign-on');
  });

  it('finds sites by number or numeric string only', () => {
    expect(findSite('7')?.key).toBe('CREDIT_CARD');
    expect(findSite(26)?.name).toBe('Investment bonds');
    for (const bad of [0, 27, '7a', ' 7', null, undefined, 2.5, {}]) expect(findSite(bad)).toBeUndefined();
  });

  it('pairs each name and consentId with the key its row names', () => {
    const source = readFileSync(new URL('./sites.ts', import.meta.url), 'utf8');
    const rows = [...source.matchAll(/^ {2}\['([^']*)', '([^']*)'\], \/\/ (\w+)$/gm)].map(
      ([, name, consentId, key]) => ({
        key,
        name,
        consentId,
      }),
    );
    expect(rows).toEqual(SITES.map(({ key, name, consentId }) => ({ key, name, consentId })));
  });

  it('tells a site id from its number, digits or key without the names', () => {
    expect(siteIdOf(7)).toBe(7);
    expect(siteIdOf('26')).toBe(26);
    for (const bad of [0, 27, '7a', ' 7', null, undefined, 2.5, {}, true]) expect(siteIdOf(bad)).toBeUndefined();
    expect(siteIdOfKey('SSO')).toBe(SSO_SITE_ID);
  });
});
