import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { creditRoutes } from './routes.ts';
import { createCreditService } from './service.ts';
import { createCreditStore } from './store.ts';

export { creditDataRightsPart } from './data-rights.ts';

/**
 * Credit scores and reports: getCreditScores, the bureau report GET, the score
 * meter, getCreditReport (test and staging), reportStatus, getBureauScore and the consented pull.
 * The bureau is deps.providers.bureau; the demo customers are seeded by the seed step
 * (demo-customers.ts seedDemoCredit), not here.
 */
export const creditModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const service = createCreditService({
    store: createCreditStore(deps.db, {
      generations: deps.generations,
      countLookup: (result) => deps.metrics.cacheLookups.inc({ cache: 'credit reads', result }),
    }),
    bureau: deps.providers.bureau,
    now: deps.now,
    deadlineMs: deps.config.bureau.deadlineMs,
    log: deps.log,
  });
  creditRoutes(app, { service, customerAuth: deps.customerAuth, environment: deps.config.environment });
  return Promise.resolve();
};
export { seedDemoCreditCustomers } from './demo-customers.ts';
export { createCreditStore, type CreditStore } from './store.ts';
