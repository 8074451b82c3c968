import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PraveshError,
  SITE_IDS,
  SSO_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  findSite,
  glssKeyBodySchema,
  glssKeyResponseSchema,
  isPraveshError,
  logoutQuerySchema,
  logoutResponseSchema,
  ok,
  setSsidQuerySchema,
} from '@pravesh/core';
import type { ClientRegistry } from '../clients.ts';
import { TRANSPARENT_GIF, callerSite, type SessionCookies } from '../http.ts';
import { GLSS_KEY_TTL_SECONDS, type OneTimeKeys } from './one-time-keys.ts';
import type { SessionStore } from './store.ts';

export function sessionRoutes(
  app: FastifyInstance,
  deps: {
    sessions: SessionStore;
    cookies: SessionCookies;
    clients: ClientRegistry;
    oneTimeKeys: OneTimeKeys;
    now: () => number;
  },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    SSO_ROUTES.logout,
    {
      // A top-level navigation (the logout link, spec 000 §2) cannot carry a pass token.
      config: { shield: false },
      schema: {
        summary: 'End the session and redirect (spec 000 §7)',
        description:
          'Revokes the PB_GLSS_TOKEN session (and its access tokens), clears both session cookies and answers ' +
          '302 to redirect_uri, which must be a registered logout or redirect URI of a client (origin and path). ' +
          'Without redirect_uri it answers the envelope.',
        tags: ['sso'],
        querystring: logoutQuerySchema,
        response: { 200: envelopeSchema(logoutResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const target = request.query.redirect_uri ?? undefined;
      if (target !== undefined && !deps.clients.isAllowedLogoutRedirect(target)) {
        throw new PraveshError('invalidRedirectUri');
      }
      const session = await deps.sessions.resolve(deps.cookies.read(request));
      if (session) await deps.sessions.revoke(session.sessionId);
      deps.cookies.clear(reply);
      void reply.header('cache-control', 'no-store');
      if (target !== undefined) return reply.redirect(target, 302);
      return ok({ loggedOut: session !== undefined });
    },
  );

  typed.get(
    SSO_ROUTES.setSsid,
    {
      schema: {
        summary: 'Set the session cookie on the accounts host (hidden image, spec 000 §7)',
        description:
          'Query: token (the session token, user.glssToken) and pb-pass-token. Answers a 1×1 GIF: 200 when the ' +
          'cookie was set, 4xx (still a GIF) when not; the SDK ignores failures.',
        tags: ['sso'],
        querystring: setSsidQuerySchema,
      },
      // Every failure, the shield's included, still answers an image.
      errorHandler: (error, _request, reply) => {
        const status = isPraveshError(error) ? error.status : 400;
        void reply
          .code(status >= 400 && status < 500 ? status : 400)
          .header('cache-control', 'no-store')
          .type('image/gif')
          .send(TRANSPARENT_GIF);
      },
    },
    async (request, reply) => {
      const session = await deps.sessions.resolve(request.query.token);
      if (!session) throw new PraveshError('sessionInvalid');
      const remaining = Math.floor((session.expiresAt.getTime() - deps.now()) / 1000);
      deps.cookies.set(reply, request.query.token, Math.max(1, remaining));
      return reply.header('cache-control', 'no-store').type('image/gif').send(TRANSPARENT_GIF);
    },
  );

  typed.post(
    SSO_ROUTES.glssKey,
    {
      schema: {
        summary: 'Mint a one-time glssKey to carry the session to another site (glss_key method)',
        description:
          'Needs the session (PB_GLSS_TOKEN cookie or glss_token). The key signs the customer in once, within ' +
          `${GLSS_KEY_TTL_SECONDS} s, on the named site: put glssKey and siteId in that site's URL (spec 000 §4).`,
        tags: ['sso'],
        body: glssKeyBodySchema,
        response: { 200: envelopeSchema(glssKeyResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      callerSite(request);
      const site = findSite(request.body.siteId);
      if (!site)
        throw new PraveshError('invalidSiteId', { id: String(request.body.siteId), valid: SITE_IDS.join(', ') });
      const session = await deps.sessions.resolve(request.body.glss_token ?? deps.cookies.read(request));
      if (!session) throw new PraveshError('sessionInvalid');
      const glssKey = await deps.oneTimeKeys.mintGlssKey({
        customerId: session.customerId,
        sessionId: session.sessionId,
        siteId: site.id,
      });
      void reply.header('cache-control', 'no-store');
      return ok({ glssKey, siteId: site.id, expiresInSeconds: GLSS_KEY_TTL_SECONDS });
    },
  );
}
