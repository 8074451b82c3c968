import type { ModuleDeps } from '../../config/deps.ts';
import { createInvoicesStore } from './store.ts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_SAC_CODE,
  PraveshError,
  STANDARD_GST_RATE_BASIS_POINTS,
  financialYearOf,
  formatInvoiceNumber,
  formatRupees,
  gstStateCodeOf,
  indianDate,
  splitGst,
  type InvoiceSummary,
  type InvoicesResponse,
} from '@pravesh/core';
import type { InvoiceConfig } from '../../config/invoices.ts';
import { renderInvoicePdf } from './pdf.ts';
import type { InvoiceRow, InvoicesStore } from './store.ts';

/**
 * What issueInvoice needs of a paid purchase (GST rule 46). The addons module calls
 * it when a payment succeeds; a retry with the same purchaseId answers the same invoice.
 */
export interface InvoicePurchase {
  /** The purchase's own id (any stable text id, ≤ 64 characters): one invoice per purchase. */
  purchaseId: string;
  customerId: string;
  recipient: {
    /** The customer's name when known (a B2C invoice may carry none). */
    name?: string | null | undefined;
    /**
     * The customer's mobile number, full or already masked: only the masked form (first 2 and last
     * 2 digits, spec 001 §5 "A short identifier keeps its first 2 and last 2 characters") is kept.
     */
    mobile: string;
    /** The customer's state, by name ("Karnataka") or GST code ("29"), when known. */
    state?: string | null | undefined;
  };
  /** What was bought, as printed, e.g. "Credit Health Report — 12 months". */
  description: string;
  /** SAC of the service; default 998599 (core DEFAULT_SAC_CODE). */
  sacCode?: string | undefined;
  /** Price before GST, in paise. */
  taxablePaise: number;
  /** GST rate in basis points; default 1800 (18%). */
  gstRateBasisPoints?: number | undefined;
  /**
   * The GST inside a GST-inclusive amount the customer paid (taxable + this = the amount): the
   * invoice's taxes are split from it, so its total is what was paid (core splitGst). Unset: each
   * tax is the rate's on the taxable value.
   */
  gstPaise?: number | undefined;
  paidAt: Date;
}

const purchaseSchema = z.object({
  purchaseId: z.string().min(1).max(64),
  customerId: z.uuid(),
  recipient: z.object({
    name: z.string().trim().max(120).nullish(),
    mobile: z.string().regex(/^[0-9*X]{10,13}$/),
    state: z.string().max(60).nullish(),
  }),
  description: z.string().trim().min(1).max(200),
  sacCode: z
    .string()
    .regex(/^99\d{4}$/)
    .optional(),
  taxablePaise: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER / 10_000),
  gstRateBasisPoints: z.number().int().min(0).max(10_000).multipleOf(2).optional(),
  gstPaise: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER / 10_000)
    .optional(),
  paidAt: z.date(),
});

/** spec 001 §5: a short identifier keeps its first 2 and last 2 characters, the rest as *. */
export function maskMobileForInvoice(mobile: string): string {
  return `${mobile.slice(0, 2)}${'*'.repeat(Math.max(mobile.length - 4, 0))}${mobile.slice(-2)}`;
}

export interface InvoicesServiceDeps {
  store: InvoicesStore;
  config: InvoiceConfig;
  now: () => number;
}

export function toSummary(row: InvoiceRow): InvoiceSummary {
  return {
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: indianDate(row.issuedAt),
    issuedAt: row.issuedAt.toISOString(),
    description: row.description,
    sacCode: row.sacCode,
    taxablePaise: row.taxablePaise,
    taxPaise: row.cgstPaise + row.sgstPaise + row.igstPaise,
    totalPaise: row.totalPaise,
    totalAmount: formatRupees(row.totalPaise),
  };
}

