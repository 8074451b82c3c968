import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a person's browser meets on the API origin besides the services: the icon every page load
 * asks for, and a page instead of the JSON envelope when they open an address that does not exist
 * ("GET /favicon.svg 404s on every load", "Fastify JSON on unknown pages").
 */

/** The marketplace mark: the same shape the demo sites show in their headers. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b3d91"/><path d="M9 22V10h7.5a4.5 4.5 0 0 1 0 9H13" fill="none" stroke="#fff" stroke-width="3"/><circle cx="22.5" cy="22.5" r="2.5" fill="#f5b301"/></svg>`;

export function faviconRoutes(app: FastifyInstance): void {
  app.get('/favicon.svg', { schema: { hide: true } }, (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );
  // Browsers ask for /favicon.ico on pages that name no icon (the OpenAPI page, dev pages).
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));
}

/**
 * Whether the caller is a browser navigating to a page: a GET (or HEAD) whose Accept names
 * text/html. API clients (the SDK, curl, tests) send JSON or any-type and keep the spec's envelope.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

const NOT_FOUND_STYLE = `
:root { color-scheme: light; --ink: #10213f; --muted: #4a5875; --brand: #0b3d91; --surface: #f4f6fb; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
  font: 16px/1.5 "Open Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--surface); }
main { max-width: 480px; background: #fff; border-radius: 16px; padding: 40px 32px; text-align: center;
  box-shadow: 0 1px 2px rgb(16 33 63 / 0.06), 0 8px 24px rgb(16 33 63 / 0.08); }
svg { width: 48px; height: 48px; }
p.code { margin: 16px 0 0; font-weight: 700; color: var(--brand); letter-spacing: 0.08em; font-size: 14px; }
h1 { margin: 4px 0 8px; font-size: 24px; line-height: 1.25; }
p { margin: 0 0 24px; color: var(--muted); }
a { display: inline-block; padding: 10px 20px; border-radius: 8px; background: var(--brand); color: #fff;
  text-decoration: none; font-weight: 600; }
a:focus-visible { outline: 3px solid #f5b301; outline-offset: 2px; }
`;

/** The page allows nothing but its own style block (by hash) and its inline icon. */
export const NOT_FOUND_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(NOT_FOUND_STYLE).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${NOT_FOUND_STYLE}</style>
</head>
<body>
<main>
${FAVICON_SVG.replace('<svg ', '<svg aria-hidden="true" focusable="false" ')}
<p class="code">Error 404</p>
<h1>We couldn’t find that page</h1>
<p>The link may be old or mistyped. Your account and your data are safe.</p>
%HOME_LINK%
</main>
</body>
</html>
`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The 404 page; `homeUrl` (the marketplace homepage, site 2's first origin) is its way out: a
 * customer who mistypes an address goes back to the marketplace, not to the API host's start page
 * for integrators. Without one the page offers no link rather than a dead one.
 */
export function notFoundPage(homeUrl: string | undefined): string {
  const link = homeUrl
    ? `<a href="${homeUrl.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)}">Go to the homepage</a>`
    : '';
  return NOT_FOUND_PAGE.replace('%HOME_LINK%', link);
}

export function sendNotFoundPage(reply: FastifyReply, homeUrl: string | undefined): FastifyReply {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', NOT_FOUND_CSP)
    .header('cache-control', 'no-store')
    .send(notFoundPage(homeUrl));
}
