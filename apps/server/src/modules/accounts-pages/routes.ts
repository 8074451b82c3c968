import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ACCOUNTS_PAGES, BRAND, DESK_PAGE, SSO_SITE_ID, logoutCsrfCookieName, scriptJson } from '@pravesh/core';
import type { AppConfig } from '../../config/index.ts';
import { serializeCookie } from '../../lib/cookies.ts';
import { authorizationLinkProblem } from '../sso/index.ts';
import {
  fileVersion,
  frameAncestorsDirective,
  frameOrigins,
  registerPageAssets,
  serveFramedPage,
} from '../../lib/framed-page.ts';
import { repoPath } from '../../lib/locations.ts';

/**
 * The accounts host pages (spec 000 §2): /listener (the sign-in widget's iframe), /authorize (the
 * login link and OAuth authorization endpoint) and /logout (the logout link). The React bundles are
 * built by apps/accounts (`npm run build -w @pravesh/accounts`) and served under ASSET_PREFIX; the
 * HTML is rendered here, because it carries this deployment's configuration and its CSP.
 *
 * Framing (ARCHITECTURE.md "Browser facts"): the pages may be framed only by the configured site
 * origins. CSP frame-ancestors lists exactly those (and 'self'); X-Frame-Options is not sent on
 * these routes, since its only values (DENY, SAMEORIGIN) would contradict that list.
 */

export const ASSET_PREFIX = '/accounts-assets/';
/** Matches apps/accounts/src/lib/bootstrap.ts and src/boot.tsx. */
export const BOOTSTRAP_ELEMENT_ID = 'pravesh-accounts-config';
export const ROOT_ELEMENT_ID = 'pravesh-accounts';

const DEFAULT_DIST_DIR = repoPath('apps/accounts/dist');

/** The accounts pages, and the support desk's console (agents only; modules/support/chat). */
type PageName = keyof typeof ACCOUNTS_PAGES | 'desk';

const PAGE_TITLES: Record<PageName, string> = {
  listener: 'Sign in',
  authorize: 'Sign in',
  logout: 'Signing out',
  desk: 'Support desk',
};

export interface AccountsPagesOptions {
  config: AppConfig;
  /** Folder with the built bundles; default apps/accounts/dist. */
  distDir?: string;
}

export function contentSecurityPolicy(config: AppConfig): string {
  const api = new URL(config.publicUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Open Sans is bundled with the pages (apps/accounts, @pravesh/ui): no font CDN.
    "font-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${api}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    frameAncestorsDirective(config, ["'self'"]),
  ].join('; ');
}

/** A short content hash per built file, so each build gets fresh URLs (and long caching). */
function assetVersions(distDir: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const file of ['listener.js', 'authorize.js', 'logout.js', 'desk.js', 'accounts.css', 'desk.css']) {
    const version = fileVersion(path.join(distDir, file));
    if (version !== undefined) versions.set(file, version);
  }
  return versions;
}

function renderPage(
  page: PageName,
  config: AppConfig,
  versions: Map<string, string>,
  extra: Record<string, unknown> = {},
): string {
  const asset = (file: string) => `${ASSET_PREFIX}${file}?v=${versions.get(file) ?? 'missing'}`;
  const bootstrap = {
    apiBaseUrl: config.publicUrl,
    environment: config.environment,
    ssoSiteId: SSO_SITE_ID,
    frameOrigins: frameOrigins(config),
    ...extra,
  };
  return `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="theme-color" content="#0b3d91" />
    <title>${PAGE_TITLES[page]} · ${page === 'desk' ? BRAND.name : `${BRAND.name} Accounts`}</title>
    <link rel="stylesheet" href="${asset(page === 'desk' ? 'desk.css' : 'accounts.css')}" />
    <script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptJson(bootstrap)}</script>
    <script type="module" src="${asset(`${page}.js`)}"></script>
  </head>
  <body>
    <div id="${ROOT_ELEMENT_ID}"></div>
    <noscript><p class="noscript">Please turn on JavaScript to sign in.</p></noscript>
  </body>
</html>
`;
}

/**
 * /logout (spec 000 §2: the logout link carries redirect_uri). Rendered per request because it
 * carries its CSRF token: a fresh 256-bit value, set as a SameSite=Strict, HttpOnly cookie and
 * written into the page, which sends it back with POST oauth/logout ("Double Submit Cookie", OWASP
 * CSRF Prevention Cheat Sheet). `autoLogout` is true only when the browser says the navigation came
 * from this origin or this site (Sec-Fetch-Site, W3C Fetch Metadata): a link on another site, or a
 * hostile page, gets a "Log out" button instead, so no cross-site navigation can sign a customer
 * out without their click (see docs/decisions/0003-logout-get-confirms-before-signing-out.md).
 */
