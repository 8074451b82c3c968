import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PraveshError,
  SSO_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  ssoTokenBodySchema,
  ssoTokenResponseSchema,
} from '@pravesh/core';
import type { ClientRegistry } from '../clients.ts';
import { callerSite } from '../http.ts';
import type { CodeService } from './service.ts';

/**
 * The spec's code exchange (spec 001 §7): POST /MSP/api/v1/myAccount/getSsoToken?guc=true and
 * POST /BSP/api/v1/myAccount/ssoLogin, shielded but sent without a session token. The calling
 * site may only redeem codes issued to its own clients.
 *
 * spec 001 §7 shows the body as { authorizationCode, customerId }. Every client of these routes is
 * a browser page, a public client, so the code must also come with its PKCE code_verifier (RFC 7636,
 * RFC 9700 §2.1.1, ASVS 5.0 V10.4) and the redirect_uri of the authorize request (RFC 6749 §4.1.3;
 * /authorize always has one), exactly as at /oauth/token: a code read from a URL or a log is
 * worthless without the verifier only the page that asked for it holds. The reply keeps the spec's
 * fields; user.glssToken is no longer the session cookie (codes/service.ts glssTokenFor). See
 * docs/decisions/0001-pkce-required-on-code-exchange.md for what a client written from the spec adds.
 */
export function codeRoutes(app: FastifyInstance, deps: { codes: CodeService; clients: ClientRegistry }): void {
  for (const path of [SSO_ROUTES.getSsoToken, SSO_ROUTES.ssoLogin]) {
    app.withTypeProvider<ZodTypeProvider>().post(
      path,
      {
        schema: {
          summary: 'Exchange an authorization code for an access token (spec 001 §7)',
          description:
            'Body {authorizationCode, customerId?, redirect_uri, code_verifier, ssidHandoff?}. A code works once, ' +
            'for 60 s, for the client (site) it was issued to, with the redirect_uri and PKCE verifier of its ' +
            'authorize request; a second use is refused and revokes what the first issued. user.glssToken is a ' +
            'client- and site-bound reference, not the session; ssidHandoff=true adds a one-time setSSID value.',
          tags: ['sso'],
          querystring: z.object({ guc: z.string().max(8).optional() }),
          body: ssoTokenBodySchema,
          response: { 200: envelopeSchema(ssoTokenResponseSchema), '4xx': errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const siteId = callerSite(request);
        // A body as spec 001 §7 shows it is told what it lacks, before the code is looked at: the
        // code is not used up, and the answer says nothing about it.
        for (const parameter of ['code_verifier', 'redirect_uri'] as const) {
          if (!request.body[parameter]) throw new PraveshError('codeExchangeIncomplete', { parameter });
        }
        const exchanged = await deps.codes.exchange({
          code: request.body.authorizationCode,
          allowedClientIds: deps.clients.all
            .filter((client) => client.siteId === siteId)
            .map((client) => client.clientId),
          redirectUri: request.body.redirect_uri,
          redirectUriRequired: true,
          codeVerifier: request.body.code_verifier,
          customerId: request.body.customerId,
          ssidHandoffFor: request.body.ssidHandoff === true ? siteId : undefined,
        });
        void reply.header('cache-control', 'no-store');
        return ok({
          accessToken: exchanged.accessToken,
          customerId: exchanged.customerId,
          mobileNo: exchanged.mobileNo,
          visitorId: exchanged.visitorId,
          expiresIn: exchanged.expiresIn,
          tokenType: 'Bearer' as const,
          scope: exchanged.scope,
          user: {
            customerId: exchanged.customerId,
            mobileNo: exchanged.mobileNo,
            visitorId: exchanged.visitorId,
            visitId: exchanged.visitId,
            glssToken: exchanged.glssToken,
          },
          ...(exchanged.ssidHandoff === undefined ? {} : { ssidHandoff: exchanged.ssidHandoff }),
        });
      },
    );
  }
}
