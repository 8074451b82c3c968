import { PraveshError, SSO_SITE_ID, parseScope } from '@pravesh/core';
import type { SsoClient } from '../../config/sso.ts';

/** The OAuth clients of PRAVESH_SSO_CLIENTS (config/sso.ts). */
export function createClientRegistry(clients: readonly SsoClient[]) {
  const byId = new Map(clients.map((client) => [client.clientId, client]));

  function pathOf(uri: string): string | undefined {
    try {
      const url = new URL(uri);
      return `${url.origin}${url.pathname}`;
    } catch {
      return undefined;
    }
  }

  return {
    all: clients,
    get(clientId: string | null | undefined): SsoClient | undefined {
      return clientId ? byId.get(clientId) : undefined;
    },
    require(clientId: string | null | undefined): SsoClient {
      const client = clientId ? byId.get(clientId) : undefined;
      if (!client) throw new PraveshError('invalidClient');
      return client;
    },
    /**
     * The accounts pages (the SSO site) act for every client; any other caller only for its own
     * site's clients.
     */
    assertCaller(client: SsoClient, callerSiteId: number): void {
      if (callerSiteId !== client.siteId && callerSiteId !== SSO_SITE_ID) throw new PraveshError('clientSiteMismatch');
    },
    /** Simple string comparison, no normalisation (RFC 6749 §3.1.2.3, RFC 9700 §4.1.3). */
    assertRedirectUri(client: SsoClient, redirectUri: string): void {
      if (!client.redirectUris.includes(redirectUri)) throw new PraveshError('invalidRedirectUri');
    },
    /** The granted scope: the requested tokens (all must be the client's), or all of the client's. */
    grantScope(client: SsoClient, requested: string | null | undefined): string {
      const tokens = parseScope(requested);
      const refused = tokens.find((token) => !client.scopes.includes(token));
      if (refused !== undefined) throw new PraveshError('invalidScope', { scope: refused.slice(0, 64) });
      return (tokens.length > 0 ? tokens : client.scopes).join(' ');
    },
    /** Logout redirects: a registered logout or redirect URI, compared on origin and path. */
    isAllowedLogoutRedirect(uri: string): boolean {
      const target = pathOf(uri);
      if (target === undefined || !/^https?:/.test(uri)) return false;
      return clients.some((client) =>
        [...client.logoutRedirectUris, ...client.redirectUris].some((allowed) => pathOf(allowed) === target),
      );
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
