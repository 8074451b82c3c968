import { createHash } from 'node:crypto';
import { BRAND, copyrightLine } from '@pravesh/core';
import { FAVICON_SVG } from '../../plugins/pages.ts';
import { SIGN_IN_LINK_SCRIPT } from './sign-in-link.ts';

/**
 * The API host's own pages for integrators: the start page at "/" (where the demo sites, the API
 * reference and the SDK are) and the SDK's file list at "/sdk/". Server-rendered, no framework:
 * one inline style and one inline script, each allowed by its hash and nothing else.
 */

const STYLE = `
:root { color-scheme: light; --ink: #10213f; --muted: #4a5875; --brand: #0b3d91; --line: #dfe4ee;
  --surface: #f4f6fb; --ok: #0f6b3a; --bad: #a4161a; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 "Open Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--surface); }
a { color: var(--brand); font-weight: 600; }
a:focus-visible, button:focus-visible { outline: 3px solid #f5b301; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 16px; top: 16px; background: #fff; padding: 8px 12px; z-index: 1; }
header { background: #fff; border-bottom: 1px solid var(--line); }
.bar { max-width: 1040px; margin: 0 auto; padding: 16px 24px; display: flex; align-items: center; gap: 12px; }
.bar svg { width: 36px; height: 36px; flex: none; }
.bar strong { font-size: 18px; }
.bar span { color: var(--muted); font-size: 14px; }
main { max-width: 1040px; margin: 0 auto; padding: 32px 24px 48px; }
h1 { font-size: 28px; line-height: 1.25; margin: 0 0 8px; }
.lead { color: var(--muted); margin: 0 0 32px; max-width: 720px; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr)); gap: 16px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 20px 24px; min-width: 0; }
.card h2 { font-size: 18px; margin: 0 0 8px; }
.card p { margin: 0 0 12px; color: var(--muted); }
.card ul { margin: 0; padding: 0; list-style: none; }
.card li { padding: 8px 0; border-top: 1px solid var(--line); }
.card li:first-child { border-top: 0; }
.card ol li { border-top: 0; padding: 2px 0; }
.card li small { display: block; color: var(--muted); font-size: 14px; }
.wide { grid-column: 1 / -1; }
code, pre { font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--surface); border: 1px solid var(--line); border-radius: 8px; padding: 12px;
  overflow-x: auto; margin: 0 0 12px; white-space: pre-wrap; word-break: break-all; }
ol { margin: 0 0 16px; padding-left: 20px; color: var(--muted); }
button { font: inherit; font-weight: 600; padding: 10px 20px; border-radius: 8px; border: 0; cursor: pointer;
  background: var(--brand); color: #fff; }
button[disabled] { opacity: 0.6; cursor: progress; }
.status { margin-top: 16px; padding: 12px 16px; border-radius: 8px; background: var(--surface); }
.status:empty { display: none; }
.status[data-state="done"] { border-left: 4px solid var(--ok); }
.status[data-state="failed"] { border-left: 4px solid var(--bad); }
.status p { margin: 0 0 8px; color: var(--ink); }
.status dl { margin: 0; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 16px; }
.status dt { color: var(--muted); }
.status dd { margin: 0; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 8px 12px 8px 0; border-top: 1px solid var(--line); vertical-align: top; }
th { font-size: 14px; color: var(--muted); font-weight: 600; }
td:nth-child(2) { white-space: nowrap; }
footer { max-width: 1040px; margin: 0 auto; padding: 0 24px 32px; color: var(--muted); font-size: 14px; }
@media (max-width: 480px) {
  main { padding: 24px 16px 40px; }
  .bar { padding: 12px 16px; }
  h1 { font-size: 24px; }
  .card { padding: 16px; }
  th:nth-child(3), td:nth-child(3) { display: none; }
}
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Nothing but the page's own style and script (by hash); it calls only its own origin. */
export const START_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SIGN_IN_LINK_SCRIPT)}`,
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

