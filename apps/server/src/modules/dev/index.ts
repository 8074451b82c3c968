import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { outboxRoutes } from '../../providers/sms/dev-routes.ts';
import { consentDevRoutes } from '../consent/dev-routes.ts';
import { createConsentStore } from '../consent/store.ts';
import { callerIdSimulatorRoutes } from '../sso/caller-id/routes.ts';
import { createCallerIdService } from '../sso/caller-id/service.ts';

/**
 * Development aids, in one place so none reaches a shared environment by accident: the local
 * outbox of the SMS and email simulators and the caller-id simulator page (never in production,
 * which also refuses the outbox provider), and publishing consent terms into an embedded database
 * (only in `local`: shared environments such as staging must not let anyone publish terms).
 */
export const devModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const { config, db, now, providers } = deps;
  if (config.environment !== 'production') {
    const outbox = providers.sms.outbox ?? providers.email?.outbox;
    if (outbox) outboxRoutes(app, outbox);
    if (providers.callerId.name === 'simulator') {
      // The simulator page approves or rejects with an HTML form.
      acceptFormBodies(app);
      callerIdSimulatorRoutes(app, { callerId: createCallerIdService({ db, provider: providers.callerId, now }) });
    }
  }
  if (config.environment === 'local') consentDevRoutes(app, createConsentStore(db), now);
  return Promise.resolve();
};
