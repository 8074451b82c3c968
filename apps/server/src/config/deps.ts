import type { FastifyBaseLogger } from 'fastify';
import { SSO_DEV_ROUTES } from '@pravesh/core';
import { createAccessTokenVerifier } from '../auth/access-tokens.ts';
import { createCustomerAuth, type CustomerAuth } from '../auth/customer-auth.ts';
import { createPiiCipher, type PiiCipher } from '../auth/pii-cipher.ts';
import { createTokenLiveness, type TokenLiveness } from '../auth/token-liveness.ts';
import { createDb, warnWithoutPoolerStatementTimeout, type Database, type DatabaseHandle } from '../db/client.ts';
import { createDevClock, type DevClock } from '../lib/dev-clock.ts';
import { createAccountActivity, type AccountActivity } from '../lib/account-activity.ts';
import { createGenerations, type Generations } from '../lib/generations.ts';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limit/index.ts';
import { checkRedisSettings, connectRedis } from '../lib/redis.ts';
import { demoBureauProfiles } from '../providers/bureau/demo-profiles.ts';
import { createBureauProvider, type BureauProvider } from '../providers/bureau/index.ts';
import {
  aggregatorOtpToOutbox,
  createAggregatorProvider,
  type AggregatorProvider,
} from '../providers/aggregator/index.ts';
import { createPaymentProvider, type PaymentProvider } from '../providers/payment/index.ts';
import { createCallerIdSimulator, type CallerIdProvider } from '../providers/caller-id/index.ts';
import { createEmailProvider, type EmailProvider } from '../providers/email/index.ts';
import { createDatabaseOutboxStore, createSmsProvider, type SmsProvider } from '../providers/sms/index.ts';
import { createDatabaseRecords } from '../providers/simulator-records.ts';
import { createKeyring, type Keyring } from '../lib/keyring.ts';
import { createSiteRegistry, type SiteRegistry } from '../lib/site-registry.ts';
import type { OfferLookup } from '../lib/offer-lookup.ts';
import { groupCommitFor } from '../lib/group-commit.ts';
import { createOtpService, type OtpService } from '../lib/otp/service.ts';
import { createMetrics, type Metrics } from '../observability/metrics.ts';
import { createSessionStore, type SessionStore } from '../modules/sso/index.ts';
import { createReadiness, type Readiness } from '../lib/readiness.ts';
import { writeQueueOptions } from '../modules/health/index.ts';
import { createEventSink, type EventSink } from '../event-sink/index.ts';
import { startPartitionMaintenance } from '../db/daily-partitions.ts';
import type { AppConfig } from './index.ts';
import { ConfigError } from './shared.ts';
import { schemaRefusal, schemaStatus } from '../db/schema-version.ts';

/** The outside services a module talks to; each is an interface with a simulator (providers/). */
export interface Providers {
  readonly sms: SmsProvider;
  /** Absent when email sign-in is disabled (PRAVESH_EMAIL_PROVIDER=disabled). */
  readonly email: EmailProvider | undefined;
  readonly callerId: CallerIdProvider;
  /** Credit bureaus: the simulator unless a real adapter is configured (config/bureau.ts). */
  readonly bureau: BureauProvider;
  /** Payment gateway; absent when payments are switched off (config/payment.ts). */
  readonly payment?: PaymentProvider | undefined;
  /** Account aggregator: the simulator unless a real adapter is configured (config/aggregator.ts). */
  readonly aggregator: AggregatorProvider;
  /** Test seam: the offers a customer may apply to, for the leads module (default: the offer catalogue). */
  readonly offerLookup?: OfferLookup | undefined;
}

/**
 * What every server module is given (ARCHITECTURE.md "Where the next capabilities go"): built once
 * by createDeps, passed to each module plugin by buildApp. A module takes what it needs from here
 * and builds its own store and service; it never builds a shared dependency itself.
 */
