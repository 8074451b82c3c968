/**
 * Paths of the GST invoices (spec 001 §7, third service "BSP"), zod-free so the
 * dashboard can name them without more than it needs. Methods and payloads are not shown in the
 * spec: all three are reads, GET, with the customer's access token as every customer read
 * (pb-access-token or the pass token's sso strategy); the invoice id goes in the query (an opaque
 * random id, never personal data).
 */
export const INVOICE_ROUTES = {
  /** spec 001 §7 paymentSystem/invoices: the signed-in customer's invoices, newest first. */
  invoices: '/BSP/api/v1/paymentSystem/invoices',
  /** spec 001 §7 bureauApplication/downloadCustomerPaymentReceipt (v1): the invoice as a PDF. */
  downloadV1: '/BSP/api/v1/bureauApplication/downloadCustomerPaymentReceipt',
  /** spec 001 §7 "/BSP/api/v2/bureauApplication/downloadCustomerPaymentReceipt (invoice pdf)". */
  downloadV2: '/BSP/api/v2/bureauApplication/downloadCustomerPaymentReceipt',
} as const;

/** The query parameter naming the invoice to download. */
export const INVOICE_ID_PARAM = 'invoiceId';
