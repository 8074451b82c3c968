import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNTS_PAGES,
  SSO_ROUTES,
  SSO_SCOPES,
  PraveshError,
  isPraveshError,
  oauthTokenRequestSchema,
  type OAuthError,
} from '@pravesh/core';
import type { SsoClient } from '../../../config/sso.ts';
import type { ClientRegistry } from '../clients.ts';
import type { CodeService } from '../codes/service.ts';
import { safeEqual } from '../../../lib/crypto.ts';
import type { CustomerStore } from '../customers/store.ts';

/**
 * The accounts host as a standards-compliant OAuth 2.0 authorization server (beyond the
 * spec): metadata (RFC 8414), the token endpoint for the authorization_code grant (RFC 6749
 * §4.1.3, §5) with PKCE (RFC 7636), revocation (RFC 7009) and a bearer-protected userinfo.
 * The authorization endpoint is the accounts page /authorize, which signs the customer in through
 * oauth/authorize and redirects to redirect_uri?code&state.
 * These answer the RFC shapes, not the spec envelope, and need no pass token: OAuth clients are
 * back-ends and libraries, not pages with a shield config.
 */

class OAuthFailure extends Error {
  constructor(
    readonly error: OAuthError['error'],
    readonly description: string,
    readonly status = 400,
    readonly challenge?: string,
  ) {
    super(description);
  }
}

type Form = Record<string, string | string[]>;

function sendError(reply: FastifyReply, failure: OAuthFailure) {
  if (failure.challenge) void reply.header('www-authenticate', failure.challenge);
  return reply
    .code(failure.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: failure.error, error_description: failure.description } satisfies OAuthError);
}

/** RFC 6749 §2.3.1: client_secret_basic (form-urlencoded id and secret) or client_secret_post, or none. */
function authenticateClient(request: FastifyRequest, form: Record<string, string>, clients: ClientRegistry): SsoClient {
  let clientId = form.client_id;
  let secret = form.client_secret;
  let basic = false;
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('basic ')) {
    basic = true;
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator === -1 || (clientId !== undefined && secret !== undefined)) {
      throw new OAuthFailure('invalid_request', 'malformed client authentication');
    }
    try {
      const basicId = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' '));
      if (clientId !== undefined && clientId !== basicId) throw new Error('two client ids');
      clientId = basicId;
      secret = decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, ' '));
    } catch {
      throw new OAuthFailure('invalid_request', 'malformed client authentication');
    }
  }
  const unauthorized = (description: string) =>
    new OAuthFailure('invalid_client', description, 401, basic ? 'Basic realm="pravesh"' : undefined);
  const client = clients.get(clientId);
  if (!client) throw unauthorized('unknown client');
  if (client.clientSecret !== undefined) {
    if (secret === undefined || !safeEqual(secret, client.clientSecret))
      throw unauthorized('client authentication failed');
  } else if (secret !== undefined) {
    throw unauthorized('client has no secret');
  }
  return client;
}

/** Single-valued parameters only (RFC 6749 §3.2: "MUST NOT be included more than once"). */
function singleValued(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) throw new OAuthFailure('invalid_request', 'expected a form body');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Form)) {
    if (typeof value !== 'string') throw new OAuthFailure('invalid_request', `${key} is repeated`);
    if (value !== '') out[key] = value;
  }
  return out;
}

function formContentType(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthFailure('invalid_request', 'use application/x-www-form-urlencoded');
  }
}

