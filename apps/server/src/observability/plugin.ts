import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_GROUPS } from '@pravesh/core';
import type { Metrics } from './metrics.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

const SHIELD_CODES = new Set(Object.values(ERROR_GROUPS.shield).map((entry) => entry.code));
const FAILURE_PREFIX = '{"status":false,"statusCode":"';
const SPEC_CODE = Symbol('specStatusCode');

type WithSpecCode = FastifyRequest & { [SPEC_CODE]?: string };

/**
 * The envelope's spec status code of a refusal (spec 000 §8), read from the serialised body: only
 * failure envelopes are looked at, and only their first field, so a success costs one prefix check.
 */
export function failureCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith(FAILURE_PREFIX)) return undefined;
  const end = payload.indexOf('"', FAILURE_PREFIX.length);
  return end > FAILURE_PREFIX.length ? payload.slice(FAILURE_PREFIX.length, end) : undefined;
}

export interface ObservabilityOptions {
  metrics: Metrics;
  /** Serve /metrics on this app for a caller with `Authorization: Bearer <token>` (config/observability.ts). */
  token?: string | undefined;
}

/**
 * Request metrics for every route: one histogram by route *template* (never the raw URL, which
 * may carry a pass token or ids), method, HTTP status and spec status code; shield refusals by code.
 */
export const observabilityPlugin = fp<ObservabilityOptions>(
  (app: FastifyInstance, { metrics, token }) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (reply.statusCode >= 400 || typeof payload === 'string') {
        const code = failureCodeOf(payload);
        if (code !== undefined) {
          (request as WithSpecCode)[SPEC_CODE] = code;
          if (SHIELD_CODES.has(code)) metrics.shieldRefusals.inc({ code });
        }
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpRequestDuration.observe(
        {
          http_request_method: request.method,
          // Unmatched requests share one label: raw paths would make a series per scanner probe.
          http_route: request.routeOptions.url ?? 'unmatched',
          http_response_status_code: String(reply.statusCode),
          code: (request as WithSpecCode)[SPEC_CODE] ?? 'ok',
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    if (token !== undefined) {
      const expected = Buffer.from(`Bearer ${token}`);
      app.get('/metrics', { config: { shield: false }, schema: { hide: true } }, async (request, reply) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return reply.status(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
        }
        return sendMetrics(metrics, reply);
      });
    }
  },
  { name: 'pravesh-observability' },
);

export async function sendMetrics(metrics: Metrics, reply: FastifyReply): Promise<FastifyReply> {
  return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
}
