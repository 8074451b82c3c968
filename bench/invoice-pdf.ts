import { fileURLToPath } from 'node:url';
import { CREDIT_ACCESS_TOKEN_HEADER, INVOICE_ROUTES, PASS_TOKEN_HEADER } from '@pravesh/core';
import { ROUTES, startApiProcess } from './api-process.ts';
import { benchPass } from './pass-token.ts';
import { formatMs, percentile, type Row } from './report.ts';
import { benchCustomer } from './sso.ts';

/**
 * "npm run bench adds: invoice PDF generation time (p50/p95) … as ratios of the
 * shielded no-op route in the same run". One customer with one issued invoice (bench fixture) on
 * the real API (bench/sso-server.ts, PGlite); one request at a time, so each latency is one
 * request's own: downloadCustomerPaymentReceipt v2 (access token checked, invoice read, PDF drawn
 * with the embedded font) beside the shielded no-op, alternating in rounds so both see the same
 * moments of a shared machine. Reported, not asserted (no target in the issue).
 */

export interface InvoicePdfResult {
  samples: number;
  noop: { p50Ms: number; p95Ms: number };
  pdf: { p50Ms: number; p95Ms: number; bytes: number };
  ratioP50: number;
  ratioP95: number;
}

export const DEFAULT_INVOICE_PDF_OPTIONS = { rounds: 10, perRound: 20 };

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms, bytes: body.byteLength };
}

export async function measureInvoicePdf(options = DEFAULT_INVOICE_PDF_OPTIONS): Promise<InvoicePdfResult> {
  const api = await startApiProcess({ entry: './sso-server.ts', name: 'invoice API' });
  try {
    const { token, siteKey } = await benchPass();
    const customer = await benchCustomer(api.url, token, siteKey);
    const fixture = await fetch(api.url + ROUTES.invoiceFixture, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: customer.customerId }),
    });
    if (!fixture.ok) throw new Error(`invoice fixture answered ${fixture.status}`);
    const { invoiceId } = ((await fixture.json()) as { response: { invoiceId: string } }).response;

    const noopUrl = api.url + ROUTES.shielded;
    const pdfUrl = `${api.url}${INVOICE_ROUTES.downloadV2}?invoiceId=${invoiceId}`;
    const noopHeaders = { [PASS_TOKEN_HEADER]: token };
    const pdfHeaders = {
      ...noopHeaders,
      [CREDIT_ACCESS_TOKEN_HEADER]: customer.accessToken,
      accept: 'application/pdf',
    };
    // Warm-up: font parsing, JIT, first queries.
    for (let i = 0; i < 10; i++) {
      await timed(noopUrl, noopHeaders);
      await timed(pdfUrl, pdfHeaders);
    }
    const noop: number[] = [];
    const pdf: number[] = [];
    let bytes = 0;
    for (let round = 0; round < options.rounds; round++) {
      const first = round % 2 === 0 ? 'noop' : 'pdf';
      for (const kind of first === 'noop' ? ['noop', 'pdf'] : ['pdf', 'noop']) {
        for (let i = 0; i < options.perRound; i++) {
          if (kind === 'noop') noop.push((await timed(noopUrl, noopHeaders)).ms);
          else {
            const sample = await timed(pdfUrl, pdfHeaders);
            pdf.push(sample.ms);
            bytes = sample.bytes;
          }
        }
      }
    }
    noop.sort((a, b) => a - b);
    pdf.sort((a, b) => a - b);
    const n = { p50Ms: percentile(noop, 0.5), p95Ms: percentile(noop, 0.95) };
    const p = { p50Ms: percentile(pdf, 0.5), p95Ms: percentile(pdf, 0.95), bytes };
    return { samples: pdf.length, noop: n, pdf: p, ratioP50: p.p50Ms / n.p50Ms, ratioP95: p.p95Ms / n.p95Ms };
  } finally {
    await api.stop();
  }
}

export function invoicePdfRows(result: InvoicePdfResult): Row[] {
  return [
    {
      metric: 'invoice PDF (downloadCustomerPaymentReceipt v2) p50 / p95, pglite',
      value: `${formatMs(result.pdf.p50Ms)} / ${formatMs(result.pdf.p95Ms)} (${result.samples} sequential, ${(result.pdf.bytes / 1024).toFixed(1)} KB)`,
      target: '-',
      verdict: 'info',
    },
    {
      metric: 'ratio: invoice PDF ÷ shielded no-op latency, p50 / p95, pglite',
      value: `${result.ratioP50.toFixed(1)} / ${result.ratioP95.toFixed(1)} (no-op ${formatMs(result.noop.p50Ms)} / ${formatMs(result.noop.p95Ms)})`,
      target: '-',
      verdict: 'info',
    },
  ];
}

// `tsx bench/invoice-pdf.ts` runs it alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { formatTable } = await import('./report.ts');
  const result = await measureInvoicePdf();
  console.log(formatTable(invoicePdfRows(result)));
  console.log(JSON.stringify(result, null, 2));
}
