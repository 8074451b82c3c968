import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../config/deps.ts';
import { accountsPagesModule } from './accounts-pages/index.ts';
import { createAddOnsModule } from './add-ons/index.ts';
import { activityDataRightsPart, activityModule } from './activity/index.ts';
import { aggregatorConsentsDataRightsPart, aggregatorDataRightsPart, aggregatorModule } from './aggregator/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { consentDataRightsPart, consentModule } from './consent/index.ts';
import { creditDataRightsPart, creditModule } from './credit/index.ts';
import { creditAlertsDataRightsPart, creditAlertsModule } from './credit-alerts/index.ts';
import { createDataRightsModule } from './data-rights/index.ts';
import { devModule } from './dev/index.ts';
import { healthModule } from './health/index.ts';
import { holdingsDataRightsPart, holdingsModule } from './holdings/index.ts';
import { hubModule } from './hub/index.ts';
import { myAccountModule } from './my-account/index.ts';
import { offersModule } from './offers/index.ts';
import { preferencesDataRightsPart, preferencesModule } from './preferences/index.ts';
import { profileDataRightsPart, profileModule } from './profile/index.ts';
import { leadsDataRightsPart, leadsModule } from './leads/index.ts';
import { invoicesDataRightsPart, invoicesModule, issueInvoiceOnPaid } from './invoices/index.ts';
import { shieldModule } from './shield/index.ts';
import { startPageModule } from './start-page/index.ts';
import { accountDataRightsPart, ssoModule } from './sso/index.ts';
import { supportDataRightsPart, supportModule } from './support/index.ts';
import { visitsModule } from './visits/index.ts';

/** A server module: a Fastify plugin given the dependencies built once by createDeps. */
export type ServerModule = FastifyPluginAsync<ModuleDeps>;

/**
 * Every server module, registered in this order by buildApp with the same ModuleDeps. A new
 * capability adds one line here (README "How a server module looks").
 */
export const MODULES: readonly ServerModule[] = named([
  healthModule,
  startPageModule,
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
  // A paid add-on gets its GST invoice.
  createAddOnsModule({ onPaid: issueInvoiceOnPaid }),
  invoicesModule,
  aggregatorModule,
  preferencesModule,
  supportModule,
  profileModule,
  holdingsModule,
  // DPDP Act 2023 §11 export and §12 erasure: each capability's part, in erasure order (applications
  // are withdrawn before the activity that shows them goes; the account, which signs out, last).
  createDataRightsModule({
    parts: [
      profileDataRightsPart,
      preferencesDataRightsPart,
      creditDataRightsPart,
      creditAlertsDataRightsPart,
      aggregatorDataRightsPart,
      holdingsDataRightsPart,
      leadsDataRightsPart,
      activityDataRightsPart,
      supportDataRightsPart,
      invoicesDataRightsPart,
      aggregatorConsentsDataRightsPart,
      consentDataRightsPart,
      accountDataRightsPart,
    ],
  }),
  hubModule,
  devModule,
]);

/**
 * Gives each module Fastify's display name (its function's name) once: Fastify names a plugin
 * without one by searching every loaded CommonJS module for it (plugin-utils getPluginName), at
 * each registration, which in a profile of test servers was a few percent of building one.
 */
function named(modules: ServerModule[]): ServerModule[] {
  for (const module of modules) {
    Object.defineProperty(module, Symbol.for('fastify.display-name'), { value: module.name || 'server module' });
  }
  return modules;
}
