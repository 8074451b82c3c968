import type { FastifyServerOptions } from 'fastify';
import { PASS_TOKEN_QUERY } from '@pravesh/core';

/**
 * Query parameters that carry secrets or personal data and must never reach a log line (spec 000
 * §7's preference?mobileNo puts a number in the URL: issue 12 §1.10).
 */
const SECRET_QUERY_KEYS = [
  PASS_TOKEN_QUERY,
  'token',
  'glss_token',
  'glssKey',
  'signature',
  'code',
  'otp',
  'mobileNo',
  'email',
];
const SECRET_KEYS = new Set(SECRET_QUERY_KEYS.map((key) => key.toLowerCase()));

/** Replaces secret query values with "[redacted]" (image loads carry the token in the URL). */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  // Any spelling of a listed name (mobileno, MOBILENO): a handler may not care, the log must.
  for (const key of new Set(params.keys())) if (SECRET_KEYS.has(key.toLowerCase())) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** pino options: secrets in headers are censored and URLs are redacted. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers["pb-pass-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        origin: request.headers.origin,
      }),
    },
  };
}
