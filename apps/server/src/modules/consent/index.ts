import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { myConsentRoutes } from './my-consents.ts';
import { consentRoutes } from './routes.ts';
import { warnWhenServerOwnsLedger } from './ledger-owner.ts';
import { seedDemoContracts } from './seed.ts';
import { CONSENT_LEDGER_COUNTER, createConsentService } from './service.ts';
import { createConsentStore } from './store.ts';

export { consentDataRightsPart } from './data-rights.ts';

/**
 * Terms consent: puckar check, userconsent, islatestcontractversion, withdraw, history.
 * Its development route (publishing terms locally) is in modules/dev.
 */
export const consentModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const { config, now } = deps;
  const store = createConsentStore(deps.db);
  await warnWhenServerOwnsLedger(deps.db, {
    environment: config.environment,
    embedded: deps.database.kind === 'pglite',
    log: deps.log,
  });
  if (config.consent.seedDemoContracts) await seedDemoContracts(store, now);
  consentRoutes(app, {
    service: createConsentService({
      store,
      piiHashKey: config.piiHashKey,
      now,
      ledgerChanges: deps.generations.counter(CONSENT_LEDGER_COUNTER),
      countLookup: (result) => deps.metrics.cacheLookups.inc({ cache: 'consent answers', result }),
    }),
    customerAuth: deps.customerAuth,
  });
  myConsentRoutes(app, { store, customerAuth: deps.customerAuth });
};
export { verifyLedgerChain } from './chain.ts';
export { seedDemoContracts } from './seed.ts';
export { createConsentStore } from './store.ts';
export { createConsentService } from './service.ts';
export { consentDevRoutes } from './dev-routes.ts';
