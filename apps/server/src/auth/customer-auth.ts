import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PraveshError } from '@pravesh/core';
import type { AccessTokenClaims, VerifyAccessToken } from './access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The verified customer of a route that asks for one with `preHandler: customerAuth.signedIn()`.
     * Read on a route that did not ask, it refuses with tokenNotValidated rather than answer for nobody.
     */
    readonly customer: AccessTokenClaims;
  }
}

/** What a signed-in route asks of the request's customer beyond a valid token for the calling site. */
export interface SignedInOptions {
  /**
   * The customer id the request names (a body's customerId), when it names one: a claim the token
   * must prove, so the token has to be exactly that customer's.
   */
  claimedBy?: (request: FastifyRequest) => string | null | undefined;
  /**
   * Answers `cache-control: no-store`: what is answered for one customer must not
   * sit in a shared or browser cache (RFC 9111 §5.2.2.5).
   */
  noStore?: boolean;
}

/**
 * Who a request speaks for. A customer id in a body is only a claim; the proof is the customer's
 * access token from the code exchange, which the SDK sends in the pass token's sso strategy
 * (spec 000 §7: "sso-authentication-token" is moved into authenticationToken.sso) or, for direct
 * service calls, in the `pb-access-token` header (spec 000 §7 pre-approved offers).
 */
export interface CustomerAuth {
  /** The access token a request carries, if any (not yet verified). */
  tokenOf(request: FastifyRequest): string | undefined;
  /** The verified customer of the request; null when it carries no token; tokenNotValidated for a bad one. */
  customerOf(request: FastifyRequest): Promise<AccessTokenClaims | null>;
  /**
   * Resolves when the request carries a valid access token of exactly `customerId`; otherwise
   * rejects with tokenNotValidated (no token, a bad token, or another customer's token).
   */
  requireCustomer(request: FastifyRequest, customerId: string): Promise<AccessTokenClaims>;
  /**
   * The route option "signed in or refused" (better-auth's session middleware is the model): a
   * preHandler that verifies the request's access token for the calling site (the audience check
   * of verifyFor), puts its claims on `request.customer`, and otherwise refuses with
   * tokenNotValidated before the handler runs.
   */
  signedIn(options?: SignedInOptions): (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
}

/** The customer id a validated body names, for `signedIn({ claimedBy: customerIdInBody })`. */
export const customerIdInBody = (request: FastifyRequest): string | null | undefined =>
  (request.body as { customerId?: string | null } | undefined)?.customerId;

/** The customer id a validated query names, for `signedIn({ claimedBy: customerIdInQuery })`. */
export const customerIdInQuery = (request: FastifyRequest): string | null | undefined =>
  (request.query as { customerId?: string | null } | undefined)?.customerId;

/** The customers of requests that passed signedIn(); held beside the request, not on its shape. */
const signedInCustomers = new WeakMap<FastifyRequest, AccessTokenClaims>();

/** Decorates every request with `customer` (registered once, at the root, from app.ts). */
export const customerPlugin = fp(
  (app: FastifyInstance, _options: object, done: (error?: Error) => void) => {
    app.decorateRequest('customer', {
      getter(this: FastifyRequest): AccessTokenClaims {
        const claims = signedInCustomers.get(this);
        if (claims === undefined) throw new PraveshError('tokenNotValidated');
        return claims;
      },
    });
    done();
  },
  { name: 'pravesh-customer' },
);

export const ACCESS_TOKEN_HEADER = 'pb-access-token';

export function createCustomerAuth(verifyAccessToken: VerifyAccessToken): CustomerAuth {
  /**
   * An access token is good only on the site it was issued to (its audience: aud is the client,
   * site_id the client's site; RFC 9068 §4, RFC 9700 §2.3 and §4.10.2 "audience-restricted access tokens"). A token
   * read by one site's script, presented under another site's pass token, is refused.
   */
  async function verifyFor(request: FastifyRequest, token: string): Promise<AccessTokenClaims> {
    const claims = await verifyAccessToken(token);
    if (claims.siteId === null || claims.siteId !== request.siteId) throw new PraveshError('tokenNotValidated');
    return claims;
  }
  function tokenOf(request: FastifyRequest): string | undefined {
    const fromPass = request.pass?.authentication.sso;
    if (fromPass) return fromPass;
    const header = request.headers[ACCESS_TOKEN_HEADER];
    return typeof header === 'string' && header.length > 0 ? header : undefined;
  }
  async function requireCustomer(request: FastifyRequest, customerId: string): Promise<AccessTokenClaims> {
    const token = tokenOf(request);
    if (token === undefined) throw new PraveshError('tokenNotValidated');
    const claims = await verifyFor(request, token);
    if (claims.customerId.toLowerCase() !== customerId.toLowerCase()) throw new PraveshError('tokenNotValidated');
    return claims;
  }
  return {
    tokenOf,
    async customerOf(request) {
      const token = tokenOf(request);
      return token === undefined ? null : verifyFor(request, token);
    },
    requireCustomer,
    signedIn(options = {}) {
      return async (request, reply) => {
        if (options.noStore) void reply?.header('cache-control', 'no-store');
        const claimed = options.claimedBy?.(request);
        const token = tokenOf(request);
        if (token === undefined) throw new PraveshError('tokenNotValidated');
        const claims = claimed != null ? await requireCustomer(request, claimed) : await verifyFor(request, token);
        signedInCustomers.set(request, claims);
      };
    },
  };
}