function layout(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><div class="bar">${FAVICON_SVG.replace('<svg ', '<svg aria-hidden="true" focusable="false" ')}
<div><strong>Pravesh</strong><br><span>Sign-in, consent and My Account for the ${escapeHtml(BRAND.name)} marketplace</span></div></div></header>
<main id="main">
${body}
</main>
<footer>${escapeHtml(copyrightLine(new Date().getUTCFullYear()))}</footer>
${script}
</body>
</html>
`;
}

export interface StartPageLinks {
  /** The demo embedding sites (outside production): name, what it is, address. */
  demoSites: { name: string; what: string; url: string }[];
  docsEnabled: boolean;
  sdkBuilt: boolean;
  /** The start page's own sign-in client (outside production); absent, the sign-in link card is left out. */
  signIn?: { clientId: string; redirectUri: string; authorizeUrl: string; tokenUrl: string; userinfoUrl: string };
}

function signInCard(signIn: NonNullable<StartPageLinks['signIn']>): string {
  // Read by the script below; type application/json is data, not code, so the CSP needs no entry for it.
  const settings = JSON.stringify(signIn).replace(/</g, '\\u003c');
  return `<section class="card wide" aria-labelledby="sign-in-title">
<h2 id="sign-in-title">Try the sign-in link</h2>
<p>A site sends a customer to <code>/authorize</code> and gets a one-time code back. The code is exchanged only with
the PKCE verifier of the browser that asked (<a href="https://www.rfc-editor.org/rfc/rfc7636">RFC 7636</a>), so a
working link is made, not typed. This page does the three steps a site's code does:</p>
<ol>
<li>makes a random <code>code_verifier</code> and keeps it in this tab;</li>
<li>opens <code>/authorize</code> with <code>code_challenge</code> = BASE64URL(SHA-256(verifier)) and <code>code_challenge_method=S256</code>;</li>
<li>back here with <code>?code=…</code>, sends the code, the verifier and the same <code>redirect_uri</code> to the token endpoint.</li>
</ol>
<p>Sign in with <code>9876543210</code> (or any mobile number starting 6–9) and read the code in the
<a href="/dev/outbox">local message outbox</a>.</p>
<button type="button" id="sign-in-link">Open the sign-in link</button>
<div id="sign-in-status" class="status" role="status" aria-live="polite"></div>
<script type="application/json" id="sign-in-settings">${settings}</script>
</section>`;
}

export function startPage(links: StartPageLinks): string {
  const demo =
    links.demoSites.length === 0
      ? ''
      : `<section class="card" aria-labelledby="demo-title">
<h2 id="demo-title">Demo sites</h2>
<p>Sites that load the SDK with one script tag, each on its own origin, and the customer's dashboard.</p>
<ul>${links.demoSites
          .map(
            (site) =>
              `<li><a href="${escapeHtml(site.url)}">${escapeHtml(site.name)}</a><small>${escapeHtml(site.what)}</small></li>`,
          )
          .join('')}</ul>
</section>`;
  const docs = links.docsEnabled
    ? `<li><a href="/docs">API reference</a><small>Every route, its payloads, error codes and limits (OpenAPI 3.0); <a href="/docs/json">the document as JSON</a></small></li>`
    : '';
  const body = `<h1>Pravesh for integrators</h1>
<p class="lead">The API behind the sites' sign-in, consent and visitor layer, and the SDK a site loads to use it.
Start with a demo site, read the reference, or load the SDK on your own page.</p>
<div class="grid">
${demo}
<section class="card" aria-labelledby="api-title">
<h2 id="api-title">API</h2>
<p>Every service call carries a short-lived pass token the SDK signs for its site.</p>
<ul>${docs}
<li><a href="/.well-known/oauth-authorization-server">OAuth 2.0 server metadata</a><small>Authorization code with PKCE S256 (RFC 8414)</small></li>
<li><a href="/healthz">Health</a><small>Liveness; <a href="/readyz">readiness</a> also checks the database</small></li>
</ul>
</section>
<section class="card" aria-labelledby="sdk-title">
<h2 id="sdk-title">SDK</h2>
<p>${
    links.sdkBuilt
      ? 'One script tag loads the shield, visitor, sign-on and consent layers; widgets load on demand.'
      : 'The SDK has not been built on this server yet: run <code>npm run build</code>.'
  }</p>
<ul>
<li><a href="/sdk/">The SDK files</a><small>pravesh.js for a script tag, pravesh.esm.js for bundlers, and the parts they load</small></li>
</ul>
</section>
${links.signIn ? signInCard(links.signIn) : ''}
</div>`;
  return layout('Pravesh for integrators', body, links.signIn ? `<script>${SIGN_IN_LINK_SCRIPT}</script>` : '');
}

export interface SdkFile {
  name: string;
  bytes: number;
}

/** What each top-level file of the SDK build is for; a file not named here is listed by name alone. */
const SDK_FILE_ROLES: [RegExp, string][] = [
  [/^pravesh\.js$/, 'The SDK for a script tag (window.Pravesh)'],
  [/^pravesh\.esm\.js$/, 'The SDK as an ES module, for bundlers'],
  [/^pravesh-visitor(\.esm)?\.js$/, 'The visitor layer, loaded by the SDK when a page asks for it'],
  [/^pravesh-visitor-\w+\.js$/, 'A part of the visitor layer, loaded when a page first needs it'],
  [/^pravesh-sso(\.esm)?\.js$/, 'Sign-on, loaded by the SDK when a page asks for it'],
  [/^pravesh-consent(\.esm)?\.js$/, 'The consent layer, loaded by the SDK when a page asks for it'],
  [/worker\.js$/, 'A worker the visitor layer starts'],
];

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function sdkPage(files: SdkFile[], publicUrl: string): string {
  const rows = files
    .map((file) => {
      const role = SDK_FILE_ROLES.find(([pattern]) => pattern.test(file.name))?.[1] ?? '';
      return `<tr><td><a href="/sdk/${encodeURIComponent(file.name)}"><code>${escapeHtml(file.name)}</code></a></td><td>${kilobytes(file.bytes)}</td><td>${escapeHtml(role)}</td></tr>`;
    })
    .join('\n');
  const tag = escapeHtml(`<script src="${publicUrl}/sdk/pravesh.js" defer></script>`);
  const body = `<h1>The SDK files</h1>
<p class="lead">Load <code>pravesh.js</code> with one script tag; it fetches your site's shield configuration and loads
the other parts, and the widgets, when the page first needs them. <a href="/">Back to the start page</a>.</p>
<div class="grid">
<section class="card wide" aria-labelledby="tag-title">
<h2 id="tag-title">On your page</h2>
<pre><code>${tag}</code></pre>
<p>Your page's origin must be one of your site's configured origins: the API checks it on every call.</p>
</section>
<section class="card wide" aria-labelledby="files-title">
<h2 id="files-title">Files</h2>
${
  files.length === 0
    ? '<p>The SDK has not been built on this server yet: run <code>npm run build</code>.</p>'
    : `<table aria-labelledby="files-title">
<thead><tr><th scope="col">File</th><th scope="col">Size</th><th scope="col">What it is</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</section>
</div>`;
  return layout('The SDK files · Pravesh', body);
}
