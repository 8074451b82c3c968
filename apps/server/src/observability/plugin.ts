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
 * request, and the bench row "metrics on ÷ off" (target 0.97, docs/operations.md) has no room for it. The
 * server's logger must be on for Fastify to call it (app.ts gives a silent one when logs are off).
 */
export class MeteredLogController extends LogController {
  // One series per label set, found through maps keyed by the route template, method and status
  // (strings Fastify and Node's parser reuse, whose hashes V8 keeps, and a number): building a label
  // object, or a key string, on every request cost a measurable share of the no-op's throughput.
  readonly #series = new Map<string, Map<string, Map<number, LatencySeries>>>();
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
    this.#seriesFor(route, request.method, reply.statusCode, refused ?? 'ok').observe(reply.elapsedTime / 1000);
  }

  #seriesFor(route: string, method: string, status: number, code: string): LatencySeries {
    // A refusal's spec code joins the route key: refusals are few, answers are most requests.
    const key = code === 'ok' ? route : `${route} ${code}`;
    let byMethod = this.#series.get(key);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.#series.set(key, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = this.#metrics.httpRequestDuration.series({
        http_request_method: method,
        http_route: route,
        http_response_status_code: String(status),
        code,
      });
      byStatus.set(status, series);
    }
    return series;
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
