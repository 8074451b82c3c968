import { ENVIRONMENTS, SSO_SITE_ID, type Environment } from '@pravesh/core';

/**
 * What the server injects into each accounts page (apps/server/src/modules/accounts-pages): a
 * `<script type="application/json" id="pravesh-accounts-config">` element. JSON, not script, so the
 * page's CSP needs no inline-script allowance.
 */
export const BOOTSTRAP_ELEMENT_ID = 'pravesh-accounts-config';

/** A configured site origin that may frame /listener (the CSP frame-ancestors list, in data form). */
export interface FrameOrigin {
  readonly origin: string;
  /** Subdomains of the origin's host are accepted too (the site's includeSubdomain setting). */
  readonly includeSubdomain: boolean;
}

export interface AccountsBootstrap {
  /** Origin of the API: the accounts host itself (config.publicUrl). */
  readonly apiBaseUrl: string;
  readonly environment: Environment;
  /** The single sign-on site whose shield config signs this page's calls (spec 000 §3: site 11). */
  readonly ssoSiteId: number;
  readonly frameOrigins: readonly FrameOrigin[];
  /** The marketplace's terms and privacy pages, when the deployment names them (lib/legal.ts). */
  readonly termsUrl?: string | undefined;
  readonly privacyUrl?: string | undefined;
  /**
   * /authorize only: what the server found wrong with the link when it served the page (the rule
   * oauth/authorize applies), so the page refuses it before anyone types a number.
   */
  readonly linkProblem?: LinkProblem | undefined;
  /** /logout only: the page's CSRF token, and whether to sign out without asking (same-site arrival). */
  readonly logout?: { readonly csrfToken: string; readonly autoLogout: boolean } | undefined;
}

/** A sign-in link that cannot succeed: the catalogue code and its text. */
export interface LinkProblem {
  readonly statusCode: string;
  readonly detail: string;
}

export class BootstrapError extends Error {
  override name = 'BootstrapError';
}

/** An https (or, for local development, http) address; anything else is ignored. */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseBootstrap(raw: unknown): AccountsBootstrap {
  if (!isRecord(raw)) throw new BootstrapError('accounts page configuration is missing');
  const environment = ENVIRONMENTS.find((candidate) => candidate === raw.environment);
  if (!environment) throw new BootstrapError('accounts page configuration has no valid environment');
  if (typeof raw.apiBaseUrl !== 'string') throw new BootstrapError('accounts page configuration has no apiBaseUrl');
  const frameOrigins = Array.isArray(raw.frameOrigins) ? raw.frameOrigins : [];
  return {
    apiBaseUrl: raw.apiBaseUrl,
    environment,
    ssoSiteId: typeof raw.ssoSiteId === 'number' ? raw.ssoSiteId : SSO_SITE_ID,
    frameOrigins: frameOrigins.flatMap((entry): FrameOrigin[] =>
      isRecord(entry) && typeof entry.origin === 'string'
        ? [{ origin: entry.origin, includeSubdomain: entry.includeSubdomain === true }]
        : [],
    ),
    termsUrl: webUrl(raw.termsUrl),
    privacyUrl: webUrl(raw.privacyUrl),
    ...(isRecord(raw.linkProblem) &&
    typeof raw.linkProblem.statusCode === 'string' &&
    typeof raw.linkProblem.statusMessage === 'string'
      ? { linkProblem: { statusCode: raw.linkProblem.statusCode, detail: raw.linkProblem.statusMessage } }
      : {}),
    ...(isRecord(raw.logout) && typeof raw.logout.csrfToken === 'string'
      ? { logout: { csrfToken: raw.logout.csrfToken, autoLogout: raw.logout.autoLogout === true } }
      : {}),
  };
}

/** Reads the configuration element the server rendered into the page. */
export function readBootstrap(doc: Document = document): AccountsBootstrap {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element?.textContent) throw new BootstrapError('accounts page configuration is missing');
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    throw new BootstrapError('accounts page configuration is not JSON');
  }
  return parseBootstrap(raw);
}
