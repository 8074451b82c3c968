import type { AccountsBootstrap } from './bootstrap.ts';

/** Where the marketplace's terms and privacy policy are, linked from the sign-in form. */
export interface LegalLinks {
  terms: string;
  privacy: string;
}

/** The marketplace's own pages, on the site the customer came from (never a placeholder domain). */
export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The links: the deployment's configured pages when the server names them (bootstrap termsUrl and
 * privacyUrl), else the terms and privacy paths on the marketplace site the customer came from —
 * only a configured site origin (a redirect_uri's origin is whatever the link says until the
 * service has checked it), else none, and the words stay plain text.
 */
export function legalLinks(bootstrap: AccountsBootstrap, siteUrl: string | undefined): LegalLinks | undefined {
  if (bootstrap.termsUrl && bootstrap.privacyUrl) return { terms: bootstrap.termsUrl, privacy: bootstrap.privacyUrl };
  const origin = originOf(siteUrl);
  if (!origin || !bootstrap.frameOrigins.some((site) => site.origin === origin)) return undefined;
  return { terms: `${origin}${TERMS_PATH}`, privacy: `${origin}${PRIVACY_PATH}` };
}