export interface ModuleDeps {
  readonly config: AppConfig;
  readonly database: DatabaseHandle;
  /** database.db, for stores. */
  readonly db: Database;
  /** The one clock in milliseconds (tests move it; nothing else reads Date.now for rules). */
  readonly now: () => number;
  /** The clock behind `now` when the end-to-end journeys may move it (config.devClock). */
  readonly devClock?: DevClock | undefined;
  readonly keyring: Keyring;
  readonly registry: SiteRegistry;
  /** Rate limits shared by every instance (Redis when configured, else the database). */
  readonly limiter: RateLimiter;
  readonly providers: Providers;
  /** Who a request speaks for: one rule for every customer-scoped module. */
  readonly customerAuth: CustomerAuth;
  /** Access-token liveness, cached; every revocation calls its revoked() (auth/token-liveness.ts). */
  readonly tokenLiveness: TokenLiveness;
  /** Personal data at rest: the one cipher and look-up hash of customers' numbers, emails and details. */
  readonly pii: PiiCipher;
  /**
   * One-time codes by SMS and email: the sign-on module's sign-in codes and My Account's contact
   * changes share one store of hashed codes, one set of peppers and one set of send limits.
   */
  readonly otp: OtpService;
  /** The sign-on sessions' one revocation a module may start: My Account's contact change signs the others out. */
  readonly sessions: Pick<SessionStore, 'revokeOthersOf'>;
  /** The account's security events (a changed contact, a device signed out) shown on active devices. */
  readonly accountActivity: AccountActivity;
  /** Change counters for caches that must see every change on every instance (lib/generations.ts). */
  readonly generations: Generations;
  /** Prometheus metrics of this instance (observability/metrics.ts); modules count what they do. */
  readonly metrics: Metrics;
  /** What /readyz reports; write queues register with it (modules/health/readiness.ts). */
  readonly readiness: Readiness;
  /** Where analytics events go: the database or NATS JetStream (PRAVESH_EVENTS_SINK, event-sink/). */
  readonly eventSink: EventSink;
  readonly log: FastifyBaseLogger;
}

export interface DepsOptions {
  /** An open, migrated database; when absent one is created from the config and migrated. */
  database?: DatabaseHandle | undefined;
  /** Injectable clock in milliseconds. */
  now?: (() => number) | undefined;
  /** A dev clock another instance of this process already moves (BuildOptions.alongside): one time for both. */
  devClock?: DevClock | undefined;
  /** Test seams: providers to use instead of the configured ones. */
  providers?: Partial<Providers> | undefined;
  /** Test seam: a rate limiter to use instead of the configured one (not closed here). */
  limiter?: RateLimiter | undefined;
  /** The app's metrics registry; a fresh one when absent. */
  metrics?: Metrics | undefined;
  log: FastifyBaseLogger;
}

export interface CreatedDeps {
  readonly deps: ModuleDeps;
  /** Closes what createDeps opened (the limiter, then the database), not what it was given. */
  readonly close: () => Promise<void>;
}

