import { describe, expect, it } from 'vitest';
import { ConfigError } from './shared.ts';
import { DEMO_INVOICE_SUPPLIER, loadInvoiceConfig } from './invoices.ts';

const SUPPLIER = {
  PRAVESH_INVOICE_SUPPLIER_NAME: 'Sahyog Credit Services LLP',
  PRAVESH_INVOICE_SUPPLIER_ADDRESS: '2 Marine Drive, Mumbai, Maharashtra 400020',
  // A published sample GSTIN (Maharashtra): well formed, check character right.
  PRAVESH_INVOICE_SUPPLIER_GSTIN: '27AAPFU0939F1ZV',
};

describe('invoice configuration (spec 001 §9 invoice download switch)', () => {
  it('has downloads on and the demo supplier outside production by default', () => {
    for (const environment of ['local', 'development', 'staging'] as const) {
      expect(loadInvoiceConfig({}, environment)).toEqual({
        downloadEnabled: true,
        supplier: DEMO_INVOICE_SUPPLIER,
        prefix: 'KOSH',
      });
    }
  });

  it('turns downloads off per environment with PRAVESH_INVOICE_DOWNLOAD=0, and refuses other values', () => {
    expect(loadInvoiceConfig({ PRAVESH_INVOICE_DOWNLOAD: '0' }, 'staging').downloadEnabled).toBe(false);
    expect(loadInvoiceConfig({ PRAVESH_INVOICE_DOWNLOAD: '1' }, 'staging').downloadEnabled).toBe(true);
    expect(() => loadInvoiceConfig({ PRAVESH_INVOICE_DOWNLOAD: 'off' }, 'staging')).toThrow(ConfigError);
  });

  it('prints no made-up supplier in production: none until all three are set', () => {
    expect(loadInvoiceConfig({}, 'production').supplier).toBeUndefined();
    expect(loadInvoiceConfig(SUPPLIER, 'production').supplier).toEqual({
      name: 'Sahyog Credit Services LLP',
      address: '2 Marine Drive, Mumbai, Maharashtra 400020',
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
    });
    expect(() =>
      loadInvoiceConfig({ ...SUPPLIER, PRAVESH_INVOICE_SUPPLIER_GSTIN: DEMO_INVOICE_SUPPLIER.gstin }, 'production'),
    ).toThrow(/demo GSTIN/);
  });

  it('refuses a partial supplier, a GSTIN with a wrong check character and a prefix that breaks rule 46', () => {
    expect(() => loadInvoiceConfig({ PRAVESH_INVOICE_SUPPLIER_NAME: 'Only a name' }, 'local')).toThrow(/go together/);
    expect(() =>
      loadInvoiceConfig({ ...SUPPLIER, PRAVESH_INVOICE_SUPPLIER_GSTIN: '27AAPFU0939F1ZA' }, 'local'),
    ).toThrow(/not a valid GSTIN/);
    expect(() => loadInvoiceConfig({ PRAVESH_INVOICE_PREFIX: 'KOSHX' }, 'local')).toThrow(ConfigError);
    expect(() => loadInvoiceConfig({ PRAVESH_INVOICE_PREFIX: 'ko' }, 'local')).toThrow(ConfigError);
    expect(loadInvoiceConfig({ PRAVESH_INVOICE_PREFIX: 'KS26' }, 'local').prefix).toBe('KS26');
  });
});
