import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { copyrightLine, scriptJson } from '@pravesh/core';
import { PARTNER_PAGE_PATH, partnerPage } from './partner-page.ts';

/**
 * A demo embedding site: a page of "Kosh", a made-up consumer-finance marketplace, that loads the
 * SDK with a script tag from the API the way a real site of the marketplace would. Site 2 is the
 * marketplace homepage (credit score, loans, cards, mutual funds), site 7 its credit-card site;
 * each runs on its own origin (spec 000 §9 lists one origin per site), so the shield's origin
 * checks are exercised for real. What developers need (site, API, demo sign-in, the request
 * shield) sits in a panel behind the footer's "Developer" button, out of customers' way.
 */

export interface DemoServerOptions {
  port: number;
  host: string;
  /** The site id this origin stands in for; the API only accepts its tokens from this origin. */
  siteId: number;
  siteName: string;
  /** Where browsers reach the API, e.g. http://localhost:4000; the SDK is loaded from {apiUrl}/sdk/. */
  apiUrl: string;
  /** Environment passed to the SDK (spec 000 §9); defaults to local. */
  environment?: string;
  /** The origin browsers use for this site; defaults to http://localhost:{port}. */
  publicOrigin?: string;
  /** The OAuth client the page signs customers in with; defaults to the API's demo client of the site. */
  ssoClientId?: string;
  /** The terms contract the page asks signed-in customers to accept; defaults to DEMO_CONSENT_CONTRACTS. */
  consentContractId?: string;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where the marketplace's two demo sites are, for links between them; the local demo origins by default. */
  links?: DemoLinks;
}

export interface DemoLinks {
  /** The marketplace homepage (site 2). */
  homepage: string;
  /** The credit-card site (site 7). */
  cards: string;
}

/** The demo sites' local origins (DEMO_ORIGINS of the server's config). */
export const DEMO_LINKS: DemoLinks = { homepage: 'http://localhost:4100', cards: 'http://localhost:4101' };

/** Site 7 is the credit-card site; every other site id gets the marketplace homepage. */
export const CARDS_SITE_ID = 7;

/** The API's default sign-on clients of the demo sites outside production (PRAVESH_SSO_CLIENTS). */
export const DEMO_SSO_CLIENTS: Readonly<Record<number, string>> = {
  2: 'pravesh-demo-site-a',
  7: 'pravesh-demo-site-b',
};

/**
 * The terms consent demo runs on demo site A: the homepage's consentId of the site list,
 * which the API seeds outside production. Site B asks for none, so its pages stay as they were.
 */
export const DEMO_CONSENT_CONTRACTS: Readonly<Record<number, string>> = {
  2: 'pb-tnc-homepage',
};

// --- Caller-identification sign-in demo -------------------------------------------
/**
 * Sites whose page gets the "Sign in with caller ID" button (public/caller-id.js): demo site A.
 * The button starts a caller-identification login through the SDK, with the API's simulator page
 * standing in for the identity app.
 */
export const DEMO_CALLER_ID_SITES: ReadonlySet<number> = new Set([2]);

/**
 * Adds the caller-ID script to a rendered page, beside the page's own scripts, and marks the
 * header's account area as holding its button from the first paint, so the room it reserves is
 * the button's too (styles.css .account--caller-id: no layout shift when it appears).
 */
export function withCallerIdDemo(page: string): string {
  return page
    .replace('</head>', '    <script type="module" src="/caller-id.js"></script>\n  </head>')
    .replace('<section class="account" id="account"', '<section class="account account--caller-id" id="account"');
}
// --- end of the caller-identification block ------------------------------------------------