export function createInvoicesService({ store, config, now }: InvoicesServiceDeps) {
  return {
    /**
     * Issues the GST tax invoice of a paid purchase, once: the same purchaseId answers the invoice
     * issued first (created false), whatever else the retry says. CGST + SGST when the place of
     * supply is the supplier's state, IGST otherwise. The place of supply of a service to an
     * unregistered customer is the customer's state when known, else the supplier's (IGST Act
     * s. 12(2)(b)).
     */
    async issueInvoice(purchase: InvoicePurchase): Promise<{ invoice: InvoiceSummary; created: boolean }> {
      const input = purchaseSchema.parse(purchase);
      const already = await store.byPurchase(input.purchaseId);
      if (already) return { invoice: toSummary(already), created: false };
      const supplier = config.supplier;
      if (!supplier) {
        throw new Error('invoice supplier is not configured: set PRAVESH_INVOICE_SUPPLIER_NAME, _ADDRESS and _GSTIN');
      }
      const recipientStateCode = gstStateCodeOf(input.recipient.state) ?? null;
      const placeOfSupplyCode = recipientStateCode ?? supplier.stateCode;
      const rate = input.gstRateBasisPoints ?? STANDARD_GST_RATE_BASIS_POINTS;
      const tax = splitGst(input.taxablePaise, rate, placeOfSupplyCode === supplier.stateCode, input.gstPaise);
      const issuedAt = new Date(now());
      const financialYear = financialYearOf(issuedAt);
      const { invoice, created } = await store.issueOnce(
        {
          invoiceId: randomUUID(),
          purchaseId: input.purchaseId,
          customerId: input.customerId,
          financialYear,
          issuedAt,
          paidAt: input.paidAt,
          supplierName: supplier.name,
          supplierAddress: supplier.address,
          supplierGstin: supplier.gstin,
          supplierStateCode: supplier.stateCode,
          recipientName: input.recipient.name || null,
          recipientMobileMasked: maskMobileForInvoice(input.recipient.mobile),
          recipientStateCode,
          placeOfSupplyCode,
          description: input.description,
          sacCode: input.sacCode ?? DEFAULT_SAC_CODE,
          taxablePaise: input.taxablePaise,
          gstRateBasisPoints: rate,
          cgstPaise: tax.cgstPaise,
          sgstPaise: tax.sgstPaise,
          igstPaise: tax.igstPaise,
          totalPaise: tax.totalPaise,
        },
        (serial) => formatInvoiceNumber(config.prefix, financialYear, serial),
      );
      return { invoice: toSummary(invoice), created };
    },

    /** BSP paymentSystem/invoices: the customer's invoices, newest first, and the download switch. */
    async list(customerId: string): Promise<InvoicesResponse> {
      const rows = await store.list(customerId);
      return { downloadEnabled: config.downloadEnabled, invoices: rows.map(toSummary) };
    },

    /**
     * The invoice as a PDF (downloadCustomerPaymentReceipt v1 and v2), for its own customer only:
     * another customer's id answers invoiceNotFound, like an id that does not exist.
     */
    async pdf(customerId: string, invoiceId: string): Promise<{ fileName: string; pdf: Buffer }> {
      if (!config.downloadEnabled) throw new PraveshError('invoiceDownloadDisabled');
      const row = await store.find(customerId, invoiceId);
      if (!row) throw new PraveshError('invoiceNotFound');
      return { fileName: invoiceFileName(row.invoiceNumber), pdf: await renderInvoicePdf(row) };
    },
  };
}

/** "Kosh-invoice-KOSH-2627-000001.pdf": the number with its slashes made safe for a file name. */
export function invoiceFileName(invoiceNumber: string): string {
  return `Kosh-invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/**
 * The invoices service over the module dependencies. Other modules issue invoices through this
 * (the addons module calls `invoicesServiceFor(deps).issueInvoice(purchase)` when a payment
 * succeeds), never through the tables.
 */
export function invoicesServiceFor(deps: Pick<ModuleDeps, 'db' | 'config' | 'now'>): InvoicesService {
  return createInvoicesService({ store: createInvoicesStore(deps.db), config: deps.config.invoices, now: deps.now });
}
