import type { FastifyPluginAsync } from 'fastify';
import { SITES } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import { createExportLinkSigner } from './link.ts';
import type { DataRightsPartFactory } from './parts.ts';
import { startTicker } from '../../lib/ticker.ts';
import { dataRightsRoutes } from './routes.ts';
import { createDataRightsService } from './service.ts';
import { createDataRightsStore } from './store.ts';

export type { DataRightsPart, DataRightsPartFactory } from './parts.ts';
export { tablePart, type CustomerRows } from './table-part.ts';
export { createDataRightsService, type DataRightsService } from './service.ts';
export { createDataRightsStore } from './store.ts';
export { createExportLinkSigner } from './link.ts';

const MY_ACCOUNT_SITE_ID = SITES.find((site) => site.key === 'MY_ACCOUNT')!.id;

/**
 * Data-protection rights in My Account (DPDP Act 2023 §11 export, §12 erasure;
 * docs/decisions/0009-data-rights.md). Each capability contributes its part (parts.ts) from its own module; the
 * jobs run on a ticker on every instance and are claimed row by row with a lease, so several
 * instances share them and none runs the same one twice at once.
 */
export function createDataRightsModule(options: {
  parts: readonly DataRightsPartFactory[];
}): FastifyPluginAsync<ModuleDeps> {
  return (app, deps) => {
    const service = createDataRightsService({
      store: createDataRightsStore(deps.db),
      parts: options.parts.map((part) => part(deps)),
      signer: createExportLinkSigner(deps.config.piiHashKey),
      coolingOffDays: deps.config.dataRights.coolingOffDays,
      activity: deps.accountActivity,
      now: deps.now,
      log: deps.log,
    });
    dataRightsRoutes(app, { service, customerAuth: deps.customerAuth, fallbackSiteId: MY_ACCOUNT_SITE_ID });
    startTicker(app, {
      intervalMs: deps.config.dataRights.workerIntervalMs,
      name: 'data-rights jobs',
      log: deps.log,
      run: () => service.runJobs(),
    });
    return Promise.resolve();
  };
}