export interface DemoServer {
  readonly app: FastifyInstance;
  /** The origin the page is served on, once listening. */
  readonly url: string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
/**
 * The design tokens of @pravesh/ui, served as the pages' /tokens.css (one UI kit for
 * accounts, widgets and demo) straight from the package, so the demo never drifts from a copy.
 */
export const UI_TOKENS_CSS = createRequire(import.meta.url).resolve('@pravesh/ui/tokens.css');
const templateDir = fileURLToPath(new URL('../templates', import.meta.url));

/**
 * Open Sans (spec 001 §2, the face of My Account and the widgets), served from the demo's own
 * origin as /fonts.css and /fonts/<file>: the pages' CSP keeps font-src 'self', and the widgets in
 * their shadow roots use the face their page has loaded. The @font-face rules are @fontsource's own
 * (the package @pravesh/ui bundles), their file URLs pointed at /fonts/; only their woff2 files are
 * served, by name.
 */
const FONT_WEIGHTS = [400, 600, 700] as const;
const fromUi = createRequire(createRequire(import.meta.url).resolve('@pravesh/ui/tokens.css'));
/** Arial scaled to Open Sans's metrics, for a first load on which Open Sans misses the first paint. */
const OPEN_SANS_FALLBACK_CSS = createRequire(import.meta.url).resolve('@pravesh/ui/open-sans-fallback.css');
const fontCssFile = (weight: number) => fromUi.resolve(`@fontsource/open-sans/latin-${weight}.css`);
export const FONT_FILES: ReadonlyMap<string, string> = new Map(
  FONT_WEIGHTS.map((weight) => {
    const name = `open-sans-latin-${weight}-normal.woff2`;
    return [name, fromUi.resolve(`@fontsource/open-sans/files/${name}`)];
  }),
);

export async function fontsCss(): Promise<string> {
  const rules = await Promise.all(FONT_WEIGHTS.map((weight) => readFile(fontCssFile(weight), 'utf8')));
  // woff2 only (every browser the SDK supports reads it); the file names are @fontsource's.
  // font-display optional, not @fontsource's swap: a face that arrives after the first paint is not
  // swapped in, so the text never moves (the host page's CLS with the nudge must be 0;
  // swap shifted the headings by 0.007). The pages preload all three files, so they are nearly
  // always there in time, and cached for the next page.
  return rules
    .map((rule) =>
      rule
        .replace(
          /src: url\(\.\/files\/([\w.-]+\.woff2)\) format\('woff2'\)[^;]*;/,
          "src: url(/fonts/$1) format('woff2');",
        )
        .replace(/font-display: swap;/, 'font-display: optional;'),
    )
    .concat(await readFile(OPEN_SANS_FALLBACK_CSS, 'utf8'))
    .join('\n');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export interface PageValues {
  apiUrl: string;
  siteId: number;
  siteName: string;
  environment: string;
  ssoClientId?: string | undefined;
  consentContractId?: string | undefined;
}

/**
 * Fills the %PLACEHOLDER% slots of a template: `partials` (trusted markup of templates/) first,
 * then the values, escaped as text. Unknown slots stay as they are.
 */
export function renderPage(
  template: string,
  values: PageValues,
  partials: Readonly<Record<string, string>> = {},
  links: DemoLinks = DEMO_LINKS,
): string {
  let page = template;
  // Partials may hold slots of their own (the footer holds the developer panel): fill them in turn.
  for (let depth = 0; depth < 3; depth++) {
    page = page.replace(/%([A-Z_]+)%/g, (whole, name: string) => partials[name] ?? whole);
  }
  const slots: Record<string, string> = {
    API_URL: escapeHtml(values.apiUrl),
    SITE_ID: escapeHtml(String(values.siteId)),
    SITE_NAME: escapeHtml(values.siteName),
    ENVIRONMENT: escapeHtml(values.environment),
    HOMEPAGE_URL: escapeHtml(links.homepage.replace(/\/+$/, '')),
    CARDS_URL: escapeHtml(links.cards.replace(/\/+$/, '')),
    CONFIG_JSON: scriptJson(values),
    // The company every footer names is the one on the GST invoice (core BRAND).
    COPYRIGHT: escapeHtml(copyrightLine(2026)),
  };
  return page.replace(/%([A-Z_]+)%/g, (whole, name: string) => slots[name] ?? whole);
}

/**
 * The developer panel's sign-in help, outside production only: the local outbox holds the codes
 * (no SMS is sent), and the seeded demo customer also has a password (apps/server sso seed).
 */
export function signInHelp(environment: string): string {
  if (environment === 'production') return '';
  return `          <div class="developer-help">
            <h3>Demo sign-in</h3>
            <p>
              Sign in with any 10-digit mobile number that starts with 6, 7, 8 or 9. No SMS is sent here: read the
              one-time code in the <a href="%API_URL%/dev/outbox" target="_blank" rel="noopener">local message outbox</a>.
            </p>
            <p>
              The seeded demo customer <code>9876543210</code> has a password too:
              <code>pravesh-demo-password</code> (or choose to get an OTP instead).
            </p>
          </div>`;
}

/** The page of a site with its partials (templates/*.html). */
export async function loadPage(
  siteId: number,
  environment: string,
): Promise<{ template: string; partials: Record<string, string> }> {
  const read = (name: string) => readFile(`${templateDir}/${name}.html`, 'utf8');
  const [template, account, footer, developer] = await Promise.all([
    read(siteId === CARDS_SITE_ID ? 'cards' : 'homepage'),
    read('account'),
    read('footer'),
    read('developer'),
  ]);
  const trim = (markup: string) => markup.replace(/\n$/, '');
  return {
    template,
    partials: {
      ACCOUNT: trim(account),
      FOOTER: trim(footer),
      DEVELOPER_PANEL: trim(developer),
      SIGN_IN_HELP: signInHelp(environment),
    },
  };
}

/**
 * The page may run scripts only from itself and the API, and talk only to the API; a demo should
 * show the embedding rules a real site would ship with.
 */
export function contentSecurityPolicy(apiOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${apiOrigin}`,
    `connect-src 'self' ${apiOrigin}`,
    `frame-src 'self' ${apiOrigin}`,
    "style-src 'self'",
    // The API too: the sign-on client's setSSID call is a hidden image (spec 000 §7).
    `img-src 'self' data: ${apiOrigin}`,
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    // The SDK runs its fingerprint and signing work in a worker; served from the API's origin it
    // starts as a same-origin blob worker that imports the script (packages/sdk workers/run-task.ts).
    // Only blob: is added: worker-src would otherwise fall back to script-src, which has no blob:.
    'worker-src blob:',
  ].join('; ');
}

function normaliseApiUrl(apiUrl: string): { base: string; origin: string } {
  const url = new URL(apiUrl);
  return { base: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, origin: url.origin };
}

export async function createDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const api = normaliseApiUrl(options.apiUrl);
  const environment = options.environment ?? 'local';
  const { template, partials } = await loadPage(options.siteId, environment);
  const page = renderPage(
    template,
    {
      apiUrl: api.base,
      siteId: options.siteId,
      siteName: options.siteName,
      environment,
      ssoClientId: options.ssoClientId ?? DEMO_SSO_CLIENTS[options.siteId],
      consentContractId: options.consentContractId ?? DEMO_CONSENT_CONTRACTS[options.siteId],
    },
    partials,
    options.links ?? DEMO_LINKS,
  );
  const csp = contentSecurityPolicy(api.origin);
  const servedPage = DEMO_CALLER_ID_SITES.has(options.siteId) ? withCallerIdDemo(page) : page;

  const tokensCss = await readFile(UI_TOKENS_CSS, 'utf8');
  const fontFaces = await fontsCss();

  const app = Fastify({ logger: options.logger === false ? false : { level: 'warn' } });
  await app.register(fastifyStatic, { root: publicDir, index: false, decorateReply: false, maxAge: 0 });
  app.get('/tokens.css', (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'no-cache').send(tokensCss),
  );
  app.get('/fonts.css', (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'no-cache').send(fontFaces),
  );
  app.get<{ Params: { file: string } }>('/fonts/:file', async (request, reply) => {
    const file = FONT_FILES.get(request.params.file);
    if (!file) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    // The files are named by content version in @fontsource's package: a day's caching is safe.
    return reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(file));
  });

  const sendPage = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(servedPage);
  app.get('/', sendPage);
  // The raw template must never be served with its placeholders unfilled.
  app.get('/index.html', sendPage);
  // The demo partner's landing page for leads sent by the apply (partner-page.ts).
  app.get(
    PARTNER_PAGE_PATH,
    partnerPage({
      apiUrl: api.base,
      csp,
      homepageUrl: (options.links ?? DEMO_LINKS).homepage.replace(/\/+$/, ''),
      escape: escapeHtml,
    }),
  );

  let url = options.publicOrigin ?? `http://localhost:${options.port}`;
  return {
    app,
    get url() {
      return url;
    },
    async listen() {
      await app.listen({ port: options.port, host: options.host });
      // Port 0 picks a free port: report the one actually bound.
      if (options.port === 0 && !options.publicOrigin) {
        const address = app.server.address();
        if (address && typeof address === 'object') url = `http://localhost:${address.port}`;
      }
      return url;
    },
    close: () => app.close(),
  };
}
