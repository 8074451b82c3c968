import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DemoServer } from './serve.ts';
import { testDemoServer } from './test-server.ts';

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The page with a live API is tested end to end in scripts/partner-page.test.ts (only scripts may
// use both apps); here the states that need no lead.
describe('demo partner page (/partner/apply)', () => {
  let server: DemoServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('refuses a missing or malformed reference without asking the API, as a labelled page', async () => {
    server = await testDemoServer({ apiUrl: `http://127.0.0.1:${await closedPort()}` });
    for (const url of ['/partner/apply', '/partner/apply?ref=%3Cscript%3E', '/partner/apply?ref=123']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain('<h1 id="problem-title">We couldn&#39;t find this application</h1>');
      expect(response.body).not.toContain('<script');
      expect(response.body).toContain('<a class="skip-link" href="#main">Skip to content</a>');
      expect(response.body).toContain('href="http://localhost:4100/">Go to Kosh</a>');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('says the application cannot be loaded when the API does not answer', async () => {
    server = await testDemoServer({ apiUrl: `http://127.0.0.1:${await closedPort()}` });
    const response = await server.app.inject({
      method: 'GET',
      url: '/partner/apply?ref=1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    });
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain('We can&#39;t load your application right now');
    expect(response.body).toContain('<title>Application unavailable</title>');
  });
});
