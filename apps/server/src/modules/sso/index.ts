import type { FastifyInstance } from 'fastify';
import { SSO_DEV_ROUTES } from '@pravesh/core';
import type { AppConfig } from '../../config/index.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limit/index.ts';
import { createCallerIdSimulator, type CallerIdProvider } from '../../providers/caller-id/index.ts';
import { outboxRoutes } from '../../providers/sms/dev-routes.ts';
import { createEmailProvider, type EmailProvider } from '../../providers/email/index.ts';
import { createOutboxStore, createSmsProvider, type SmsProvider } from '../../providers/sms/index.ts';
import { createKeyring } from '../shield/keyring.ts';
import { authorizeRoutes } from './authorize/routes.ts';
import { createAuthorizeService } from './authorize/service.ts';
import { callerIdRoutes, callerIdSimulatorRoutes } from './caller-id/routes.ts';
import { createCallerIdService } from './caller-id/service.ts';
import { createClientRegistry } from './clients.ts';
import { codeRoutes } from './codes/routes.ts';
import { createCodeService } from './codes/service.ts';
import { customerRoutes } from './customers/routes.ts';
import { seedDemoCustomer } from './customers/seed.ts';
import { createPiiCipher } from './customers/pii.ts';
import { createCustomerStore } from './customers/store.ts';
import { createDeviceTrust } from './customers/trusted-devices.ts';
import { groupCommitFor } from './group-commit.ts';
import { createSessionCookies } from './http.ts';
import { oauthServerRoutes } from './oauth-server/routes.ts';
import { emailOtpRoutes, otpRoutes } from './otp/routes.ts';
import { createOtpService } from './otp/service.ts';
import { createOneTimeKeys } from './sessions/one-time-keys.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { createSessionStore } from './sessions/store.ts';

export interface SsoModuleOptions {
  database: DatabaseHandle;
  config: AppConfig;
  /** Injectable clock in milliseconds. */
  now?: (() => number) | undefined;
  /** Test seams: a different SMS provider, caller-id provider or rate limiter. */
  sms?: SmsProvider;
  email?: EmailProvider;
  callerIdProvider?: CallerIdProvider;
  limiter?: RateLimiter;
}

/**
 * Single sign-on (issue 4): the accounts service of spec 000 §7 (authorize, OTP, logout,
 * preference, setSSID, caller identification), the code exchange of spec 001 §7, and an OAuth 2.0
 * authorization server. Registered as an encapsulated plugin so its form-body parser stays local.
 */
export async function ssoModule(app: FastifyInstance, options: SsoModuleOptions): Promise<void> {
  const { config, database } = options;
  const sso = config.sso;
  const now = options.now ?? Date.now;
  const db = database.db;

  // OAuth token requests and the simulator's forms are application/x-www-form-urlencoded.
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

  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const kids = config.shieldKeys.map((key) => key.kid);
  const limiter =
    options.limiter ?? createRateLimiter({ redisUrl: config.redisUrl, db, prefix: sso.rateLimitPrefix, now });
  if (!options.limiter) app.addHook('onClose', () => limiter.close());
  // One local outbox for both simulators, so /dev/outbox shows every code a demo sent.
  const outboxStore = createOutboxStore({ now, pageUrl: `${config.publicUrl}${SSO_DEV_ROUTES.outbox}` });
  const sms = options.sms ?? createSmsProvider(sso.sms, app.log, now, outboxStore);
  const email =
    options.email ??
    (sso.email.kind === 'disabled' ? undefined : createEmailProvider(sso.email, app.log, now, outboxStore));
  const callerIdProvider = options.callerIdProvider ?? createCallerIdSimulator(config.publicUrl);

  const clients = createClientRegistry(sso.clients);
  const groupCommit = groupCommitFor(database.kind);
  // Personal data at rest (issue 12 §1.10): numbers and emails encrypted, rows in clear moved at start.
  const pii = createPiiCipher(config.pii, config.piiHashKey);
  const customers = createCustomerStore(db, now, { groupCommit, pii });
  await customers.encryptLegacyRows();
  // Browsers trusted for password sign-ins without a second OTP (issue 12 §1.6).
  const deviceTrust = createDeviceTrust(db, { environment: config.environment, now });
  const sessions = createSessionStore(db, { ttlSeconds: sso.sessionTtlSeconds, now });
  const oneTimeKeys = createOneTimeKeys(db, now);
  const cookies = createSessionCookies({
    environment: config.environment,
    domain: config.cookieDomain,
    maxAgeSeconds: sso.sessionTtlSeconds,
  });
  const otp = createOtpService({
    db,
    config: sso,
    mobileKeySecret: config.piiHashKey,
    limiter,
    pii,
    sms,
    email,
    webOtpHost: new URL(config.publicUrl).hostname,
    now,
    groupCommit,
  });
  const codes = createCodeService({
    db,
    groupCommit,
    config: sso,
    sessions,
    issuer: config.publicUrl,
    now,
    log: app.log,
    pii,
  });
  const callerId = createCallerIdService({ db, provider: callerIdProvider, now });
  const authorize = createAuthorizeService({
    config: sso,
    clients,
    customers,
    otp,
    sessions,
    codes,
    oneTimeKeys,
    callerId,
    limiter,
    deviceTrust,
    now,
  });

  if (sso.seedDemoCustomer) await seedDemoCustomer(customers);

  otpRoutes(app, { otp, keyring, kids, now });
  emailOtpRoutes(app, { otp, keyring, kids, now });
  authorizeRoutes(app, { authorize, cookies, deviceTrust, keyring, kids });
  codeRoutes(app, { codes, clients });
  sessionRoutes(app, { sessions, cookies, clients, oneTimeKeys, now });
  customerRoutes(app, {
    customers,
    limiter,
    pii,
    deviceTrust,
    sessions,
    cookies,
    maxPerIpPerHour: sso.otp.maxSendsPerIpPerHour,
  });
  callerIdRoutes(app, { callerId });
  oauthServerRoutes(app, { issuer: config.publicUrl, clients, codes, customers });
  // Development aids: the outbox shows every OTP and the simulator page approves any caller-id
  // request, so they answer in the `local` environment only (issue 12 §1.2), never on a shared one.
  if (config.devRoutes) {
    const outbox = sms.outbox ?? email?.outbox;
    if (outbox) outboxRoutes(app, outbox);
    if (callerIdProvider.name === 'simulator') callerIdSimulatorRoutes(app, { callerId });
  }
}
