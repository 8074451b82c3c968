import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService } from './service.ts';
import { createProfileStore } from './store.ts';

export { profileDataRightsPart } from './data-rights.ts';

/**
 * Profile and personal details (spec 001 §2 profile and personal-details, §3 reference
 * lists, §5 email rules, masking and OTP messages, §7 BSP utility/* and customerProfile/update).
 * The customer's details are read through My Account's getCustomerDetails; contact changes are
 * confirmed with the shared OTP service (deps.otp), personal data sealed with deps.pii.
 */
export const profileModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  profileRoutes(app, {
    service: createProfileService({
      store: createProfileStore(deps.db),
      pii: deps.pii,
      otp: deps.otp,
      sessions: deps.sessions,
      accountActivity: deps.accountActivity,
      sms: deps.providers.sms,
      email: deps.providers.email,
      limiter: deps.limiter,
      proofSecret: deps.config.piiHashKey,
      log: deps.log,
      now: deps.now,
    }),
    customerAuth: deps.customerAuth,
  });
  return Promise.resolve();
};
export { seedEmployers } from './employers-seed.ts';
