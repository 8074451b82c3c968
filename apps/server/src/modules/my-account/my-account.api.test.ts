import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MY_ACCOUNT_ROUTES, type CustomerDetails, type MyAccountSession } from '@pravesh/core';
import { loadConfig } from '../../config/index.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { createHash } from 'node:crypto';
import { appShellMarkers } from '@pravesh/core/my-account/app-shell.ts';
import { DASHBOARD_CONFIG_ELEMENT_ID, dashboardPages, pageEncodingFor } from './pages.ts';
import { testClient } from '../../test/client.ts';

describe.each(DATABASE_KINDS)('My Account session API on %s', (kind) => {
  let server: SsoTestServer;
  let ana: SignedInCustomer;
  let ravi: SignedInCustomer;

  /** A call as the SDK sends it: the site's pass token, the access token in pb-access-token. */
  const post = <T>(url: string, accessToken: string | undefined, payload: unknown = {}, siteId = 2) =>
    testClient(server).post<T>(url, { accessToken, body: payload, siteId });

  beforeAll(async () => {
    server = await ssoServer(kind);
    ana = await signInCustomer(server);
    ravi = await signInCustomer(server);
  });
  afterAll(() => server?.close());

  it("answers the token's own customer and session", async () => {
    const { reply, body } = await post<MyAccountSession>(MY_ACCOUNT_ROUTES.session, ana.accessToken);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(body.response?.customerId).toBe(ana.customerId);
    expect(body.response?.siteId).toBe(2);
    expect(Date.parse(body.response!.sessionExpiresAt)).toBeGreaterThan(server.clock.now());
    const other = await post<MyAccountSession>(MY_ACCOUNT_ROUTES.session, ravi.accessToken);
    expect(other.body.response?.customerId).toBe(ravi.customerId);
  });

  it('refuses a call without a token, with a forged one, or with a token of another site', async () => {
    for (const token of [undefined, 'not-a-token', `${ana.accessToken.slice(0, -4)}AAAA`]) {
      const { reply, body } = await post(MY_ACCOUNT_ROUTES.session, token);
      expect(reply.statusCode).toBe(401);
      expect(body).toMatchObject({
        status: false,
        statusCode: 'tokenNotValidated',
        statusMessage: 'Token not validated',
      });
    }
    // Ana's token was issued to site 2; presented under site 7's pass token it is refused.
    const { reply } = await post(MY_ACCOUNT_ROUTES.session, ana.accessToken, {}, 7);
    expect(reply.statusCode).toBe(401);
  });

  it("gives a customer their own details and never another customer's", async () => {
    const own = await post<CustomerDetails>(MY_ACCOUNT_ROUTES.getCustomerDetails, ana.accessToken, {
      customerId: ana.customerId,
    });
    expect(own.reply.statusCode).toBe(200);
    expect(own.body.response).toMatchObject({ customerId: ana.customerId, mobileNo: ana.mobileNo, email: null });

    // Ravi's valid token, asking for Ana: refused, and Ana's number appears nowhere in the reply.
    const theirs = await post<CustomerDetails>(MY_ACCOUNT_ROUTES.getCustomerDetails, ravi.accessToken, {
      customerId: ana.customerId,
    });
    expect(theirs.reply.statusCode).toBe(401);
    expect(theirs.body.statusCode).toBe('tokenNotValidated');
    expect(theirs.reply.body).not.toContain(ana.mobileNo);

    const anonymous = await post(MY_ACCOUNT_ROUTES.getCustomerDetails, undefined, { customerId: ana.customerId });
    expect(anonymous.reply.statusCode).toBe(401);
  });

  it('refuses a malformed body with the catalogue error and a 4xx', async () => {
    const { reply, body } = await post(MY_ACCOUNT_ROUTES.getCustomerDetails, ana.accessToken, { customerId: 'x' });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
    expect(body.status).toBe(false);
  });

  it("logout ends that session only: its token stops working, another customer's keeps working", async () => {
    const leaving = await signInCustomer(server);
    const ended = await post<{ loggedOut: boolean }>(MY_ACCOUNT_ROUTES.sessionLogout, leaving.accessToken);
    expect(ended.reply.statusCode).toBe(200);
    expect(ended.body.response).toEqual({ loggedOut: true });

    const after = await post(MY_ACCOUNT_ROUTES.session, leaving.accessToken);
    expect(after.reply.statusCode).toBe(401);
    const details = await post(MY_ACCOUNT_ROUTES.getCustomerDetails, leaving.accessToken, {
      customerId: leaving.customerId,
    });
    expect(details.reply.statusCode).toBe(401);
    // A second logout with the spent token is refused; the client ignores it (spec 001 §4).
    expect((await post(MY_ACCOUNT_ROUTES.sessionLogout, leaving.accessToken)).reply.statusCode).toBe(401);

    // Ravi's logout cannot be aimed at Ana: it is his own token's session that ends.
    const stillThere = await post<MyAccountSession>(MY_ACCOUNT_ROUTES.session, ana.accessToken);
    expect(stillThere.body.response?.customerId).toBe(ana.customerId);
  });
});

