import { PraveshError, authorizeBodySchema, isPraveshError } from '@pravesh/core';
import type { SsoClient } from '../../../config/sso.ts';
import { createClientRegistry, type ClientRegistry } from '../clients.ts';

/** The parts of an authorization request that are fixed before anyone signs in (RFC 6749 §4.1.1). */
export interface AuthorizationLink {
  response_type?: string | null | undefined;
  client_id?: string | null | undefined;
  redirect_uri?: string | null | undefined;
  scope?: string | null | undefined;
  code_challenge?: string | null | undefined;
  code_challenge_method?: string | null | undefined;
}

export interface CheckedLink {
  client: SsoClient;
  scope: string;
  codeChallenge: string | null;
}

/**
 * The checks of an authorization request that need no customer: the client, its caller, the
 * exact redirect_uri, the scope and PKCE. One rule for both places that apply it: oauth/authorize
 * (authorize/service.ts), and the /authorize page when it is served (accounts-pages), so a link
 * that can never succeed is refused before the customer types a number or spends an OTP.
 * Errors are shown, never redirected (RFC 6749 §4.1.2.1: the redirect_uri is not trusted yet).
 */
export function checkAuthorizationLink(
  clients: ClientRegistry,
  link: AuthorizationLink,
  callerSiteId: number,
): CheckedLink {
  if (link.response_type !== undefined && link.response_type !== null && link.response_type !== 'code') {
    throw new PraveshError('unsupportedResponseType');
  }
  const client = clients.require(link.client_id);
  clients.assertCaller(client, callerSiteId);
  clients.assertRedirectUri(client, link.redirect_uri ?? '');
  const scope = clients.grantScope(client, link.scope);
  const codeChallenge = link.code_challenge ?? null;
  if (link.code_challenge_method && !codeChallenge) {
    throw new PraveshError('badRequest', { detail: 'code_challenge_method without code_challenge' });
  }
  if (codeChallenge && !authorizeBodySchema.shape.code_challenge.safeParse(codeChallenge).success) {
    throw new PraveshError('badRequest', { detail: 'code_challenge must be 43-128 characters of [A-Za-z0-9._~-]' });
  }
  // A public client (no client secret: every page and app) must use PKCE (RFC 9700 §2.1.1,
  // OAuth 2.1 §4.1.1, ASVS 5.0 V10.4; docs/decisions/0001-pkce-required-on-code-exchange.md).
  if (!codeChallenge && client.clientSecret === undefined) {
    throw new PraveshError('badRequest', { detail: 'code_challenge is required (PKCE S256, RFC 7636)' });
  }
  return { client, scope, codeChallenge };
}

/** The same check for a page that has the configured clients only (accounts-pages). */
export function authorizationLinkProblem(
  clients: readonly SsoClient[],
  link: AuthorizationLink,
  callerSiteId: number,
): PraveshError | undefined {
  try {
    checkAuthorizationLink(createClientRegistry(clients), link, callerSiteId);
    return undefined;
  } catch (error) {
    if (isPraveshError(error)) return error;
    throw error;
  }
}
