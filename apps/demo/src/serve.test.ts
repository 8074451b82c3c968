import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { testDemoServer } from './test-server.ts';
import { BRAND } from '@pravesh/core';
import { contentSecurityPolicy, escapeHtml, loadPage, renderPage, UI_TOKENS_CSS, type DemoServer } from './serve.ts';

describe('renderPage', () => {
  it('fills the placeholders, escaping text and keeping inline JSON inside its script element', () => {
    const template =
      '<title>%SITE_NAME%</title><script src="%API_URL%/sdk/pravesh.js"></script><script>%CONFIG_JSON%</script>%UNKNOWN%';
    const html = renderPage(template, {
      apiUrl: 'http://localhost:4000',
      siteId: 2,
      siteName: '</script><b>"x"</b>',
      environment: 'local',
    });
    expect(html).toContain('<title>&lt;/script&gt;&lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>');
    expect(html).toContain('src="http://localhost:4000/sdk/pravesh.js"');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('%UNKNOWN%');
  });

  it('every page footer names the company on the GST invoice (core BRAND)', async () => {
    for (const siteId of [2, 7]) {
      const { template, partials } = await loadPage(siteId, 'local');
      const html = renderPage(
        template,
        { apiUrl: 'http://localhost:4000', siteId, siteName: 'Kosh', environment: 'local' },
        partials,
      );
      expect(html).toContain(`© 2026 ${BRAND.legalName}`);
    }
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('createDemoServer', () => {
  let server: DemoServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves the landing page with the API URL and site injected, under a CSP that allows the API', async () => {
    server = await testDemoServer({ apiUrl: 'http://localhost:4000/' });
    for (const url of ['/', '/index.html']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy('http://localhost:4000'));
      expect(response.body).toContain('<script src="http://localhost:4000/sdk/pravesh.js" defer></script>');
      expect(response.body).toContain('<title>Kosh · Free credit score, loans, credit cards and mutual funds</title>');
      expect(response.body).not.toMatch(/%[A-Z_]+%/);
      const config = /<script type="application\/json" id="pravesh-demo-config">([\s\S]*?)<\/script>/.exec(
        response.body,
      );
      expect(JSON.parse(config![1]!)).toEqual({
        apiUrl: 'http://localhost:4000',
        siteId: 2,
        siteName: 'Homepage',
        environment: 'local',
        ssoClientId: 'pravesh-demo-site-a',
        consentContractId: 'pb-tnc-homepage',
      });
    }
    const css = await server.app.inject({ method: 'GET', url: '/styles.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    const script = await server.app.inject({ method: 'GET', url: '/app.js' });
    expect(script.headers['content-type']).toContain('javascript');
    // The pages' design tokens are @pravesh/ui's own file, not a copy of it.
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<link rel="stylesheet" href="/tokens.css" />');
    const tokens = await server.app.inject({ method: 'GET', url: '/tokens.css' });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers['content-type']).toContain('text/css');
    expect(tokens.body).toBe(readFileSync(UI_TOKENS_CSS, 'utf8'));
    expect(UI_TOKENS_CSS).toMatch(/packages\/ui\/tokens\.css$/);
    expect(existsSync(fileURLToPath(new URL('../public/tokens.css', import.meta.url)))).toBe(false);
  });

  it('serves Open Sans from its own origin: the @font-face rules point at /fonts/, whose files it serves by name only', async () => {
    server = await testDemoServer();
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<link rel="stylesheet" href="/fonts.css" />');
    const css = await server.app.inject({ method: 'GET', url: '/fonts.css' });
    expect(css.headers['content-type']).toContain('text/css');
    const sources = [...css.body.matchAll(/src: url\(([^)]+)\) format\('woff2'\);/g)].map((match) => match[1]);
    expect(sources).toEqual([400, 600, 700].map((weight) => `/fonts/open-sans-latin-${weight}-normal.woff2`));
    expect(css.body).not.toContain('./files/');
    // Never swapped in after the first paint: no layout shift from the font (CLS 0).
    expect(css.body.match(/font-display: optional;/g)).toHaveLength(3);
    expect(css.body).not.toContain('swap');
    // Until it loads, Arial scaled to its metrics stands in (open-sans-fallback.css), so the text takes
    // the room Open Sans would.
    expect(css.body.match(/font-family: 'Open Sans Fallback';/g)).toHaveLength(3);
    for (const weight of [400, 600, 700]) {
      expect(page.body).toContain(`<link rel="preload" href="/fonts/open-sans-latin-${weight}-normal.woff2"`);
    }
    for (const source of sources) {
      const font = await server.app.inject({ method: 'GET', url: source! });
      expect(font.statusCode, source).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    for (const url of ['/fonts/open-sans-latin-400-normal.woff', '/fonts/..%2Fpackage.json', '/fonts/secret.woff2']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('reports the port it bound when asked for any free port', async () => {
    server = await testDemoServer({ siteId: 7, siteName: 'Credit card' });
    const url = await server.listen();
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(url).not.toBe('http://localhost:0');
    const page = await fetch(`http://127.0.0.1:${new URL(url).port}/`);
    expect(await page.text()).toContain('<title>Kosh Cards · Compare credit cards and check eligibility</title>');
  });

  it('serves two different sites: the marketplace homepage (site 2) and the credit-card site (site 7)', async () => {
    const pageOf = async (siteId: number, environment?: string) => {
      const demo = await testDemoServer({
        siteId,
        siteName: `Site ${siteId}`,
        ...(environment ? { environment } : {}),
      });
      try {
        return (await demo.app.inject('/')).body;
      } finally {
        await demo.close();
      }
    };
    const home = await pageOf(2);
    const cards = await pageOf(7);
    expect(home).toContain('<h1 id="hero-title">Know your credit score. Get offers that fit it.</h1>');
    expect(home).toContain('id="mutual-funds"');
    expect(home).toContain('<script type="module" src="/consent.js"></script>');
    expect(home).toContain('href="http://localhost:4101/"');
    expect(cards).toContain('<h1 id="hero-title">Credit cards that pay you back</h1>');
    expect(cards).not.toContain('consent.js');
    expect(cards).toContain('href="http://localhost:4100/"');
    for (const page of [home, cards]) {
      expect(page).not.toMatch(/%[A-Z_]+%/);
      // Money in rupees, and nothing technical shown before the developer panel is opened.
      expect(page).toContain('₹');
      expect(page).toMatch(/<section id="developer" class="developer" aria-labelledby="developer-title" hidden>/);
      expect(page).toMatch(/id="developer-toggle"\s+aria-expanded="false"\s+aria-controls="developer"/);
      const customerPart = page.slice(page.indexOf('<body'), page.indexOf('<section id="developer"'));
      expect(customerPart).not.toMatch(/site \d|localhost:4000|pass token|outbox/i);
    }
    // The developer panel says how to sign in locally (the outbox, the demo customer's password) …
    expect(home).toContain('<a href="http://localhost:4000/dev/outbox" target="_blank" rel="noopener">');
    expect(home).toContain('<code>pravesh-demo-password</code>');
    // … and never in production, where neither exists.
    const production = await pageOf(2, 'production');
    expect(production).not.toContain('/dev/outbox');
    expect(production).not.toContain('pravesh-demo-password');
  });

  it('lets the SDK start its blob worker and nothing else from blob:', () => {
    const csp = contentSecurityPolicy('http://localhost:4000');
    expect(csp.split('; ')).toContain('worker-src blob:');
    expect(csp).toMatch(/script-src 'self' http:\/\/localhost:4000;/);
    expect(csp.match(/blob:/g)).toHaveLength(1);
  });
});
