import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's response headers for `options`, worked out once. With the content security policy off
 * (pages that need one set their own), none of helmet's headers depends on the request, so running
 * its chain of middlewares on every request (about 5 µs on the visit route, the hottest one) only
 * recomputes the same list.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  if (options.contentSecurityPolicy !== false) throw new Error('a content security policy is set per page');
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error instanceof Error) throw error;
    if (error !== undefined) throw new Error('helmet failed to set its headers');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Sets helmet's headers on every answer, 404s included. A page that may be framed removes
 * X-Frame-Options itself (framed-page.ts): frame-ancestors in its CSP decides instead.
 */
export const securityHeaders = fp<HelmetOptions>(
  (app: FastifyInstance, options, done) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'security-headers' },
);
