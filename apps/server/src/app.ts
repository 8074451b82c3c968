import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NO_PASS_HEADER, PASS_TOKEN_HEADER, STRATEGY_HEADERS } from '@pravesh/core';
import { ACCESS_TOKEN_HEADER, customerPlugin } from './auth/customer-auth.ts';
import { createDeps, type Providers } from './config/deps.ts';
import type { AppConfig } from './config/index.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { DevClock } from './lib/dev-clock.ts';
import type { RateLimiter } from './lib/rate-limit/index.ts';
import { loggerOptions } from './logging.ts';
import { openapiOptions } from './openapi.ts';
import { trustProxyOption } from './config/trusted-proxies.ts';
import { MODULES } from './modules/index.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { MeteredLogController, metricsRoutePlugin } from './observability/plugin.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './observability/request-id.ts';
import { createPassVerifier } from './modules/shield/index.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { serviceUnavailable } from './lib/outage.ts';
import { faviconRoutes } from './plugins/pages.ts';
import { sdkFiles } from './plugins/sdk-files.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { shieldPlugin } from './plugins/shield.ts';

export interface BuildOptions {
  /** An open database; when absent one is created from the config and migrated. */
  database?: DatabaseHandle;
  /** Injectable clock in milliseconds. */
  now?: () => number;
  /** Test seams: SMS, email or caller-id providers to use instead of the configured ones. */
  providers?: Partial<Providers>;
  /** Test seam: a rate limiter to use instead of the configured one. */
  limiter?: RateLimiter;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove secrets stay out). */
  logStream?: { write(line: string): void };
  /**
   * The metrics registry to count into (main.ts serves it on its own port); a fresh one when
   * absent; false leaves the request metrics out (the bench's "metrics off" side).
   */
  metrics?: Metrics | false;
  /**
   * An instance built earlier in this process whose database and dev clock this one uses, as a
   * second process behind a load balancer shares the database and the hosts' time: scripts/start.ts
   * --also, which the journeys use to serve the dashboard with a feature switch off. That instance
   * keeps owning them (it closes the database), so this one is closed first.
   */
  alongside?: FastifyInstance;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What an instance built alongside this one shares with it (BuildOptions.alongside). */
    readonly shareable: { readonly database: DatabaseHandle; readonly devClock: DevClock | undefined };
  }
}

export type { AppConfig };

/** Builds the API without listening (tests use app.inject(), main.ts listens). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const metrics = options.metrics || createMetrics({ processMetrics: options.metrics !== false });
  const metered = options.metrics !== false;
  const app = Fastify({
    // Request metrics are recorded by the log controller (observability/plugin.ts), which Fastify
    // calls only when there is a logger: with logs off they get a silent one.
    logger:
      options.logger !== false
        ? loggerOptions(config.logLevel, options.logStream, config.environment)
        : metered && { level: 'silent' },
    ...(metered ? { logController: new MeteredLogController(metrics) } : {}),
    bodyLimit: config.bodyLimitBytes,
    // Only the configured proxies' X-Forwarded-For is believed; none by default.
    trustProxy: trustProxyOption(config.trustedProxies),
    routerOptions: { maxParamLength: 256 },
    // Fastify's own answer while closing is a 503 without Retry-After; ours below carries it.
    return503OnClosing: false,
    // One id per request in every log line, from traceparent or a proxy's x-request-id (observability/request-id.ts).
    genReqId: requestIdFor,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Everything modules share is built once; its close runs after every module's onClose hooks
  // (onClose hooks run in reverse order of registration), so queued visits are written first.
  const shared = options.alongside?.shareable;
  const { deps, close } = await createDeps(config, {
    metrics,
    database: options.database ?? shared?.database,
    devClock: shared?.devClock,
    now: options.now,
    providers: options.providers,
    limiter: options.limiter,
    log: app.log,
  });
  app.addHook('onClose', () => close());
  // A registry this app made is this app's: its GC observer and event-loop monitor end with it.
  if (options.metrics === undefined) app.addHook('onClose', () => metrics.process?.stop());
  // main.ts marks it stopping the moment SIGTERM arrives (modules/health/shutdown.ts).
  app.decorate('readiness', deps.readiness);
  app.decorate('shareable', { database: deps.database, devClock: deps.devClock });
  const { registry } = deps;
  const verifier = createPassVerifier({ keyring: deps.keyring, registry, now: deps.now });

  // Once close has begun (SIGTERM, after PRAVESH_SHUTDOWN_DELAY_MS), a request that still arrives on
  // an open connection is refused as an outage: 503 with Retry-After (RFC 9110 §15.6.4), and the
  // connection closed so the client's retry goes to another instance.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Also returns the request's id (observability/request-id.ts) on every response, metrics on or
  // off: one onRequest hook for both, since each hook is a turn of Fastify's hook runner per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!closing) return done();
    reply.header('connection', 'close');
    done(serviceUnavailable(1));
  });
  // GET /metrics on the API's own port for a caller with the token; main.ts may also serve it on a
  // port of its own (config/observability.ts).
  if (metered && config.metrics.token !== undefined) {
    await app.register(metricsRoutePlugin, { metrics, token: config.metrics.token });
  }
  // The 404 page's way out: the marketplace homepage (site 2) when its origin is configured.
  await app.register(errorsPlugin, { homeUrl: config.sites.get(2)?.origins[0] });
  await app.register(securityHeaders, {
    // API answers are JSON; the pages that need framing rules set their own CSP.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    // CORS is limited to the configured site origins; credentials are sent (spec 000 §7).
    origin: (origin, callback) => callback(null, origin === undefined || registry.isKnownOrigin(origin)),
    credentials: true,
    allowedHeaders: [
      'content-type',
      PASS_TOKEN_HEADER,
      NO_PASS_HEADER,
      'site-id',
      'authorization-key',
      // spec 000 §7: customer services take the access token in pb-access-token.
      ACCESS_TOKEN_HEADER,
      ...Object.keys(STRATEGY_HEADERS),
    ],
    maxAge: 600,
  });
  // The document's intro, security per route, error codes and limits: openapi.ts.
  await app.register(swagger, openapiOptions(config));
  // Production publishes the document only when an operator switches it on (config docsEnabled).
  if (config.docsEnabled) await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(shieldPlugin, { verifier, registry });
  // request.customer for routes that ask for a signed-in customer (customer-auth.ts signedIn).
  await app.register(customerPlugin);

  // Compressed copies by Accept-Encoding; hashed scripts cached for a year, the loaders briefly.
  if (existsSync(config.sdkDistDir)) await sdkFiles(app, config.sdkDistDir);

  faviconRoutes(app);
  // Every module has one shape (ARCHITECTURE.md "Where the next capabilities go"): a plugin given
  // the same dependencies, registered from one list (modules/index.ts).
  for (const serverModule of MODULES) await app.register(serverModule, deps);
  return app;
}
