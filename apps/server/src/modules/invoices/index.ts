import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { invoiceRoutes } from './routes.ts';
import { invoicesServiceFor } from './service.ts';

export { invoicesDataRightsPart } from './data-rights.ts';
export { invoicesServiceFor, type InvoicePurchase, type InvoicesService } from './service.ts';

/** GST tax invoices: BSP paymentSystem/invoices and downloadCustomerPaymentReceipt v1, v2. */
export const invoicesModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  invoiceRoutes(app, { service: invoicesServiceFor(deps), customerAuth: deps.customerAuth });
  return Promise.resolve();
};
export { issueInvoiceOnPaid } from './on-paid.ts';
