import type { FastifyRequest } from 'fastify';
import { PraveshError } from '@pravesh/core';
import type { AccessTokenClaims, VerifyAccessToken } from './access-tokens.ts';

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
}

export const ACCESS_TOKEN_HEADER = 'pb-access-token';

export function createCustomerAuth(verifyAccessToken: VerifyAccessToken): CustomerAuth {
  function tokenOf(request: FastifyRequest): string | undefined {
    const fromPass = request.pass?.authentication.sso;
    if (fromPass) return fromPass;
    const header = request.headers[ACCESS_TOKEN_HEADER];
    return typeof header === 'string' && header.length > 0 ? header : undefined;
  }
  return {
    tokenOf,
    async customerOf(request) {
      const token = tokenOf(request);
      return token === undefined ? null : verifyAccessToken(token);
    },
    async requireCustomer(request, customerId) {
      const token = tokenOf(request);
      if (token === undefined) throw new PraveshError('tokenNotValidated');
      const claims = await verifyAccessToken(token);
      if (claims.customerId.toLowerCase() !== customerId.toLowerCase()) throw new PraveshError('tokenNotValidated');
      return claims;
    },
  };
}
