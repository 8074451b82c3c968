import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNTS_PAGES,
  LOGOUT_CSRF_HEADER,
  PraveshError,
  SITE_IDS,
  SSO_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  findSite,
  glssKeyBodySchema,
  glssKeyResponseSchema,
  isPraveshError,
  logoutBodySchema,
  logoutCsrfCookieName,
  logoutQuerySchema,
  logoutResponseSchema,
  ok,
  setSsidQuerySchema,
} from '@pravesh/core';
import type { AppConfig } from '../../../config/index.ts';
import { readCookie } from '../../../lib/cookies.ts';
import type { ClientRegistry } from '../clients.ts';
import { safeEqual } from '../../../lib/crypto.ts';
import { TRANSPARENT_GIF, assertFetchedFrom, callerSite, type SessionCookies } from '../http.ts';
import type { SsidHandoffs } from './ssid-handoff.ts';
import { GLSS_KEY_TTL_SECONDS, type OneTimeKeys } from './one-time-keys.ts';
import type { SessionStore } from './store.ts';

export function sessionRoutes(
  app: FastifyInstance,
  deps: {
    sessions: SessionStore;
    cookies: SessionCookies;
    clients: ClientRegistry;
    oneTimeKeys: OneTimeKeys;
    handoffs: SsidHandoffs;
    config: Pick<AppConfig, 'publicUrl' | 'environment' | 'sites'>;
    now: () => number;
  },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const accountsOrigin = new URL(deps.config.publicUrl).origin;
  const csrfCookie = logoutCsrfCookieName(deps.config.environment);
  // The pages that may load setSSID: every configured site origin and the accounts host.
  const siteOrigins = new Set([accountsOrigin, ...[...deps.config.sites.values()].flatMap((site) => site.origins)]);

  /**
   * spec 000 §7 lists `GET oauth/logout?redirect_uri` and spec 000 §2 a logout link to the accounts
   * host's /logout page. A GET that ends the session lets any page log a customer out with an <img>
   * (CSRF, RFC 9110 §9.2.1: GET is safe). The GET keeps its interface — the same redirect_uri,
   * checked the same way, refused with invalidRedirectUri — but changes nothing: it answers 302 to the
   * /logout page, which does the state change with the POST below and then goes to redirect_uri
   * (see docs/decisions/0003-logout-get-confirms-before-signing-out.md).
   */
  typed.get(
    SSO_ROUTES.logout,
    {
      // A top-level navigation (the logout link, spec 000 §2) cannot carry a pass token.
      config: { shield: false },
      schema: {
        summary: 'Hand over to the accounts /logout page (spec 000 §7); changes nothing',
        description:
          'Checks redirect_uri (a registered logout or redirect URI of a client, origin and path) and answers ' +
          '302 to the accounts host /logout?redirect_uri=, which signs the customer out with POST oauth/logout.',
        tags: ['sso'],
        querystring: logoutQuerySchema,
        response: { '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const target = request.query.redirect_uri ?? undefined;
      if (target !== undefined && !deps.clients.isAllowedLogoutRedirect(target)) {
        throw new PraveshError('invalidRedirectUri');
      }
      const page = new URL(ACCOUNTS_PAGES.logout, accountsOrigin);
      if (target !== undefined) page.searchParams.set('redirect_uri', target);
      return reply.header('cache-control', 'no-store').redirect(page.toString(), 302);
    },
  );

  /**
   * The state change of logout, for the accounts host's /logout page only. CSRF defence (OWASP CSRF
   * Prevention Cheat Sheet; ASVS 5.0 V3.5.1): Fetch Metadata and Origin must say same-origin
   * (http.ts assertFetchedFrom, `Origin: null` refused), and the page's token must come back in the
   * x-pravesh-csrf header equal to its SameSite=Strict, HttpOnly cookie ("Double Submit Cookie"):
   * another site can neither read the page's token nor have the Strict cookie sent.
   */
  typed.post(
    SSO_ROUTES.logout,
    {
      config: { shield: false },
      schema: {
        summary: 'End the session (the /logout page; CSRF-protected)',
        description:
          "Same-origin only, with the /logout page's token in x-pravesh-csrf. Revokes the PB_GLSS_TOKEN session " +
          'and its access tokens, clears both session cookies and answers the checked redirect_uri, if any.',
        tags: ['sso'],
        body: logoutBodySchema,
        response: { 200: envelopeSchema(logoutResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      assertFetchedFrom(request, { fetchSites: ['same-origin'], origins: new Set([accountsOrigin]) });
      const sent = request.headers[LOGOUT_CSRF_HEADER];
      const expected = readCookie(request.headers.cookie, csrfCookie);
      if (
        typeof sent !== 'string' ||
        !expected ||
        !/^[A-Za-z0-9_-]{43}$/.test(expected) ||
        !safeEqual(sent, expected)
      ) {
        throw new PraveshError('csrfTokenInvalid');
      }
      const target = request.body?.redirect_uri ?? undefined;
      if (target !== undefined && !deps.clients.isAllowedLogoutRedirect(target)) {
        throw new PraveshError('invalidRedirectUri');
      }
      const session = await deps.sessions.resolve(deps.cookies.read(request));
      if (session) await deps.sessions.revoke(session.sessionId);
      deps.cookies.clear(reply);
      void reply.header('cache-control', 'no-store');
      return ok({ loggedOut: session !== undefined, ...(target === undefined ? {} : { redirectUri: target }) });
    },
  );

  typed.get(
    SSO_ROUTES.setSsid,
    {
      schema: {
        summary: 'Set the session cookie on the accounts host (hidden image, spec 000 §7)',
        description:
          'Query: token (the one-time ssidHandoff of the code exchange, 60 s, for the calling site) and ' +
          'pb-pass-token. A session token is not accepted. Refused cross-site (Sec-Fetch-Site, Origin). Answers ' +
          'a 1×1 GIF: 200 when the cookie was set, 4xx (still a GIF) when not; the SDK ignores failures.',
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
      // spec 000 §7 keeps `token` in the query; what it may hold is no longer the session (RFC 6749
      // §10.12 login CSRF): a hostile page navigating here signed the victim into the attacker's session (login
      // CSRF, RFC 9700 §4.7). Only a same-origin or same-site page of a configured site may load it,
      // and only a one-time handoff minted for that site (sessions/ssid-handoff.ts) sets a cookie.
      assertFetchedFrom(request, { fetchSites: ['same-origin', 'same-site'], origins: siteOrigins });
      const redeemed = await deps.handoffs.redeem(request.query.token, callerSite(request));
      const session = redeemed ? await deps.sessions.resolve(redeemed.sessionToken) : undefined;
      if (!redeemed || !session || session.sessionId !== redeemed.sessionId) throw new PraveshError('sessionInvalid');
      const remaining = Math.floor((session.expiresAt.getTime() - deps.now()) / 1000);
      deps.cookies.set(reply, redeemed.sessionToken, Math.max(1, remaining));
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