export async function createDeps(config: AppConfig, options: DepsOptions): Promise<CreatedDeps> {
  const devClock = options.devClock ?? (config.devClock && !options.now ? createDevClock() : undefined);
  const now = options.now ?? devClock?.now ?? Date.now;
  const metrics = options.metrics ?? createMetrics();
  const database =
    options.database ??
    createDb({
      databaseUrl: config.databaseUrl,
      migrationDatabaseUrl: config.migrationDatabaseUrl,
      dataDir: config.dataDir,
      ...config.database,
    });
  if (!options.database) {
    if (config.migrateOnStart) await database.migrate();
    else {
      const refusal = schemaRefusal(await schemaStatus(database.db));
      if (refusal) {
        await database.close();
        throw new ConfigError(refusal);
      }
    }
  }
  if (database.kind === 'postgres' && config.database.pooler === 'transaction') {
    void warnWithoutPoolerStatementTimeout(database.db, options.log);
  }
  metrics.watchPool(() => database.poolStatus());
  const db = database.db;
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const registry = createSiteRegistry(config, keyring);
  // One Redis connection for the rate limits and the change counters (lib/redis.ts: fails fast, logs
  // an outage once); its settings are checked once it first connects (README "Redis").
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, {
        ...config.redisTimeouts,
        log: options.log,
        countError: () => metrics.redisErrors.inc(),
      })
    : undefined;
  redis?.client.once('ready', () => void checkRedisSettings(redis, options.log));
  const limiter = options.limiter ?? createRateLimiter({ redis, db, prefix: config.sso.rateLimitPrefix, now });

  // One local outbox for both simulators, so /dev/outbox shows every code a demo sent; it and the
  // simulators' records are in the database, so every instance and a restart see the same state.
  const outboxStore = createDatabaseOutboxStore({ db, now, pageUrl: `${config.publicUrl}${SSO_DEV_ROUTES.outbox}` });
  const simulatorRecords = createDatabaseRecords(db);
  const sso = config.sso;
  const providers: Providers = {
    sms: options.providers?.sms ?? createSmsProvider(sso.sms, options.log, now, outboxStore),
    email:
      'email' in (options.providers ?? {})
        ? options.providers?.email
        : sso.email.kind === 'disabled'
          ? undefined
          : createEmailProvider(sso.email, options.log, now, outboxStore),
    callerId: options.providers?.callerId ?? createCallerIdSimulator(config.publicUrl),
    bureau:
      options.providers?.bureau ??
      createBureauProvider(config.bureau, { now, profileOf: demoBureauProfiles(db, config) }),
    payment:
      'payment' in (options.providers ?? {})
        ? options.providers?.payment
        : createPaymentProvider(config.payment, { now, records: simulatorRecords }),
    aggregator:
      options.providers?.aggregator ??
      createAggregatorProvider(config.aggregator, {
        now,
        deliverOtp: aggregatorOtpToOutbox(outboxStore),
        records: simulatorRecords,
      }),
    offerLookup: options.providers?.offerLookup,
  };

  // Change counters for the caches that must never outlive a change on any instance (lib/generations.ts).
  const generations = createGenerations({
    embedded: database.kind === 'pglite',
    redis,
    prefix: sso.rateLimitPrefix,
  });
  const tokenLiveness = createTokenLiveness({
    db,
    now,
    generations,
    countLookup: (result) => metrics.cacheLookups.inc({ cache: 'token liveness', result }),
  });
  const customerAuth = createCustomerAuth(
    createAccessTokenVerifier({ db, config: sso, issuer: config.publicUrl, now, liveness: tokenLiveness }),
  );
  const pii = createPiiCipher(config.pii, config.piiHashKey);
  const otp = createOtpService({
    db,
    config: sso,
    mobileKeySecret: config.piiHashKey,
    limiter,
    pii,
    sms: providers.sms,
    email: providers.email,
    webOtpHost: new URL(config.publicUrl).hostname,
    now,
    groupCommit: groupCommitFor(database.kind),
    metrics,
  });

  const readiness = createReadiness({ database, stallMs: config.database.readyStallMs });
  const eventSink = createEventSink(config, {
    database,
    now,
    log: options.log,
    metrics,
    queue: writeQueueOptions({ config, log: options.log, metrics }, 'analytics event'),
  });
  readiness.watchDependency(() => eventSink.problem());
  // Today's and tomorrow's partitions of visits and analytics events, expired ones dropped: now,
  // then hourly (db/daily-partitions.ts). The first run is awaited so the first requests find
  // today's partition (a database image migrated on another day has none); a failed run is logged,
  // and an insert that finds no partition makes it itself.
  const partitions = startPartitionMaintenance({
    db,
    now,
    log: options.log,
    retentionDays: { visits: config.events.visitsRetentionDays, analytics_events: config.events.eventsRetentionDays },
  });
  await partitions.settled();

  return {
    deps: {
      config,
      database,
      db,
      now,
      devClock,
      keyring,
      registry,
      limiter,
      providers,
      customerAuth,
      tokenLiveness,
      pii,
      otp,
      sessions: createSessionStore(db, { ttlSeconds: sso.sessionTtlSeconds, now, liveness: tokenLiveness }),
      accountActivity: createAccountActivity(db, now),
      generations,
      metrics,
      readiness,
      eventSink,
      log: options.log,
    },
    close: async () => {
      // Queued events are written (or published) before the database closes.
      await eventSink.close();
      await partitions.stop();
      await tokenLiveness.close();
      await generations.close();
      if (!options.limiter) await limiter.close();
      await redis?.close();
      if (!options.database) await database.close();
    },
  };
}
