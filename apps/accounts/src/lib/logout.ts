import { SSO_ROUTES, type Environment } from '@pravesh/core';
import { createPravesh } from '@pravesh/sdk';

export interface LogoutOptions {
  apiBaseUrl: string;
  environment: Environment;
  ssoSiteId: number;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/**
 * The logout link (spec 000 §2: accounts host /logout with redirect_uri) hands over to the
 * service's `oauth/logout`, which ends the session, clears both cookies and redirects to the
 * allow-listed redirect_uri. A navigation cannot carry the pb-pass-token header, so the token rides
 * in the query, as for image loads (spec 000 §1).
 */
export async function logoutUrl(options: LogoutOptions, redirectUri: string | undefined): Promise<string> {
  const pravesh = createPravesh({
    apiBaseUrl: options.apiBaseUrl,
    siteId: options.ssoSiteId,
    environment: options.environment,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return pravesh.imageUrl(SSO_ROUTES.logout, redirectUri ? { redirect_uri: redirectUri } : {});
}
