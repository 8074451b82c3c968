import { z } from 'zod';

/**
 * Payloads of the GST invoices (paths in ./routes.ts). Answers travel in the spec's
 * envelope; these describe its `response`. Amounts are integer paise beside the printed rupees.
 */

export const invoiceIdSchema = z.uuid();

/** One invoice in the customer's list (BSP paymentSystem/invoices). */
export const invoiceSummarySchema = z.object({
  invoiceId: invoiceIdSchema,
  /** Rule 46 serial, e.g. KOSH/2627/000001. */
  invoiceNumber: z.string(),
  /** Date of issue in India (YYYY-MM-DD). */
  invoiceDate: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
  /** What was bought, as printed on the invoice. */
  description: z.string(),
  sacCode: z.string(),
  taxablePaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** The total as printed: "₹1,180.00". */
  totalAmount: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoicesResponseSchema = z.object({
  /**
   * spec 001 §9 "credit invoice download" switch of this environment: when off the list still
   * shows, and the download routes refuse with invoiceDownloadDisabled.
   */
  downloadEnabled: z.boolean(),
  invoices: z.array(invoiceSummarySchema),
});
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

/** Query of both downloadCustomerPaymentReceipt versions. */
export const invoiceDownloadQuerySchema = z.object({ invoiceId: invoiceIdSchema });
export type InvoiceDownloadQuery = z.infer<typeof invoiceDownloadQuerySchema>;

/**
 * The JSON form of a download, for clients that accept only JSON (the dashboard's one HTTP helper,
 * spec 001 §7, reads every reply as the envelope): the same PDF, base64-encoded. Any other Accept
 * (a browser, curl, application/pdf) gets the PDF bytes themselves as an attachment.
 */
export const invoicePdfResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  pdfBase64: z.string(),
});
export type InvoicePdfResponse = z.infer<typeof invoicePdfResponseSchema>;
