import type { FastifyInstance } from 'fastify';

/**
 * Parses application/x-www-form-urlencoded bodies (OAuth token requests, RFC 6749 §4.1.3, and the
 * simulators' HTML forms) into `{ name: value | value[] }`. Registered inside the plugins that take
 * forms, so the parser stays local to them.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const form: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        const existing = form[key];
        form[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
      done(null, form);
    },
  );
}
