import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import type { CustomerAuth } from '../sso/customer-auth.ts';
import { consentDevRoutes } from './dev-routes.ts';
import { consentRoutes } from './routes.ts';
import { seedDemoContracts } from './seed.ts';
import { createConsentService } from './service.ts';
import { createConsentStore } from './store.ts';

export interface ConsentOptions {
  config: Pick<AppConfig, 'piiHashKey' | 'consent' | 'environment' | 'devRoutes'>;
  now?: (() => number) | undefined;
  /** Who a request speaks for (apps/server/src/modules/sso/customer-auth.ts). */
  customerAuth: CustomerAuth;
}

/** Terms consent (issue 5): puckar check, userconsent, islatestcontractversion, withdraw, history. */
export async function registerConsent(app: FastifyInstance, db: Database, options: ConsentOptions): Promise<void> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const store = createConsentStore(db);
  if (config.consent.seedDemoContracts) await seedDemoContracts(store, now);
  consentRoutes(app, {
    service: createConsentService({ store, piiHashKey: config.piiHashKey, now }),
    customerAuth: options.customerAuth,
  });
  // A development aid for the embedded database on a laptop (see dev-routes.ts): only in the local
  // environment (config.devRoutes), since shared ones (staging, fte …) must not let anyone publish terms.
  if (config.devRoutes) consentDevRoutes(app, store, now);
}
