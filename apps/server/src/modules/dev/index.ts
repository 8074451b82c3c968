import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { paymentDevRoutes, paymentSimulatorOf } from '../../providers/payment/dev-routes.ts';
import { outboxRoutes } from '../../providers/sms/dev-routes.ts';
import { consentDevRoutes } from '../consent/index.ts';
import { createConsentStore } from '../consent/index.ts';
import { devClockRoutes } from './clock.ts';
import { callerIdSimulatorRoutes } from '../sso/index.ts';
import { createCallerIdService } from '../sso/index.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';

/**
 * Development aids, in one place so none reaches a shared environment by accident: the local
 * outbox of the SMS and email simulators, the caller-id simulator page, publishing consent terms
 * into an embedded database, the payment simulator's next outcomes and the journeys' clock: all only in `local` (config.devRoutes), never on a shared environment.
 */
export const devModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const { config, db, now, providers, devClock } = deps;
  // Only `local` (config.devRoutes; tests may set it in code): the outbox shows every OTP and the
  // simulator approves any caller-id request, so no shared environment may answer them.
  if (config.devRoutes) {
    const outbox = providers.sms.outbox ?? providers.email?.outbox;
    if (outbox) outboxRoutes(app, outbox);
    if (providers.callerId.name === 'simulator') {
      // The simulator page approves or rejects with an HTML form.
      acceptFormBodies(app);
      const pii = createPiiCipher(config.pii, config.piiHashKey);
      callerIdSimulatorRoutes(app, { callerId: createCallerIdService({ db, provider: providers.callerId, now, pii }) });
    }
  }
  if (config.devRoutes) consentDevRoutes(app, createConsentStore(db), now);
  // The simulator's next outcomes, for demos and journeys of a declined or pending payment.
  const simulator = paymentSimulatorOf(providers.payment);
  if (config.devRoutes && simulator) paymentDevRoutes(app, simulator);
  // The journeys' clock (PRAVESH_DEV_CLOCK), which moves past the server's waits instead of sleeping.
  if (config.devRoutes && devClock) devClockRoutes(app, devClock);
  return Promise.resolve();
};
