// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_ROUTES } from '@pravesh/core/invoices/routes.ts';
import type { InvoiceSummary } from '@pravesh/core/invoices/schemas.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const HEALTH_REPORT: InvoiceSummary = {
  invoiceId: '5f0c1a9e-2b7d-4c1e-9a3f-0d6b8e2c4a11',
  invoiceNumber: 'KOSH/2627/000002',
  invoiceDate: '2026-11-26',
  issuedAt: '2026-11-26T06:00:00.000Z',
  description: 'Credit Health Report (12 months)',
  sacCode: '998599',
  taxablePaise: 49_900,
  taxPaise: 8982,
  totalPaise: 58_882,
  totalAmount: '₹588.82',
};
const ADVISOR: InvoiceSummary = {
  ...HEALTH_REPORT,
  invoiceId: '5f0c1a9e-2b7d-4c1e-9a3f-0d6b8e2c4a12',
  invoiceNumber: 'KOSH/2627/000001',
  issuedAt: '2026-10-02T06:00:00.000Z',
  description: 'Credit Advisor (3 months)',
  totalAmount: '₹1,180.00',
};

const PDF_BASE64 = btoa('%PDF-1.3 test invoice');

const page = (routes: Record<string, unknown>) =>
  renderDashboard('/download-invoice', { preloaded: signedInState(), routes });
const list = () => screen.findByRole('list', { name: 'Your invoices' }, { timeout: 5000 });

describe('Invoices page (download-invoice)', () => {
  it('lists each invoice with its number, date, total and a labelled download button', async () => {
    page({ [INVOICE_ROUTES.invoices]: { downloadEnabled: true, invoices: [HEALTH_REPORT, ADVISOR] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 5000 })).toBeTruthy();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Credit Health Report (12 months)' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('Invoice KOSH/2627/000002 · 26 November 2026');
    expect(items[0]!.textContent).toContain('₹588.82');
    expect(first.getByRole('button', { name: 'Download PDF of invoice KOSH/2627/000002' })).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: 'Download PDF of invoice KOSH/2627/000001' })).toBeTruthy();
  });

  it('downloads the PDF of the invoice clicked, named after its number', async () => {
    const harness = page({
      [INVOICE_ROUTES.invoices]: { downloadEnabled: true, invoices: [HEALTH_REPORT] },
      [INVOICE_ROUTES.downloadV2]: {
        fileName: 'Kosh-invoice-KOSH-2627-000002.pdf',
        contentType: 'application/pdf',
        pdfBase64: PDF_BASE64,
      },
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    fireEvent.click(
      await screen.findByRole('button', { name: /Download PDF of invoice KOSH\/2627\/000002/ }, { timeout: 5000 }),
    );
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:invoice', download: 'Kosh-invoice-KOSH-2627-000002.pdf' }]),
    );
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.3 test invoice');
    expect(harness.calls.filter((call) => call.path === INVOICE_ROUTES.downloadV2)).toEqual([
      expect.objectContaining({ auth: 'session' }),
    ]);
  });

  it('says so when a download fails, and the button works again', async () => {
    page({
      [INVOICE_ROUTES.invoices]: { downloadEnabled: true, invoices: [HEALTH_REPORT] },
      [INVOICE_ROUTES.downloadV2]: refusal('somethingWentWrong', 503),
    });
    const button = await screen.findByRole('button', { name: /Download PDF/ }, { timeout: 5000 });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We couldn’t download invoice KOSH/2627/000002 just now. Please try again.',
    );
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('hides downloads while the invoice download switch is off (spec 001 §9)', async () => {
    page({ [INVOICE_ROUTES.invoices]: { downloadEnabled: false, invoices: [HEALTH_REPORT] } });
    const item = within(await list()).getByRole('listitem');
    expect(within(item).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Invoice downloads are paused for now/)).toBeTruthy();
  });

  it('shows a designed empty state when there are no invoices', async () => {
    page({ [INVOICE_ROUTES.invoices]: { downloadEnabled: true, invoices: [] } });
    expect(await screen.findByRole('heading', { name: 'No invoices yet' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your invoices' })).toBeNull();
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let fail: ((error: Error) => void) | undefined;
    let first = true;
    page({
      [INVOICE_ROUTES.invoices]: () => {
        if (!first) return { downloadEnabled: true, invoices: [ADVISOR] };
        first = false;
        return new Promise((_, reject) => (fail = reject));
      },
    });
    expect(await screen.findByText('Loading your invoices…', {}, { timeout: 15_000 })).toBeTruthy();
    // The loading state shows as the query starts, before its request reaches the route (on a busy
    // machine, well before): fail the request once it has been made, not a handler still unset.
    await waitFor(() => expect(fail).toBeDefined(), { timeout: 15_000 });
    fail?.(refusal('somethingWentWrong', 503));
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toContain(
      'We couldn’t load your invoices',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const item = within(await list()).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Credit Advisor (3 months)' })).toBeTruthy();
  });
});
