import type { FastifyServerOptions } from 'fastify';
import { PASS_TOKEN_QUERY } from '@pravesh/core';

/** Query parameters that carry secrets and must never reach a log line. */
const SECRET_QUERY_KEYS = [PASS_TOKEN_QUERY, 'token', 'glss_token', 'glssKey', 'signature', 'code', 'otp'];

/** Replaces secret query values with "[redacted]" (image loads carry the token in the URL). */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of SECRET_QUERY_KEYS) if (params.has(key)) params.set(key, '[redacted]');
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
