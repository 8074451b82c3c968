import { INVOICE_ROUTES } from '@pravesh/core/invoices/routes.ts';
import type { InvoicesResponse } from '@pravesh/core/invoices/schemas.ts';
import { fetchPdf } from '../../lib/pdf-file.ts';
import type { Http } from '../../lib/http.ts';
import { api } from '../../app/api.ts';

/** spec 001 §7 BSP paymentSystem/invoices (the invoices module): the customer's invoices. */
export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    invoices: build.query<InvoicesResponse, void>({
      query: () => ({ method: 'GET', path: INVOICE_ROUTES.invoices }),
    }),
  }),
});

export const { useInvoicesQuery } = invoicesApi;

/**
 * One invoice's PDF through the one HTTP helper (spec 001 §7 downloadCustomerPaymentReceipt v2
 * "(invoice pdf)"): the helper reads JSON, so the server answers the PDF base64 in the envelope.
 */
export function fetchInvoicePdf(http: Http, invoiceId: string): Promise<{ fileName: string; blob: Blob }> {
  return fetchPdf(http, INVOICE_ROUTES.downloadV2, { invoiceId });
}

/** Shared with the statement download (features/aggregator). */
export { saveFile } from '../../lib/save-file.ts';
