import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { invoiceRoutes } from './routes.ts';
import { createInvoicesService, type InvoicesService } from './service.ts';
import { createInvoicesStore } from './store.ts';

export { invoicesDataRightsPart } from './data-rights.ts';

export type { InvoicePurchase, InvoicesService } from './service.ts';

/**
 * The invoices service over the module dependencies. Other modules issue invoices through this
 * (the addons module calls `invoicesServiceFor(deps).issueInvoice(purchase)` when a payment
 * succeeds), never through the tables.
 */
export function invoicesServiceFor(deps: Pick<ModuleDeps, 'db' | 'config' | 'now'>): InvoicesService {
  return createInvoicesService({ store: createInvoicesStore(deps.db), config: deps.config.invoices, now: deps.now });
}

/** GST tax invoices (issue 16 §6): BSP paymentSystem/invoices and downloadCustomerPaymentReceipt v1, v2. */
export const invoicesModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  invoiceRoutes(app, { service: invoicesServiceFor(deps), customerAuth: deps.customerAuth });
  return Promise.resolve();
};
