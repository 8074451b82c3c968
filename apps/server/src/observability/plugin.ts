import { timingSafeEqual } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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
  token: string;
}

/**
 * Request metrics for every route: one histogram by route *template* (never the raw URL, which
 * may carry a pass token or ids), method, HTTP status and spec status code; shield refusals by code.
 *
 * Recorded from Fastify's log controller (its documented extension point, `logController`), whose
 * requestCompleted Fastify already calls once for every finished response, refusals and 404s
 * included, to log it. An onResponse hook would add a turn of Fastify's hook runner to every
 * request, and the bench row "metrics on ÷ off" (issue target 0.97) has no room for it. The
 * server's logger must be on for Fastify to call it (app.ts gives a silent one when logs are off).
 */
export class MeteredLogController extends LogController {
  // One series per label set, found by a string key: building and hashing a label object on every
  // request cost a measurable share of the no-op route's throughput.
  readonly #series = new Map<string, LatencySeries>();
  readonly #metrics: Metrics;

  constructor(metrics: Metrics) {
    super();
    this.#metrics = metrics;
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    this.#observe(request, reply);
    super.requestCompleted(error, request, reply, metadata);
  }

  #observe(request: FastifyRequest, reply: FastifyReply): void {
    // Unmatched requests share one label: raw paths would make a series per scanner probe.
    const route = request.routeOptions.url ?? 'unmatched';
    const refused = (request as WithSpecCode)[SPEC_CODE];
    if (refused !== undefined && SHIELD_CODES.has(refused)) this.#metrics.shieldRefusals.inc({ code: refused });
    const code = refused ?? 'ok';
    const key = `${request.method} ${reply.statusCode} ${code} ${route}`;
    let observe = this.#series.get(key);
    if (observe === undefined) {
      observe = this.#metrics.httpRequestDuration.series({
        http_request_method: request.method,
        http_route: route,
        http_response_status_code: String(reply.statusCode),
        code,
      });
      this.#series.set(key, observe);
    }
    observe.observe(reply.elapsedTime / 1000);
  }
}

/** Serves /metrics on this app for a caller with `Authorization: Bearer <token>` (config/observability.ts). */
export const metricsRoutePlugin = fp<ObservabilityOptions>(
  (app: FastifyInstance, { metrics, token }) => {
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/metrics', { config: { shield: false }, schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
      }
      return sendMetrics(metrics, reply);
    });
  },
  { name: 'pravesh-metrics-route' },
);

export async function sendMetrics(metrics: Metrics, reply: FastifyReply): Promise<FastifyReply> {
  return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
}
