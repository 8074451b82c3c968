import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Invoice entries for the error catalogue. The spec names no invoice error text;
 * these are ours and short. A missing or foreign access token is the spec's tokenNotValidated
 * (spec 001 §8). Another customer's invoice answers invoiceNotFound, the same as no invoice, so
 * nothing is learnt from trying ids.
 */
export const INVOICE_ERRORS = {
  invoiceNotFound: entry('invoiceNotFound', 404, 'Invoice not found'),
  /** spec 001 §9: the credit invoice download switch is off in this environment. */
  invoiceDownloadDisabled: entry(
    'invoiceDownloadDisabled',
    403,
    'Invoice download is not available right now. Please try again later',
  ),
} as const satisfies Record<string, CatalogueEntry>;
