import type { FastifyPluginAsync } from 'fastify';
import { SITES } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import { startTicker } from '../../lib/ticker.ts';
import { addOnRoutes } from './routes.ts';
import { createAddOnsService, type PaidPurchase } from './service.ts';
import { createAddOnsStore } from './store.ts';

export type { PaidPurchase } from './service.ts';

/** How often each instance looks for paid purchases whose invoice step has not succeeded. */
export const HAND_OVER_SWEEP_MS = 60_000;

export interface AddOnsModuleOptions {
  /**
   * Called once per purchase when its payment succeeds: the place to issue its GST
   * invoice (modules/invoices issueInvoice, idempotent). Default: nothing. Its failure is logged,
   * does not undo the payment, and is retried every HAND_OVER_SWEEP_MS until it succeeds.
   */
  onPaid?: (purchase: PaidPurchase, deps: ModuleDeps) => Promise<void>;
}

/**
 * Paid add-ons (spec 001 §1, §3, §4): eligibility, purchases through the
 * payment provider, transactions, the step-up card and the product tiles.
 */
export function createAddOnsModule(options: AddOnsModuleOptions = {}): FastifyPluginAsync<ModuleDeps> {
  return (app, deps) => {
    const onPaid = options.onPaid;
    const service = createAddOnsService({
      store: createAddOnsStore(deps.db),
      payment: deps.providers.payment,
      now: deps.now,
      onPaid: onPaid ? (purchase) => onPaid(purchase, deps) : () => Promise.resolve(),
      log: deps.log,
      siteOrigin: (siteKey) => {
        const site = SITES.find((entry) => entry.key === siteKey);
        return site ? deps.config.sites.get(site.id)?.origins[0] : undefined;
      },
    });
    addOnRoutes(app, { service, customerAuth: deps.customerAuth });
    // A paid purchase whose invoice step failed is taken again until it succeeds (service.ts handOver).
    startTicker(app, {
      intervalMs: HAND_OVER_SWEEP_MS,
      name: 'add-on invoice step',
      log: deps.log,
      run: () => service.retryHandOvers(),
    });
    return Promise.resolve();
  };
}

export const addOnsModule = createAddOnsModule();
export { ADD_ON_CUSTOMER_PATHS, ADD_ON_ROUTE_ERRORS } from './openapi.ts';