describe('My Account pages', () => {
  const config = loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent' });

  /** A build folder of the test's own, removed when the test ends. */
  function distFolder(prefix = 'dashboard-dist-'): string {
    const dist = mkdtempSync(path.join(tmpdir(), prefix));
    onTestFinished(() => rmSync(dist, { recursive: true, force: true }));
    return dist;
  }

  async function appWith(distDir: string, appConfig = config) {
    const app = Fastify();
    await dashboardPages(app, { config: appConfig, distDir });
    await app.ready();
    return app;
  }

  it('writes the spec 001 §9 "ONDC eligible" switch of the environment into the bootstrap', async () => {
    const dist = distFolder();
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const features = async (env: Record<string, string>) => {
      const app = await appWith(dist, loadConfig({ PRAVESH_DATA_DIR: '/nonexistent', ...env }));
      const html = (await app.inject('/myaccount/dashboard')).body;
      await app.close();
      const json = new RegExp(`id="${DASHBOARD_CONFIG_ELEMENT_ID}">([^<]*)<`).exec(html)![1]!;
      return (JSON.parse(json) as { features: unknown }).features;
    };
    expect(await features({ PRAVESH_ENV: 'local' })).toEqual({ ondcEligible: true });
    expect(await features({ PRAVESH_ENV: 'local', PRAVESH_ONDC_ELIGIBLE: '0' })).toEqual({ ondcEligible: false });
  });

  it('serves index.html with its bootstrap for every route, a strict CSP, and the hashed bundles', async () => {
    const dist = distFolder();
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/myaccount/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    const app = await appWith(dist);
    for (const url of ['/myaccount/', '/myaccount/dashboard', '/myaccount/no/such/page?code=1']) {
      const reply = await app.inject(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toContain(`id="${DASHBOARD_CONFIG_ELEMENT_ID}"`);
      expect(reply.body).toContain('"siteId":14');
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("font-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
    const bundle = await app.inject('/myaccount/assets/index-abc.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toContain('immutable');
    // A chunk of an older build is a 404, not the HTML shell (the app reloads once on that).
    expect((await app.inject('/myaccount/assets/gone-123.js')).statusCode).toBe(404);
    await app.close();
  });

  it("sends the build's Brotli or gzip copy of a bundle to a browser that accepts it, the plain file otherwise", async () => {
    const dist = distFolder();
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const source = 'export const greeting = "Good morning";\n'.repeat(50);
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), source);
    writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), gzipSync(source));
    const app = await appWith(dist);
    const url = '/myaccount/assets/index-abc.js';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(source);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(source);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
    await app.close();
  });

  it("answers each path with its app shell, compressed, and allows the build's inline style by hash only", async () => {
    const dist = distFolder();
    mkdirSync(path.join(dist, 'assets'));
    const css = '.ma-page-title{font-size:22px}';
    const [dashboard, page] = [appShellMarkers('dashboard'), appShellMarkers('page')];
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><style>${css}</style></head><body><div id="root">` +
        `${dashboard.start}<h1>Dashboard</h1>${dashboard.end}${page.start}<p>Frame</p>${page.end}</div></body></html>`,
    );
    const app = await appWith(dist);
    const home = await app.inject({ url: '/myaccount/dashboard?utm_source=x', headers: { 'accept-encoding': 'br' } });
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(home.rawPayload).toString();
    expect(html).toContain('<div id="root"><h1>Dashboard</h1></div>');
    expect(html).toContain(`id="${DASHBOARD_CONFIG_ELEMENT_ID}"`);
    const hash = createHash('sha256').update(css).digest('base64');
    expect(String(home.headers['content-security-policy'])).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(String(home.headers['content-security-policy'])).not.toContain('unsafe-inline');

    const other = await app.inject({ url: '/myaccount/profile', headers: { 'accept-encoding': 'gzip' } });
    expect(other.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(other.rawPayload).toString()).toContain('<div id="root"><p>Frame</p></div>');
    const plain = await app.inject('/myaccount/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"><p>Frame</p></div>');
    await app.close();
  });

  it('picks br, then gzip, as Accept-Encoding allows', () => {
    expect(pageEncodingFor('gzip, deflate, br')).toBe('br');
    expect(pageEncodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncodingFor('*')).toBe('br');
    expect(pageEncodingFor('identity')).toBeUndefined();
    expect(pageEncodingFor(undefined)).toBeUndefined();
  });

  it('says the app is being updated (503) when it is not built', async () => {
    const app = await appWith(distFolder('dashboard-empty-'));
    const reply = await app.inject('/myaccount/');
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toContain('My Account is being updated');
    await app.close();
  });
});
