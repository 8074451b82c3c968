import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { shieldRoutes } from './routes.ts';

/** The shield configuration route (spec 000 §7); the pass-token check itself is plugins/shield.ts. */
export const shieldModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  shieldRoutes(app, deps.registry, deps.now);
  return Promise.resolve();
};
export { createPassVerifier } from './verifier.ts';
export { issuePassToken } from './issue-token.ts';
export type { PassVerifier, VerifiedPass } from './verifier.ts';