function logoutPage(app: FastifyInstance, config: AppConfig, versions: Map<string, string>, csp: string): void {
  const cookieName = logoutCsrfCookieName(config.environment);
  const secure = config.environment !== 'local';
  app.get(ACCOUNTS_PAGES.logout, { schema: { hide: true } }, (request, reply) => {
    const csrfToken = randomBytes(32).toString('base64url');
    const fetchSite = request.headers['sec-fetch-site'];
    const html = renderPage('logout', config, versions, {
      logout: { csrfToken, autoLogout: fetchSite === 'same-origin' || fetchSite === 'same-site' },
    });
    return reply
      .removeHeader('x-frame-options')
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'set-cookie',
        serializeCookie(cookieName, csrfToken, { maxAgeSeconds: 600, sameSite: 'Strict', secure, httpOnly: true }),
      )
      .send(html);
  });
}

/**
 * /desk, the support desk's console: never framed by anyone (frame-ancestors 'none', against
 * clickjacking an agent's clicks), never cached, and no referrer sent on.
 */
function deskPage(app: FastifyInstance, config: AppConfig, versions: Map<string, string>): void {
  const html = renderPage('desk', config, versions);
  const csp = contentSecurityPolicy(config).replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
  app.get(DESK_PAGE, { schema: { hide: true }, config: { shield: false } }, (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html),
  );
}

/** The query as the page reads it (apps/accounts lib/params.ts): the first value, trimmed, '' as absent. */
function pageQuery(url: string): (name: string) => string | undefined {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  return (name) => {
    const value = query.get(name)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
}

/**
 * /authorize, rendered per request: a link whose client, redirect_uri, scope or PKCE can never
 * sign anyone in (sso/authorize/link-check.ts, the rule oauth/authorize applies) is answered 400
 * with the problem in the page's configuration, so the page shows "This sign-in link isn't valid"
 * at once, before the customer types a number or spends an OTP. The error is shown, never
 * redirected (RFC 6749 §4.1.2.1). A link without client_id or redirect_uri is the page's own
 * check (lib/params.ts paramProblem).
 */
function authorizePage(app: FastifyInstance, config: AppConfig, versions: Map<string, string>, csp: string): void {
  const valid = renderPage('authorize', config, versions);
  app.get(ACCOUNTS_PAGES.authorize, { schema: { hide: true } }, (request, reply) => {
    const read = pageQuery(request.url);
    const clientId = read('client_id');
    const redirectUri = read('redirect_uri');
    const problem =
      clientId !== undefined && redirectUri !== undefined
        ? authorizationLinkProblem(
            config.sso.clients,
            {
              response_type: read('response_type'),
              client_id: clientId,
              redirect_uri: redirectUri,
              scope: read('scope'),
              code_challenge: read('code_challenge'),
              code_challenge_method: read('code_challenge_method'),
            },
            SSO_SITE_ID,
          )
        : undefined;
    return reply
      .code(problem ? 400 : 200)
      .removeHeader('x-frame-options')
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .send(
        problem
          ? renderPage('authorize', config, versions, {
              linkProblem: { statusCode: problem.code, statusMessage: problem.message },
            })
          : valid,
      );
  });
}

/** Serves /listener, /authorize and /logout, and the bundles they load. */
export async function accountsPagesRoutes(app: FastifyInstance, options: AccountsPagesOptions): Promise<void> {
  const { config } = options;
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const versions = assetVersions(distDir);
  const built = versions.has('listener.js');
  if (!built) {
    app.log.warn({ distDir }, 'accounts pages are not built: run "npm run build -w @pravesh/accounts"');
  }
  const csp = contentSecurityPolicy(config);
  for (const page of Object.keys(ACCOUNTS_PAGES) as Array<keyof typeof ACCOUNTS_PAGES>) {
    if (page === 'logout') {
      logoutPage(app, config, versions, csp);
      continue;
    }
    if (page === 'authorize') {
      authorizePage(app, config, versions, csp);
      continue;
    }
    const html = renderPage(page, config, versions);
    // The query carries the journey (state, client_id); nothing here may be cached or shared.
    serveFramedPage(app, ACCOUNTS_PAGES[page], { html, csp, cacheControl: 'no-store' });
  }

  deskPage(app, config, versions);

  if (built) {
    await registerPageAssets(app, {
      root: distDir,
      prefix: ASSET_PREFIX,
      // setHeaders decides; @fastify/static 9 would otherwise overwrite it with max-age=0.
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Chunks are content-hashed by name and entries are linked with ?v=<hash>.
        const immutable = filePath.includes(`${path.sep}chunks${path.sep}`);
        reply.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=600');
      },
    });
  }
}
