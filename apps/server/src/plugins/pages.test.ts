import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestInstance, type TestInstance } from '../test/instance.ts';
import { FAVICON_SVG, NOT_FOUND_CSP } from './pages.ts';

/** The icon every page load asks for, and a page (not JSON) for a person at an unknown address. */
describe('pages a browser meets on the API origin', () => {
  let server: TestInstance;
  beforeAll(async () => {
    server = await getTestInstance('pglite');
  });
  afterAll(() => server?.close());

  it('serves /favicon.svg as an SVG, and sends /favicon.ico there', async () => {
    const icon = await server.app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toBe(FAVICON_SVG);
    const ico = await server.app.inject('/favicon.ico');
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('answers a browser asking for a page at an unknown address with a designed 404 page', async () => {
    const response = await server.app.inject({
      url: '/no/such/page?x=1',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>We couldn’t find that page</h1>');
    // The way out is the marketplace homepage (site 2's origin), never the API's missing "/".
    expect(response.body).toContain('<a href="http://localhost:4100">Go to the homepage</a>');
    expect(response.body).not.toContain('notFound');
    // Its only style block is allowed by hash; nothing else may run or load.
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(NOT_FOUND_CSP);
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.body).not.toContain('<script');
  });

  it('keeps the JSON envelope for API clients, and for anything but a page load', async () => {
    for (const request of [
      { url: '/no/such/page' },
      { url: '/no/such/page', headers: { accept: 'application/json' } },
      { url: '/no/such/page', headers: { accept: '*/*' } },
      { method: 'POST' as const, url: '/no/such/page', headers: { accept: 'text/html' } },
      { url: '/no/such/page', headers: { accept: 'text/htmlx' } },
    ]) {
      const response = await server.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ status: false, statusCode: 'notFound', statusMessage: 'Route not found' });
    }
  });
});
