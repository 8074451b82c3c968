import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { securityHeaders } from '../../plugins/security-headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestInstance, type TestInstance } from '../../test/instance.ts';
import { accountsPagesRoutes, ASSET_PREFIX, BOOTSTRAP_ELEMENT_ID } from './routes.ts';

/**
 * The accounts pages may be framed only by configured site origins (ARCHITECTURE.md
 * "Browser facts"): CSP frame-ancestors lists exactly those origins and 'self', and no
 * X-Frame-Options header contradicts it.
 */

const PAGES = ['/listener', '/authorize', '/logout'];

/** A link of the demo site A client that can sign someone in (registered redirect_uri, PKCE S256). */
const GOOD_LINK = {
  client_id: 'pravesh-demo-site-a',
  redirect_uri: 'http://localhost:4100/',
  scope: 'myaccount',
  state: 'demo',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};
const link = (overrides: Record<string, string | undefined> = {}) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...GOOD_LINK, ...overrides })) {
    if (value !== undefined) query.set(name, value);
  }
  return `/authorize?${query.toString()}`;
};

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function frameAncestors(response: { headers: Record<string, unknown> }): string[] {
  const csp = response.headers['content-security-policy'];
  expect(typeof csp).toBe('string');
  return directives(csp as string).get('frame-ancestors') ?? [];
}

function bootstrapOf(
  html: string,
): { frameOrigins: { origin: string; includeSubdomain: boolean }[] } & Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`).exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as ReturnType<typeof bootstrapOf>;
}

describe('accounts pages with the default local sites', () => {
  let server: TestInstance;
  beforeAll(async () => {
    server = await getTestInstance('pglite');
  });
  afterAll(() => server?.close());

  it.each(PAGES)('%s is HTML whose frame-ancestors are exactly the configured origins', async (page) => {
    const response = await server.app.inject(`${page}?${link().split('?')[1]}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // Local defaults: demo site A (2), demo site B (7), and this host for sites 11 and 14.
    expect(frameAncestors(response).sort()).toEqual(
      ["'self'", 'http://localhost:4000', 'http://localhost:4100', 'http://localhost:4101'].sort(),
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('allows scripts and calls only from its own origin, and no inline script', async () => {
    const response = await server.app.inject('/listener');
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:4000']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    // The configuration is data, not script, so 'unsafe-inline' is never needed.
    expect(response.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(response.body).toContain(`<script type="module" src="${ASSET_PREFIX}listener.js?v=`);
  });

  it('tells the page the same origins, the API and the SSO site', async () => {
    const response = await server.app.inject('/authorize');
    const bootstrap = bootstrapOf(response.body);
    expect(bootstrap).toMatchObject({ apiBaseUrl: 'http://localhost:4000', environment: 'local', ssoSiteId: 11 });
    expect(bootstrap.frameOrigins.map((entry) => entry.origin).sort()).toEqual(
      ['http://localhost:4000', 'http://localhost:4100', 'http://localhost:4101'].sort(),
    );
  });

  it('keeps the other API answers framable by nobody', async () => {
    const response = await server.app.inject('/healthz');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});

describe('accounts pages with deployment-specific origins', () => {
  let server: TestInstance;
  let distDir: string;

  beforeAll(async () => {
    server = await getTestInstance('pglite', {
      env: {
        PRAVESH_PUBLIC_URL: 'https://accounts.example.in',
        PRAVESH_SITE_CONFIG: JSON.stringify({
          '2': { origins: ['https://www.example.in', 'https://m.example.in'] },
          '7': { origins: ['https://cards.example.in'], includeSubdomain: true },
          '11': { origins: ['https://accounts.example.in'] },
          '14': { origins: [] },
        }),
      },
    });
    distDir = mkdtempSync(path.join(os.tmpdir(), 'accounts-dist-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('lists exactly those origins, with a wildcard only where subdomains are allowed', async () => {
    const response = await server.app.inject('/listener');
    expect(frameAncestors(response).sort()).toEqual(
      [
        "'self'",
        'https://www.example.in',
        'https://m.example.in',
        'https://cards.example.in',
        'https://*.cards.example.in',
        'https://accounts.example.in',
      ].sort(),
    );
    expect(frameAncestors(response)).not.toContain('http://localhost:4100');
    expect(bootstrapOf(response.body).frameOrigins).toContainEqual({
      origin: 'https://cards.example.in',
      includeSubdomain: true,
    });
  });

  it('serves built bundles with content-hashed URLs', async () => {
    mkdirSync(path.join(distDir, 'chunks'), { recursive: true });
    writeFileSync(path.join(distDir, 'listener.js'), 'import "./chunks/chunk-A.js";');
    writeFileSync(path.join(distDir, 'chunks', 'chunk-A.js'), 'export {};');
    writeFileSync(path.join(distDir, 'accounts.css'), 'body{}');
    // A bare app with the same helmet defaults, pointed at a dist folder made for this test.
    const app = Fastify();
    await app.register(securityHeaders, { contentSecurityPolicy: false });
    await accountsPagesRoutes(app, { config: server.config, distDir });
    await app.ready();
    try {
      const page = await app.inject('/listener');
      const src = /src="(\/accounts-assets\/listener\.js\?v=[\w-]{12})"/.exec(page.body)?.[1];
      expect(src).toBeDefined();
      const script = await app.inject(src!);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      const chunk = await app.inject(`${ASSET_PREFIX}chunks/chunk-A.js`);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(page.headers['x-frame-options']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

/** A sign-in link that can never succeed is refused when the page opens, not after an OTP. */
describe('/authorize checks its link when it is served', () => {
  let server: TestInstance;
  beforeAll(async () => {
    server = await getTestInstance('pglite');
  });
  afterAll(() => server?.close());

  it('serves a good link as the sign-in page, with no problem in its configuration', async () => {
    const response = await server.app.inject(link());
    expect(response.statusCode).toBe(200);
    expect(bootstrapOf(response.body).linkProblem).toBeUndefined();
  });

  it.each([
    [
      { redirect_uri: 'http://localhost:4100/elsewhere' },
      'invalidRedirectUri',
      'redirect_uri is not registered for this client',
    ],
    [
      { redirect_uri: 'https://attacker.example/' },
      'invalidRedirectUri',
      'redirect_uri is not registered for this client',
    ],
    [{ client_id: 'not-a-client' }, 'invalidClient', 'client_id is not a registered client'],
    [
      { code_challenge: undefined, code_challenge_method: undefined },
      'badRequest',
      'Invalid request: code_challenge is required (PKCE S256, RFC 7636)',
    ],
    [
      { code_challenge: 'short' },
      'badRequest',
      'Invalid request: code_challenge must be 43-128 characters of [A-Za-z0-9._~-]',
    ],
    [{ scope: 'everything' }, 'invalidScope', 'scope everything is not allowed for this client'],
    [{ response_type: 'token' }, 'unsupportedResponseType', 'response_type must be code'],
  ])(
    'answers 400 with the problem for %j, the same code and text as oauth/authorize',
    async (overrides, code, text) => {
      const response = await server.app.inject(link(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(bootstrapOf(response.body).linkProblem).toEqual({ statusCode: code, statusMessage: text });
    },
  );

  it('leaves a link without client_id or redirect_uri to the page’s own message', async () => {
    const response = await server.app.inject(link({ client_id: undefined }));
    expect(response.statusCode).toBe(200);
    expect(bootstrapOf(response.body).linkProblem).toBeUndefined();
  });
});
