import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_NUMBER_PATTERN } from '@pravesh/core';
import { loadConfig, type AppConfig } from '../../config/index.ts';
import { invoiceSeries, invoices } from '../../db/schema/invoices.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/instance.ts';
import { invoicesServiceFor, type InvoicePurchase } from './index.ts';

/** 26 Nov 2026, 11:30 IST. */
const NOV_2026 = Date.UTC(2026, 10, 26, 6, 0, 0);

function purchase(overrides: Partial<InvoicePurchase> = {}): InvoicePurchase {
  return {
    purchaseId: `purchase-${randomUUID()}`,
    customerId: randomUUID(),
    recipient: { name: 'Asha Rao', mobile: '9876543210', state: 'Karnataka' },
    description: 'Credit Health Report (12 months)',
    taxablePaise: 49_900,
    paidAt: new Date(NOV_2026 - 60_000),
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)('issueInvoice on %s', (kind) => {
  let database: TestDatabase;
  let at = NOV_2026;
  const config: AppConfig = loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent' });
  const service = () => invoicesServiceFor({ db: database.db, config, now: () => at });
  const rows = () => database.db.select().from(invoices);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  it('issues a rule 46 invoice with CGST + SGST when the customer is in the supplier state', async () => {
    const bought = purchase();
    const { invoice, created } = await service().issueInvoice(bought);
    expect(created).toBe(true);
    expect(invoice).toMatchObject({
      invoiceNumber: 'KOSH/2627/000001',
      invoiceDate: '2026-11-26',
      description: 'Credit Health Report (12 months)',
      sacCode: '998599',
      taxablePaise: 49_900,
      taxPaise: 8982,
      totalPaise: 58_882,
      totalAmount: '₹588.82',
    });
    expect(invoice.invoiceNumber).toMatch(INVOICE_NUMBER_PATTERN);
    const [row] = (await rows()).filter((r) => r.invoiceId === invoice.invoiceId);
    expect(row).toMatchObject({
      purchaseId: bought.purchaseId,
      customerId: bought.customerId,
      financialYear: '2026-27',
      serial: 1,
      supplierGstin: '29AAKCK4821R1ZQ',
      supplierStateCode: '29',
      recipientName: 'Asha Rao',
      // Only the masked number is kept (spec 001 §5: first 2 and last 2).
      recipientMobileMasked: '98******10',
      recipientStateCode: '29',
      placeOfSupplyCode: '29',
      gstRateBasisPoints: 1800,
      cgstPaise: 4491,
      sgstPaise: 4491,
      igstPaise: 0,
      reverseCharge: false,
    });
  });

  it('charges IGST to a customer in another state, and the supplier state when the state is unknown', async () => {
    const other = await service().issueInvoice(purchase({ recipient: { mobile: '9876543210', state: '27' } }));
    const unknown = await service().issueInvoice(purchase({ recipient: { mobile: '9876543210' } }));
    const all = await rows();
    expect(all.find((r) => r.invoiceId === other.invoice.invoiceId)).toMatchObject({
      recipientName: null,
      placeOfSupplyCode: '27',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 8982,
    });
    expect(all.find((r) => r.invoiceId === unknown.invoice.invoiceId)).toMatchObject({
      recipientStateCode: null,
      placeOfSupplyCode: '29',
      cgstPaise: 4491,
      igstPaise: 0,
    });
  });

  it('is idempotent by purchase: a retry answers the same invoice and uses no number', async () => {
    const bought = purchase();
    const first = await service().issueInvoice(bought);
    const again = await service().issueInvoice({ ...bought, taxablePaise: 1, description: 'Changed' });
    expect(again).toEqual({ invoice: first.invoice, created: false });
    const next = await service().issueInvoice(purchase());
    const serial = (n: string) => Number(n.split('/')[2]);
    expect(serial(next.invoice.invoiceNumber)).toBe(serial(first.invoice.invoiceNumber) + 1);
  });

  it('numbers concurrent issues without gaps or repeats, once per purchase', async () => {
    const before = (await rows()).length;
    const bought = Array.from({ length: 20 }, () => purchase());
    // The same purchase five times at once, beside twenty different ones.
    const twice = purchase();
    const results = await Promise.all([
      ...bought.map((p) => service().issueInvoice(p)),
      ...Array.from({ length: 5 }, () => service().issueInvoice(twice)),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(21);
    expect(new Set(results.slice(20).map((r) => r.invoice.invoiceId)).size).toBe(1);

    const all = (await rows()).filter((r) => r.financialYear === '2026-27');
    expect(all).toHaveLength(before + 21);
    const serials = all.map((r) => r.serial).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(new Set(all.map((r) => r.invoiceNumber)).size).toBe(all.length);
    const [series] = await database.db.select().from(invoiceSeries);
    expect(series).toEqual({ financialYear: '2026-27', lastSerial: all.length });
  });

  it('starts a new series with each Indian financial year', async () => {
    at = Date.UTC(2027, 2, 31, 18, 29, 0); // 31 March 2027 23:59 IST
    const march = await service().issueInvoice(purchase());
    at = Date.UTC(2027, 2, 31, 18, 30, 0); // 1 April 2027 00:00 IST
    const april = await service().issueInvoice(purchase());
    expect(march.invoice.invoiceNumber.startsWith('KOSH/2627/')).toBe(true);
    expect(april.invoice).toMatchObject({ invoiceNumber: 'KOSH/2728/000001', invoiceDate: '2027-04-01' });
    at = NOV_2026;
  });

  it('issues nothing without a configured supplier (production before PRAVESH_INVOICE_SUPPLIER_* is set)', async () => {
    const before = (await rows()).length;
    const unconfigured = invoicesServiceFor({
      db: database.db,
      config: { ...config, invoices: { ...config.invoices, supplier: undefined } },
      now: () => at,
    });
    await expect(unconfigured.issueInvoice(purchase())).rejects.toThrow(/supplier is not configured/);
    expect((await rows()).length).toBe(before);
  });

  it('refuses a purchase it cannot invoice, storing nothing', async () => {
    const before = (await rows()).length;
    await expect(service().issueInvoice(purchase({ taxablePaise: 10.5 }))).rejects.toThrow();
    await expect(service().issueInvoice(purchase({ sacCode: '123456' }))).rejects.toThrow();
    await expect(service().issueInvoice(purchase({ gstRateBasisPoints: 1801 }))).rejects.toThrow();
    await expect(service().issueInvoice(purchase({ description: ' ' }))).rejects.toThrow();
    expect((await rows()).length).toBe(before);
  });
});
