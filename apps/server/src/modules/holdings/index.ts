import type { FastifyPluginAsync } from 'fastify';
import { HOLDINGS_LINKS, SITES, type HoldingsLink } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import { holdingsRoutes } from './routes.ts';
import { createHoldingsService } from './service.ts';
import { createHoldingsStore } from './store.ts';

export { holdingsDataRightsPart } from './data-rights.ts';

/** The page a banner opens: its product's site, else the homepage's page for it (as the product tiles do). */
export function holdingsLinkOf(config: ModuleDeps['config']) {
  const origin = (siteKey: string) => {
    const site = SITES.find((entry) => entry.key === siteKey);
    return site ? config.sites.get(site.id)?.origins[0] : undefined;
  };
  return (link: HoldingsLink): string | null => {
    const { siteKey, path, fallbackPath } = HOLDINGS_LINKS[link];
    const own = origin(siteKey);
    if (own) return new URL(path, own).toString();
    const home = origin('HOMEPAGE');
    return home ? new URL(fallbackPath, home).toString() : null;
  };
}

/**
 * Holdings elsewhere in the marketplace (spec 001 §3 account slice, §7): mutual fund
 * status, the wallet protection policy and ONDC loans, with the demo customers' data from the seed
 * step (seed.ts).
 */
export const holdingsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  holdingsRoutes(app, {
    service: createHoldingsService({
      store: createHoldingsStore(deps.db),
      now: deps.now,
      linkOf: holdingsLinkOf(deps.config),
      ondcEligible: deps.config.holdings.ondcEligible,
    }),
    customerAuth: deps.customerAuth,
  });
  return Promise.resolve();
};
export { seedDemoHoldings } from './seed.ts';
export { HOLDINGS_ROUTE_ERRORS } from './openapi.ts';
