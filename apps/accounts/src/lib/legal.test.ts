import { describe, expect, it } from 'vitest';
import type { AccountsBootstrap } from './bootstrap.ts';
import { parseBootstrap } from './bootstrap.ts';
import { legalLinks } from './legal.ts';

const BOOTSTRAP: AccountsBootstrap = {
  apiBaseUrl: 'http://localhost:4000',
  environment: 'local',
  ssoSiteId: 11,
  frameOrigins: [{ origin: 'http://localhost:4100', includeSubdomain: false }],
};

describe('terms and privacy links', () => {
  it('point at the marketplace site the customer came from, never a placeholder domain', () => {
    expect(legalLinks(BOOTSTRAP, 'http://localhost:4100/signed-in?x=1')).toEqual({
      terms: 'http://localhost:4100/terms',
      privacy: 'http://localhost:4100/privacy',
    });
  });

  it('are not made up for a site that is not configured (a redirect_uri nobody checked yet)', () => {
    expect(legalLinks(BOOTSTRAP, 'https://evil.example/cb')).toBeUndefined();
    expect(legalLinks(BOOTSTRAP, 'not a url')).toBeUndefined();
    expect(legalLinks(BOOTSTRAP, undefined)).toBeUndefined();
  });

  it('are the deployment’s own pages when the server names them', () => {
    const bootstrap = parseBootstrap({
      ...BOOTSTRAP,
      termsUrl: 'https://www.pravesh.in/terms',
      privacyUrl: 'https://www.pravesh.in/privacy',
    });
    expect(legalLinks(bootstrap, undefined)).toEqual({
      terms: 'https://www.pravesh.in/terms',
      privacy: 'https://www.pravesh.in/privacy',
    });
    expect(parseBootstrap({ ...BOOTSTRAP, termsUrl: 'javascript:alert(1)' }).termsUrl).toBeUndefined();
  });
});
