import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_GROUPS } from '@pravesh/core';
import type { Metrics } from './metrics.ts';
import type { LatencySeries } from './request-durations.ts';

const SHIELD_CODES = new Set(Object.values(ERROR_GROUPS.shield).map((entry) => entry.code));
const SPEC_CODE = Symbol('specStatusCode');

type WithSpecCode = FastifyRequest & { [SPEC_CODE]?: string };

/**
 * Labels this request's metrics with the spec status code of its refusal (spec 000 §8): called by
 * whatever sends a failure envelope (plugins/errors.ts, the OTP route's challenge).
 */
export function noteRefusal(request: FastifyRequest, code: string): void {
  (request as WithSpecCode)[SPEC_CODE] = code;
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
    // No onSend hook: the first one would put Fastify's onSend runner on every response. The
    // x-request-id header is set by app.ts's onRequest hook, which runs with or without metrics.
    // One series per label set, found by a string key: building and hashing a label object on every
    // request cost a measurable share of the no-op route's throughput (bench "metrics on ÷ off").
    const series = new Map<string, LatencySeries>();
    app.addHook('onResponse', (request, reply, done) => {
      // Unmatched requests share one label: raw paths would make a series per scanner probe.
      const route = request.routeOptions.url ?? 'unmatched';
      const refused = (request as WithSpecCode)[SPEC_CODE];
      if (refused !== undefined && SHIELD_CODES.has(refused)) metrics.shieldRefusals.inc({ code: refused });
      const code = refused ?? 'ok';
      const key = `${request.method} ${reply.statusCode} ${code} ${route}`;
      let observe = series.get(key);
      if (observe === undefined) {
        observe = metrics.httpRequestDuration.series({
          http_request_method: request.method,
          http_route: route,
          http_response_status_code: String(reply.statusCode),
          code,
        });
        series.set(key, observe);
      }
      observe.observe(reply.elapsedTime / 1000);
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
