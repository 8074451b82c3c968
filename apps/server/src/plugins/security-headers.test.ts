import { createServer } from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from './security-headers.ts';

const OPTIONS = { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } } as const;

/** What helmet's middleware sets on a real Node response, run the ordinary way. */
async function headersFromHelmetItself(): Promise<Record<string, string>> {
  const server = createServer((request, response) => {
    helmet(OPTIONS)(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!skip.has(name)) headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are exactly the headers helmet sets per request', async () => {
    const computed = helmetHeaders(OPTIONS);
    expect(computed).toEqual(await headersFromHelmetItself());
    expect(computed['x-content-type-options']).toBe('nosniff');
    expect(computed['cross-origin-resource-policy']).toBe('cross-origin');
    expect(computed['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses a content security policy, which pages set for themselves', () => {
    expect(() => helmetHeaders({})).toThrow(/per page/);
  });

  it('are on every answer, a 404 included, and a route may remove one', async () => {
    const app = Fastify();
    await app.register(securityHeaders, OPTIONS);
    app.get('/framed', (_request, reply) => reply.removeHeader('x-frame-options').send('ok'));
    app.get('/json', () => ({ ok: true }));
    try {
      const json = await app.inject('/json');
      expect(json.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const missing = await app.inject('/nowhere');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
      const framed = await app.inject('/framed');
      expect(framed.headers['x-frame-options']).toBeUndefined();
      expect(framed.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});
