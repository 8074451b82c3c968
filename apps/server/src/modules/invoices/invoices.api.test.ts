import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_ONS,
  ADD_ON_CATALOGUE,
  INVOICE_ROUTES,
  normalisePersonalDetails,
  priceOf,
  type InvoicePdfResponse,
  type InvoiceSummary,
  type InvoicesResponse,
} from '@pravesh/core';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { pdfText } from '../../test/pdf.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { invoicesServiceFor, type InvoicePurchase } from './index.ts';
import { issueInvoiceOnPaid } from './on-paid.ts';
import { invoices as invoiceTable } from '../../db/schema/invoices.ts';
import { customerProfiles } from '../../db/schema/profile.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';
import { sealPersonalDetails } from '../../lib/personal-details.ts';
import { testClient, type Envelope } from '../../test/client.ts';

describe.each(DATABASE_KINDS)('invoices API on %s', (kind) => {
  let server: SsoTestServer;
  let asha: SignedInCustomer;
  let ravi: SignedInCustomer;
  let first: InvoiceSummary;
  let second: InvoiceSummary;

  const issue = (customer: SignedInCustomer, overrides: Partial<InvoicePurchase> = {}) =>
    invoicesServiceFor({ db: server.database.db, config: server.config, now: server.clock.now }).issueInvoice({
      purchaseId: `purchase-${customer.customerId}-${server.clock.now()}`,
      customerId: customer.customerId,
      recipient: { name: 'Asha Rao', mobile: customer.mobileNo, state: 'Karnataka' },
      description: 'Credit Health Report (12 months)',
      taxablePaise: 49_900,
      paidAt: new Date(server.clock.now()),
      ...overrides,
    });

  const get = (url: string, customer?: SignedInCustomer, target: SsoTestServer = server, accept?: string) =>
    testClient(target).inject('GET', url, {
      proof: customer ? { sso: customer.accessToken } : undefined,
      headers: accept ? { accept } : {},
    });
  const list = async (customer?: SignedInCustomer) => {
    const reply = await get(INVOICE_ROUTES.invoices, customer);
    return { status: reply.statusCode, body: reply.json<Envelope<InvoicesResponse>>() };
  };
  const downloadUrl = (route: string, invoiceId: string) => `${route}?invoiceId=${invoiceId}`;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    asha = await signInCustomer(server, nextMobile('97'));
    ravi = await signInCustomer(server, nextMobile('97'));
    first = (await issue(asha)).invoice;
    server.clock.advance(60_000);
    // The second purchase goes to Maharashtra: IGST.
    second = (
      await issue(asha, {
        recipient: { name: null, mobile: asha.mobileNo, state: 'Maharashtra' },
        description: 'Credit Advisor (3 months)',
        taxablePaise: 1_00_000_00,
      })
    ).invoice;
  });
  afterAll(() => server?.close());

  it("lists the signed-in customer's invoices, newest first, and no one else's", async () => {
    const mine = await list(asha);
    expect(mine.status).toBe(200);
    expect(mine.body.response).toEqual({ downloadEnabled: true, invoices: [second, first] });
    expect(second).toMatchObject({ totalPaise: 1_18_000_00, totalAmount: '₹1,18,000.00', taxPaise: 18_000_00 });

    const theirs = await list(ravi);
    expect(theirs.body.response).toEqual({ downloadEnabled: true, invoices: [] });
  });

  it('refuses every route without a valid access token (spec 001 §8 "Token not validated")', async () => {
    for (const url of [
      INVOICE_ROUTES.invoices,
      downloadUrl(INVOICE_ROUTES.downloadV1, first.invoiceId),
      downloadUrl(INVOICE_ROUTES.downloadV2, first.invoiceId),
    ]) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(401);
      expect(reply.json<Envelope<never>>().statusMessage).toBe('Token not validated');
      expect(reply.headers['content-type']).not.toContain('pdf');
    }
  });

  it('downloads a rule 46 tax invoice as a PDF attachment on v1 and v2, with the ₹ sign in an embedded font', async () => {
    for (const route of [INVOICE_ROUTES.downloadV1, INVOICE_ROUTES.downloadV2]) {
      const reply = await get(downloadUrl(route, first.invoiceId), asha);
      expect(reply.statusCode, route).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
      expect(reply.headers['content-disposition']).toBe(
        `attachment; filename="Kosh-invoice-${first.invoiceNumber.replaceAll('/', '-')}.pdf"`,
      );
      expect(reply.headers['cache-control']).toBe('private, no-store');
      const pdf = reply.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // Both versions answer the same document.
      expect(pdf.equals((await get(downloadUrl(INVOICE_ROUTES.downloadV2, first.invoiceId), asha)).rawPayload)).toBe(
        true,
      );
      // The font travels inside the file (FontFile2 of a subset of Noto Sans).
      expect(pdf.includes('FontFile2')).toBe(true);
      expect(pdf.includes('NotoSans')).toBe(true);
    }

    const text = pdfText((await get(downloadUrl(INVOICE_ROUTES.downloadV2, first.invoiceId), asha)).rawPayload);
    const masked = `${asha.mobileNo.slice(0, 2)}******${asha.mobileNo.slice(-2)}`;
    for (const field of [
      'Tax Invoice',
      // Supplier name, address and GSTIN (rule 46(a)).
      'Kosh Financial Services Private Limited',
      '12 Residency Road, Bengaluru',
      'GSTIN: 29AAKCK4821R1ZQ',
      // Serial number and date (b), (c).
      first.invoiceNumber,
      '21 Nov 2026',
      // Recipient (d): name, masked mobile, state; unregistered.
      'Asha Rao',
      `Mobile: ${masked}`,
      'Unregistered',
      // SAC and description (e), (g); taxable value (i).
      '998599',
      'Credit Health Report (12 months)',
      '₹499.00',
      // Rate and amount of CGST + SGST (j): same state.
      'CGST @ 9%',
      'SGST @ 9%',
      '₹44.91',
      // Total and amount in words (k).
      '₹588.82',
      'Rupees Five Hundred Eighty Eight and Eighty Two Paise Only',
      // Place of supply with state code (m); reverse charge (p); signature (q).
      'Karnataka (29)',
      'Reverse charge',
      'Authorised signatory',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).toMatch(/Reverse charge\s+No/);
    expect(text).not.toContain('IGST');
    // The full mobile number never appears.
    expect(text).not.toContain(asha.mobileNo);
  });

  it('answers a JSON-only client (the dashboard helper) the same PDF in the envelope, base64', async () => {
    const url = downloadUrl(INVOICE_ROUTES.downloadV2, first.invoiceId);
    const bytes = (await get(url, asha, server, 'application/pdf')).rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const reply = await get(url, asha, server, 'application/json');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    const body = reply.json<Envelope<InvoicePdfResponse>>();
    expect(body).toMatchObject({ status: true, statusCode: 'success' });
    expect(body.response).toMatchObject({
      fileName: `Kosh-invoice-${first.invoiceNumber.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(Buffer.from(body.response!.pdfBase64, 'base64').equals(bytes)).toBe(true);
    // A browser navigation (Accept */* and html) gets the file.
    const browser = await get(url, asha, server, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(browser.headers['content-type']).toBe('application/pdf');
    // Refusals stay envelopes either way.
    expect((await get(url, ravi, server, 'application/json')).statusCode).toBe(404);
  });

  it('prints IGST for a customer in another state, with the lakh total in words', async () => {
    const text = pdfText((await get(downloadUrl(INVOICE_ROUTES.downloadV1, second.invoiceId), asha)).rawPayload);
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('₹18,000.00');
    expect(text).toContain('₹1,18,000.00');
    expect(text).toContain('Rupees One Lakh Eighteen Thousand Only');
    expect(text).toContain('Maharashtra (27)');
    expect(text).not.toContain('CGST');
  });

  it("refuses another customer's invoice, an unknown one and a malformed id, answering no PDF", async () => {
    for (const route of [INVOICE_ROUTES.downloadV1, INVOICE_ROUTES.downloadV2]) {
      const foreign = await get(downloadUrl(route, first.invoiceId), ravi);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<Envelope<never>>()).toMatchObject({ status: false, statusCode: 'invoiceNotFound' });
      const unknown = await get(downloadUrl(route, '0b5c3d1e-8a41-4c3e-9f0e-6d2f2a7b9c11'), asha);
      expect(unknown.statusCode).toBe(404);
      const malformed = await get(downloadUrl(route, 'not-an-id'), asha);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<Envelope<never>>().status).toBe(false);
    }
  });

  it('issues the invoice of a paid add-on purchase once from the add-ons hook, with the customer’s number masked', async () => {
    const customer = await signInCustomer(server, nextMobile('97'));
    const paid = {
      purchaseId: randomUUID(),
      customerId: customer.customerId,
      addOn: 'CREDIT_HEALTH' as const,
      description: 'Credit Health Report',
      sacCode: '998599',
      amountPaise: 58_882,
      taxableValuePaise: 49_900,
      gstPaise: 8982,
      gstPercent: 18,
      currency: 'INR',
      paidAt: new Date(server.clock.now()),
      customerStateCode: null,
      providerPaymentId: 'sim_pay_1',
    };
    const deps = { db: server.database.db, config: server.config, now: server.clock.now };
    await issueInvoiceOnPaid(paid, deps);
    await issueInvoiceOnPaid(paid, deps);
    const listed = (await list(customer)).body.response!.invoices;
    expect(listed).toEqual([
      expect.objectContaining({ description: 'Credit Health Report', totalPaise: 58_882, taxPaise: 8982 }),
    ]);
    const [row] = await server.database.db
      .select()
      .from(invoiceTable)
      .where(eq(invoiceTable.purchaseId, paid.purchaseId));
    expect(row!.recipientMobileMasked).toBe(`${customer.mobileNo.slice(0, 2)}******${customer.mobileNo.slice(-2)}`);
    expect(row!.placeOfSupplyCode).toBe('29');
  });

  it("totals each add-on's invoice at exactly what the customer paid, in the supplier state and in another", async () => {
    const customer = await signInCustomer(server, nextMobile('97'));
    const deps = { db: server.database.db, config: server.config, now: server.clock.now };
    for (const addOn of ADD_ONS) {
      for (const customerStateCode of [null, '27']) {
        const price = priceOf(addOn);
        const purchaseId = randomUUID();
        await issueInvoiceOnPaid(
          {
            purchaseId,
            customerId: customer.customerId,
            addOn,
            description: ADD_ON_CATALOGUE[addOn].invoiceDescription,
            sacCode: ADD_ON_CATALOGUE[addOn].sacCode,
            ...price,
            currency: 'INR',
            paidAt: new Date(server.clock.now()),
            customerStateCode,
            providerPaymentId: null,
          },
          deps,
        );
        const [row] = await server.database.db
          .select()
          .from(invoiceTable)
          .where(eq(invoiceTable.purchaseId, purchaseId));
        const printed = row!.taxablePaise + row!.cgstPaise + row!.sgstPaise + row!.igstPaise;
        expect([addOn, customerStateCode, printed]).toEqual([addOn, customerStateCode, price.amountPaise]);
      }
    }
  });

  it("charges IGST to a customer whose personal details put them in another state, CGST + SGST in the supplier's", async () => {
    const deps = { db: server.database.db, config: server.config, now: server.clock.now };
    const pii = createPiiCipher(server.config.pii, server.config.piiHashKey);
    const invoiceFor = async (state: string | undefined) => {
      const customer = await signInCustomer(server, nextMobile('97'));
      if (state) {
        const details = normalisePersonalDetails({
          fullName: 'Meera Iyer',
          dateOfBirth: '1990-02-11',
          gender: 'FEMALE',
          pan: null,
          employmentType: 1,
          employerId: null,
          monthlyIncome: 90_000,
          cityId: 1,
          bankId: null,
        });
        const stored = {
          ...details,
          employerName: null,
          cityName: 'A city',
          state,
          bankName: null,
          annualTurnoverLabel: null,
        };
        const at = new Date(server.clock.now());
        await server.database.db.insert(customerProfiles).values({
          customerId: customer.customerId,
          detailsEnc: sealPersonalDetails(pii, stored),
          createdAt: at,
          updatedAt: at,
        });
      }
      const purchaseId = randomUUID();
      await issueInvoiceOnPaid(
        {
          purchaseId,
          customerId: customer.customerId,
          addOn: 'CREDIT_HEALTH',
          description: ADD_ON_CATALOGUE.CREDIT_HEALTH.invoiceDescription,
          sacCode: ADD_ON_CATALOGUE.CREDIT_HEALTH.sacCode,
          ...priceOf('CREDIT_HEALTH'),
          currency: 'INR',
          paidAt: new Date(server.clock.now()),
          customerStateCode: null,
          providerPaymentId: null,
        },
        deps,
      );
      const [row] = await server.database.db.select().from(invoiceTable).where(eq(invoiceTable.purchaseId, purchaseId));
      return [row!.placeOfSupplyCode, row!.recipientStateCode, row!.igstPaise > 0, row!.cgstPaise > 0];
    };
    expect(await invoiceFor('Maharashtra')).toEqual(['27', '27', true, false]);
    expect(await invoiceFor('Karnataka')).toEqual(['29', '29', false, true]);
    // No details on file: the supplier's state (IGST Act s. 12(2)(b) fallback), as before.
    expect(await invoiceFor(undefined)).toEqual(['29', null, false, true]);
  });

  it('keeps downloads behind the invoice download switch (spec 001 §9)', async () => {
    const off = await ssoServer(kind, {
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000', PRAVESH_INVOICE_DOWNLOAD: '0' },
    });
    try {
      const customer = await signInCustomer(off, nextMobile('97'));
      const issued = await invoicesServiceFor({
        db: off.database.db,
        config: off.config,
        now: off.clock.now,
      }).issueInvoice({
        purchaseId: 'purchase-switch-off',
        customerId: customer.customerId,
        recipient: { mobile: customer.mobileNo },
        description: 'Credit Health Report (12 months)',
        taxablePaise: 49_900,
        paidAt: new Date(off.clock.now()),
      });
      const listed = await get(INVOICE_ROUTES.invoices, customer, off);
      expect(listed.json<Envelope<InvoicesResponse>>().response).toEqual({
        downloadEnabled: false,
        invoices: [issued.invoice],
      });
      for (const route of [INVOICE_ROUTES.downloadV1, INVOICE_ROUTES.downloadV2]) {
        const reply = await get(downloadUrl(route, issued.invoice.invoiceId), customer, off);
        expect(reply.statusCode).toBe(403);
        expect(reply.json<Envelope<never>>()).toMatchObject({ status: false, statusCode: 'invoiceDownloadDisabled' });
      }
    } finally {
      await off.close();
    }
  });
});
