import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { authorizeRoutes } from './authorize/routes.ts';
import { createAuthorizeService } from './authorize/service.ts';
import { callerIdRoutes } from './caller-id/routes.ts';
import { createCallerIdService } from './caller-id/service.ts';
import { createClientRegistry } from './clients.ts';
import { codeRoutes } from './codes/routes.ts';
import { createCodeService } from './codes/service.ts';
import { customerRoutes } from './customers/routes.ts';
import { seedDemoCustomer } from './customers/seed.ts';
import { encryptPendingPii } from './customers/pii-rotation.ts';
import { createCustomerStore } from './customers/store.ts';
import { createDeviceTrust } from './customers/trusted-devices.ts';
import { groupCommitFor } from '../../lib/group-commit.ts';
import { createSessionCookies, refuseOpaqueOrigin } from './http.ts';
import { oauthServerRoutes } from './oauth-server/routes.ts';
import { emailOtpRoutes, otpRoutes } from './otp/routes.ts';
import { deviceRoutes } from './sessions/devices.ts';
import { createOneTimeKeys } from './sessions/one-time-keys.ts';
import { createSsidHandoffs } from './sessions/ssid-handoff.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { createSessionStore } from './sessions/store.ts';

export { accountDataRightsPart } from './data-rights.ts';

/**
 * Single sign-on: the accounts service of spec 000 §7 (authorize, OTP, logout,
 * preference, setSSID, caller identification), the code exchange of spec 001 §7, and an OAuth 2.0
 * authorization server. Its own services are built here from the shared dependencies (limiter and
 * providers come from createDeps); the encapsulated plugin keeps its form-body parser local. The
 * SMS/email outbox and the caller-id simulator pages are in modules/dev.
 */
export const ssoModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { config, database, db, now, keyring, limiter, pii, otp } = deps;
  const sso = config.sso;
  const { callerId: callerIdProvider } = deps.providers;

  // OAuth token requests and the simulator's forms are application/x-www-form-urlencoded.
  acceptFormBodies(app);

  const kids = config.shieldKeys.map((key) => key.kid);
  const clients = createClientRegistry(sso.clients);
  const groupCommit = groupCommitFor(database.kind);
  // Personal data at rest: numbers and emails encrypted (deps.pii); values
  // migration 0012 set aside in clear are encrypted into their rows before the first request.
  const customers = createCustomerStore(db, now, { groupCommit, pii });
  await encryptPendingPii(db, pii);
  // Browsers trusted for password sign-ins without a second OTP.
  const deviceTrust = createDeviceTrust(db, { environment: config.environment, now });
  const sessions = createSessionStore(db, { ttlSeconds: sso.sessionTtlSeconds, now, liveness: deps.tokenLiveness });
  const oneTimeKeys = createOneTimeKeys(db, now);
  const handoffs = createSsidHandoffs(db, now);
  const cookies = createSessionCookies({
    environment: config.environment,
    domain: config.cookieDomain,
    maxAgeSeconds: sso.sessionTtlSeconds,
  });
  // The OTP service is shared (deps.otp): My Account's contact changes use the same codes and limits.
  const codes = createCodeService({
    db,
    groupCommit,
    config: sso,
    sessions,
    issuer: config.publicUrl,
    now,
    log: app.log,
    siteOfClient: (clientId) => clients.get(clientId)?.siteId,
    isPublicClient: (clientId) => clients.get(clientId)?.clientSecret === undefined,
    handoffs,
    pii,
    liveness: deps.tokenLiveness,
  });
  const callerId = createCallerIdService({ db, provider: callerIdProvider, now, pii });
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
    accountActivity: deps.accountActivity,
    now,
  });

  if (sso.seedDemoCustomer) await seedDemoCustomer(customers);

  // Every origin check of this module treats `Origin: null` as hostile (http.ts refuseOpaqueOrigin).
  app.addHook('onRequest', (request, _reply, done) => {
    refuseOpaqueOrigin(request);
    done();
  });

  otpRoutes(app, { otp, keyring, kids, now });
  emailOtpRoutes(app, { otp, keyring, kids, now });
  authorizeRoutes(app, { authorize, cookies, deviceTrust, keyring, kids });
  codeRoutes(app, { codes, clients });
  sessionRoutes(app, { sessions, cookies, clients, oneTimeKeys, handoffs, config, now });
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
  deviceRoutes(app, { sessions, customerAuth: deps.customerAuth, accountActivity: deps.accountActivity });
};
export { countByKid, encryptPendingPii, pendingPiiCount, reencryptPii } from './customers/pii-rotation.ts';
export { createSessionStore, type SessionStore } from './sessions/store.ts';
export { authorizationLinkProblem } from './authorize/link-check.ts';
export { createCustomerStore } from './customers/store.ts';
export { callerIdSimulatorRoutes } from './caller-id/routes.ts';
export { createCallerIdService } from './caller-id/service.ts';
/** Password hashing, shared with the support desk's agents (modules/support/chat). */
export { decoyHash, hashPassword, verifyPassword } from './customers/passwords.ts';
