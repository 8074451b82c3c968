import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createDemoServer, escapeHtml, renderPage, type DemoServer } from './serve.ts';

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
    server = await createDemoServer({
      port: 0,
      host: '127.0.0.1',
      siteId: 2,
      siteName: 'Homepage',
      apiUrl: 'http://localhost:4000/',
      logger: false,
    });
    for (const url of ['/', '/index.html']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy('http://localhost:4000'));
      expect(response.body).toContain('<script src="http://localhost:4000/sdk/pravesh.js" defer></script>');
      expect(response.body).toContain('Demo Finance Marketplace');
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
  });

  it('reports the port it bound when asked for any free port', async () => {
    server = await createDemoServer({
      port: 0,
      host: '127.0.0.1',
      siteId: 7,
      siteName: 'Credit card',
      apiUrl: 'http://localhost:4000',
      logger: false,
    });
    const url = await server.listen();
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(url).not.toBe('http://localhost:0');
    const page = await fetch(`http://127.0.0.1:${new URL(url).port}/`);
    expect(await page.text()).toContain('<title>Demo Finance Marketplace · Credit card</title>');
  });
});
