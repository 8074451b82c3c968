import {
  BRAND,
  gstStateCodeOf,
  INVOICE_PREFIX_PATTERN,
  isValidGstin,
  type Environment,
  type GstStateCode,
} from '@pravesh/core';
import { ConfigError } from './shared.ts';

/**
 * GST tax invoices, for loadConfig():
 *
 * - PRAVESH_INVOICE_DOWNLOAD          1 or 0: spec 001 §9 "credit invoice download" feature switch.
 *                                     Default on in every environment (the spec has it on in most;
 *                                     the one production-like config that has it off sets 0).
 * - PRAVESH_INVOICE_SUPPLIER_NAME     The supplier's legal name, address and GSTIN printed on every
 * - PRAVESH_INVOICE_SUPPLIER_ADDRESS  invoice (rule 46(a)); the supplier's state is the GSTIN's first
 * - PRAVESH_INVOICE_SUPPLIER_GSTIN    two digits. Outside production a clearly fictitious demo
 *                                     supplier stands in; production has none until configured, and
 *                                     issuing an invoice there fails loudly instead of printing a
 *                                     made-up GSTIN (start-up is not refused: the rest of the product
 *                                     does not depend on invoices).
 * - PRAVESH_INVOICE_PREFIX            1–4 of A–Z 0–9 before the financial year and serial (default KOSH).
 */
export interface InvoiceSupplier {
  readonly name: string;
  readonly address: string;
  readonly gstin: string;
  readonly stateCode: GstStateCode;
}

export interface InvoiceConfig {
  readonly downloadEnabled: boolean;
  /** Undefined only in production before it is configured. */
  readonly supplier: InvoiceSupplier | undefined;
  readonly prefix: string;
}

/** The demo supplier: the brand's company (core BRAND). Its GSTIN is well formed but fictitious. */
export const DEMO_INVOICE_SUPPLIER: InvoiceSupplier = {
  name: BRAND.legalName,
  address: BRAND.registeredOffice,
  gstin: '29AAKCK4821R1ZQ',
  stateCode: '29',
};

type Env = Record<string, string | undefined>;

function supplierFrom(env: Env, environment: Environment): InvoiceSupplier | undefined {
  const name = env.PRAVESH_INVOICE_SUPPLIER_NAME?.trim();
  const address = env.PRAVESH_INVOICE_SUPPLIER_ADDRESS?.trim();
  const gstin = env.PRAVESH_INVOICE_SUPPLIER_GSTIN?.trim();
  if (!name && !address && !gstin) {
    return environment === 'production' ? undefined : DEMO_INVOICE_SUPPLIER;
  }
  if (!name || !address || !gstin) {
    throw new ConfigError(
      'PRAVESH_INVOICE_SUPPLIER_NAME, PRAVESH_INVOICE_SUPPLIER_ADDRESS and PRAVESH_INVOICE_SUPPLIER_GSTIN go together',
    );
  }
  if (!isValidGstin(gstin)) throw new ConfigError(`PRAVESH_INVOICE_SUPPLIER_GSTIN "${gstin}" is not a valid GSTIN`);
  if (environment === 'production' && gstin === DEMO_INVOICE_SUPPLIER.gstin) {
    throw new ConfigError('production may not use the demo GSTIN');
  }
  return { name, address, gstin, stateCode: gstStateCodeOf(gstin.slice(0, 2))! };
}

export function loadInvoiceConfig(env: Env, environment: Environment): InvoiceConfig {
  const rawSwitch = env.PRAVESH_INVOICE_DOWNLOAD;
  if (rawSwitch !== undefined && rawSwitch !== '' && rawSwitch !== '0' && rawSwitch !== '1') {
    throw new ConfigError('PRAVESH_INVOICE_DOWNLOAD must be 0 or 1');
  }
  const prefix = env.PRAVESH_INVOICE_PREFIX?.trim() || 'KOSH';
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) {
    throw new ConfigError('PRAVESH_INVOICE_PREFIX must be 1–4 of A–Z and 0–9 (the number stays within 16 characters)');
  }
  return {
    downloadEnabled: rawSwitch === undefined || rawSwitch === '' ? true : rawSwitch === '1',
    supplier: supplierFrom(env, environment),
    prefix,
  };
}
