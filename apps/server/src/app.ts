import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NO_PASS_HEADER, PASS_TOKEN_HEADER, STRATEGY_HEADERS } from '@pravesh/core';
import type { AppConfig } from './config/index.ts';
import { createDb, type DatabaseHandle } from './db/client.ts';
import { loggerOptions } from './logging.ts';
import { trustProxyOption } from './config/trusted-proxies.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { faviconRoutes } from './plugins/pages.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { shieldPlugin } from './plugins/shield.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsStore } from './modules/analytics/store.ts';
import { createMobileHasher } from './modules/analytics/mobile-hash.ts';
import { registerActivity } from './modules/activity/index.ts';
import { registerConsent } from './modules/consent/index.ts';
import { registerVisits } from './modules/visits/index.ts';
import { accountsPagesRoutes } from './modules/accounts-pages/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { hubRoutes } from './modules/hub/routes.ts';
import { createKeyring } from './modules/shield/keyring.ts';
import { shieldRoutes } from './modules/shield/routes.ts';
import { createSiteRegistry } from './modules/shield/site-registry.ts';
import { createPassVerifier } from './modules/shield/verifier.ts';
import { ssoModule } from './modules/sso/index.ts';
import { createAccessTokenVerifier } from './modules/sso/access-tokens.ts';
import { ACCESS_TOKEN_HEADER, createCustomerAuth } from './modules/sso/customer-auth.ts';

export interface BuildOptions {
  /** An open database; when absent one is created from the config and migrated. */
  database?: DatabaseHandle;
  /** Injectable clock in milliseconds. */
  now?: () => number;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove secrets stay out). */
  logStream?: { write(line: string): void };
}

export type { AppConfig };

/** Builds the API without listening (tests use app.inject(), main.ts listens). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream, config.environment),
    bodyLimit: config.bodyLimitBytes,
    // Only the configured proxies' X-Forwarded-For is believed; none by default (issue 12 §1.1).
    trustProxy: trustProxyOption(config.trustedProxies),
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    createDb({
      databaseUrl: config.databaseUrl,
      migrationDatabaseUrl: config.migrationDatabaseUrl,
      dataDir: config.dataDir,
    });
  if (!options.database) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const registry = createSiteRegistry(config, keyring);
  const verifier = createPassVerifier({ keyring, registry, now: options.now });

  // The 404 page's way out: the marketplace homepage (site 2) when its origin is configured.
  await app.register(errorsPlugin, { homeUrl: config.sites.get(2)?.origins[0] });
  await app.register(securityHeaders, {
    // API answers are JSON; the pages that need framing rules set their own CSP.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    // CORS is limited to the configured site origins (issue 2); credentials are sent (spec 000 §7).
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
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pravesh API', version: '0.1.0', description: 'Services of spec 000 §7 and spec 001 §7' },
      components: { securitySchemes: { passToken: { type: 'apiKey', in: 'header', name: PASS_TOKEN_HEADER } } },
      security: [{ passToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(shieldPlugin, { verifier, registry });

  if (existsSync(config.sdkDistDir)) {
    await app.register(fastifyStatic, {
      root: config.sdkDistDir,
      prefix: '/sdk/',
      decorateReply: false,
      maxAge: 60_000,
    });
  }

  healthRoutes(app, database);
  faviconRoutes(app);
  shieldRoutes(app, registry, options.now);
  analyticsRoutes(app, createAnalyticsStore(database.db, { hashMobile: createMobileHasher(config.piiHashKey) }));
  registerVisits(app, database, config, options.now);
  // One rule decides which customer a request speaks for, shared by every customer-scoped module.
  const customerAuth = createCustomerAuth(
    createAccessTokenVerifier({
      db: database.db,
      config: config.sso,
      issuer: config.publicUrl,
      now: options.now ?? Date.now,
    }),
  );
  registerActivity(app, database.db, { now: options.now, customerAuth });
  await registerConsent(app, database.db, { config, now: options.now, customerAuth });
  await app.register(ssoModule, { database, config, now: options.now });
  await accountsPagesRoutes(app, { config });
  await hubRoutes(app, { config });
  return app;
}