export function oauthServerRoutes(
  app: FastifyInstance,
  deps: { issuer: string; clients: ClientRegistry; codes: CodeService; customers: CustomerStore },
): void {
  const { issuer } = deps;

  app.get(
    SSO_ROUTES.discovery,
    { schema: { summary: 'OAuth 2.0 authorization server metadata (RFC 8414)', tags: ['oauth'] } },
    (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return {
        issuer,
        authorization_endpoint: `${issuer}${ACCOUNTS_PAGES.authorize}`,
        token_endpoint: `${issuer}${SSO_ROUTES.oauthToken}`,
        revocation_endpoint: `${issuer}${SSO_ROUTES.oauthRevoke}`,
        userinfo_endpoint: `${issuer}${SSO_ROUTES.oauthUserinfo}`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
        revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
        scopes_supported: [...SSO_SCOPES],
        service_documentation: `${issuer}/docs`,
      };
    },
  );

  app.post(
    SSO_ROUTES.oauthToken,
    {
      config: { shield: false },
      schema: {
        summary: 'OAuth 2.0 token endpoint: authorization_code grant with PKCE (RFC 6749 §4.1.3, RFC 7636)',
        description:
          'application/x-www-form-urlencoded: grant_type=authorization_code, code, redirect_uri, client_id, ' +
          'code_verifier (public clients must use PKCE S256); client_secret_basic or _post for confidential ' +
          'clients. Errors are RFC 6749 §5.2 JSON: invalid_request, invalid_client, invalid_grant, ' +
          'unsupported_grant_type.',
        tags: ['oauth'],
      },
    },
    async (request, reply) => {
      try {
        formContentType(request);
        const form = singleValued(request.body);
        const client = authenticateClient(request, form, deps.clients);
        const parsed = oauthTokenRequestSchema.safeParse(form);
        if (!parsed.success) throw new OAuthFailure('invalid_request', 'malformed parameters');
        const input = parsed.data;
        if (input.grant_type !== 'authorization_code') {
          throw new OAuthFailure('unsupported_grant_type', 'only authorization_code is supported');
        }
        if (!input.code) throw new OAuthFailure('invalid_request', 'code is required');
        if (!input.redirect_uri) {
          throw new OAuthFailure(
            'invalid_request',
            new PraveshError('codeExchangeIncomplete', { parameter: 'redirect_uri' }).message,
          );
        }
        // A public client's code always has a challenge (authorize/link-check.ts): say what is
        // missing rather than invalid_grant, before the code is looked at (RFC 6749 §5.2
        // invalid_request; see docs/decisions/0001-pkce-required-on-code-exchange.md).
        if (!input.code_verifier && client.clientSecret === undefined) {
          throw new OAuthFailure(
            'invalid_request',
            new PraveshError('codeExchangeIncomplete', { parameter: 'code_verifier' }).message,
          );
        }
        const exchanged = await deps.codes.exchange({
          code: input.code,
          clientId: client.clientId,
          redirectUri: input.redirect_uri,
          redirectUriRequired: true,
          codeVerifier: input.code_verifier,
          pkceRequired: client.clientSecret === undefined,
        });
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
          access_token: exchanged.accessToken,
          token_type: 'Bearer',
          expires_in: exchanged.expiresIn,
          scope: exchanged.scope,
        });
      } catch (error) {
        if (error instanceof OAuthFailure) return sendError(reply, error);
        if (isPraveshError(error) && error.key === 'invalidGrant') {
          return sendError(reply, new OAuthFailure('invalid_grant', error.message));
        }
        throw error;
      }
    },
  );

  app.post(
    SSO_ROUTES.oauthRevoke,
    {
      config: { shield: false },
      schema: { summary: 'Revoke an access token (RFC 7009)', tags: ['oauth'] },
    },
    async (request, reply) => {
      try {
        formContentType(request);
        const form = singleValued(request.body);
        const client = authenticateClient(request, form, deps.clients);
        if (!form.token) throw new OAuthFailure('invalid_request', 'token is required');
        await deps.codes.revokeAccessToken(form.token, client.clientId);
        return reply.header('cache-control', 'no-store').send({});
      } catch (error) {
        if (error instanceof OAuthFailure) return sendError(reply, error);
        throw error;
      }
    },
  );

  app.get(
    SSO_ROUTES.oauthUserinfo,
    {
      config: { shield: false },
      schema: { summary: 'The signed-in customer of a bearer access token', tags: ['oauth'] },
    },
    async (request, reply) => {
      const authorization = request.headers.authorization ?? '';
      const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization);
      if (!match) {
        return sendError(
          reply,
          new OAuthFailure('invalid_request', 'bearer token required', 401, 'Bearer realm="pravesh"'),
        );
      }
      try {
        const claims = await deps.codes.verifyAccessToken(match[1]!);
        const customer = await deps.customers.byId(claims.customerId);
        if (!customer) throw new Error('customer gone');
        return reply.header('cache-control', 'no-store').send({
          sub: customer.customerId,
          customerId: customer.customerId,
          mobileNo: customer.mobileNo,
          scope: claims.scope,
          client_id: claims.clientId,
        });
      } catch {
        return sendError(
          reply,
          new OAuthFailure(
            'invalid_token',
            'the access token is invalid, expired or revoked',
            401,
            'Bearer error="invalid_token"',
          ),
        );
      }
    },
  );
}
