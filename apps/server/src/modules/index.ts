import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../config/deps.ts';
import { accountsPagesModule } from './accounts-pages/index.ts';
import { createAddOnsModule } from './add-ons/index.ts';
import { activityModule } from './activity/index.ts';
import { aggregatorModule } from './aggregator/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { consentModule } from './consent/index.ts';
import { creditModule } from './credit/index.ts';
import { creditAlertsModule } from './credit-alerts/index.ts';
import { devModule } from './dev/index.ts';
import { healthModule } from './health/index.ts';
import { holdingsModule } from './holdings/index.ts';
import { hubModule } from './hub/index.ts';
import { myAccountModule } from './my-account/index.ts';
import { offersModule } from './offers/index.ts';
import { preferencesModule } from './preferences/index.ts';
import { profileModule } from './profile/index.ts';
import { leadsModule } from './leads/index.ts';
import { invoicesModule } from './invoices/index.ts';
import { issueInvoiceOnPaid } from './invoices/index.ts';
import { shieldModule } from './shield/index.ts';
import { ssoModule } from './sso/index.ts';
import { supportModule } from './support/index.ts';
import { visitsModule } from './visits/index.ts';

/** A server module: a Fastify plugin given the dependencies built once by createDeps. */
export type ServerModule = FastifyPluginAsync<ModuleDeps>;

/**
 * Every server module, registered in this order by buildApp with the same ModuleDeps. A new
 * capability adds one line here (README "How a server module looks").
 */
export const MODULES: readonly ServerModule[] = [
  healthModule,
  shieldModule,
  analyticsModule,
  visitsModule,
  activityModule,
  consentModule,
  leadsModule,
  ssoModule,
  accountsPagesModule,
  myAccountModule,
  creditModule,
  creditAlertsModule,
  offersModule,
  // A paid add-on gets its GST invoice (issue 16 §6, §7).
  createAddOnsModule({ onPaid: issueInvoiceOnPaid }),
  invoicesModule,
  aggregatorModule,
  preferencesModule,
  supportModule,
  profileModule,
  holdingsModule,
  hubModule,
  devModule,
];
