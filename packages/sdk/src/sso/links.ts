import { ACCOUNTS_PAGES, type JourneyType } from '@pravesh/core';

/**
 * The accounts host links (spec 000 §2 "Login and logout links"). Pure: the values that must be
 * encrypted (mobileNo, leadId) arrive here already sealed by the sign-on client.
 */
export interface LoginLinkBase {
  accountsUrl: string;
  clientId: string;
  siteId: number;
  redirectLoginUri: string;
  /** Space-separated scope tokens. */
  scope: string;
}

export interface LoginLinkParams {
  state: string;
  journeyType: JourneyType;
  screenType: string;
  version?: string | undefined;
  authType?: string | undefined;
  /** sealForSite(siteKey, 'login-link', mobileNo). */
  sealedMobileNo?: string | undefined;
  /** sealForSite(siteKey, 'login-link', leadId). */
  sealedLeadId?: string | undefined;
  /** spec 000 §4: the OTP journey after mfaRequired. */
  forceRedirect?: boolean | undefined;
  editMobile?: 0 | 1 | undefined;
  /** PKCE S256 (RFC 7636). */
  codeChallenge?: string | undefined;
}

/**
 * The login link's query in the spec's order: client_id, source_site_id, redirect_uri, state,
 * scope, auth_type, screen_type (default 0), journey_type (default REDIRECT), version, then the
 * sealed mobileNo and leadId, force_redirect and the PKCE pair. Absent optional values are left
 * out rather than sent empty.
 */
export function loginQuery(base: LoginLinkBase, params: LoginLinkParams): URLSearchParams {
  const query = new URLSearchParams();
  const add = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') query.append(name, String(value));
  };
  add('client_id', base.clientId);
  add('source_site_id', base.siteId);
  add('redirect_uri', base.redirectLoginUri);
  add('state', params.state);
  add('scope', base.scope);
  add('auth_type', params.authType);
  add('screen_type', params.screenType);
  add('journey_type', params.journeyType);
  add('version', params.version);
  add('mobileNo', params.sealedMobileNo);
  add('leadId', params.sealedLeadId);
  if (params.forceRedirect) add('force_redirect', 1);
  add('editMobile', params.editMobile);
  if (params.codeChallenge !== undefined) {
    add('code_challenge', params.codeChallenge);
    add('code_challenge_method', 'S256');
  }
  return query;
}

/** The login link: the accounts host's /authorize page. */
export function loginLinkUrl(base: LoginLinkBase, params: LoginLinkParams): string {
  return `${base.accountsUrl}${ACCOUNTS_PAGES.authorize}?${loginQuery(base, params).toString()}`;
}

/** The logout link: the accounts host's /logout page with redirect_uri (spec 000 §2). */
export function logoutLinkUrl(accountsUrl: string, redirectLogoutUri: string): string {
  return `${accountsUrl}${ACCOUNTS_PAGES.logout}?${new URLSearchParams({ redirect_uri: redirectLogoutUri }).toString()}`;
}

/** Page URL query parameters the sign-on client reads (spec 000 §2): glssKey, siteId, signature. */
export interface UrlSignOnParams {
  glssKey: string | undefined;
  siteId: string | undefined;
  signature: string | undefined;
  /** The return from a login link (RFC 6749 §4.1.2). */
  code: string | undefined;
  state: string | undefined;
}

export const URL_SIGN_ON_PARAMS = ['glssKey', 'siteId', 'signature', 'code', 'state'] as const;

export function readUrlSignOnParams(url: string): UrlSignOnParams {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    query = new URLSearchParams();
  }
  const read = (name: string) => {
    const value = query.get(name)?.trim();
    return value ? value.slice(0, 4096) : undefined;
  };
  return {
    glssKey: read('glssKey'),
    siteId: read('siteId'),
    signature: read('signature'),
    code: read('code'),
    state: read('state'),
  };
}

/** `url` without the sign-on parameters: one-time values must not stay in the address bar or history. */
export function withoutSignOnParams(url: string, names: readonly string[] = URL_SIGN_ON_PARAMS): string {
  try {
    const parsed = new URL(url);
    for (const name of names) parsed.searchParams.delete(name);
    return parsed.toString();
  } catch {
    return url;
  }
}
