import { amountInWords, formatRate, formatRupees, isGstStateCode, stateWithCode } from '@pravesh/core';
import { PDF_COLOURS, createPdf, rule } from '../../lib/pdf/document.ts';
import type { InvoiceRow } from './store.ts';

/**
 * The GST tax invoice as a PDF (CGST rule 46; reference india-credit-and-invoices.md),
 * drawn with pdfkit. Every rule 46 field is printed: supplier name, address, GSTIN; serial number;
 * date; recipient; SAC and description; taxable value; rate and amount of CGST + SGST or IGST;
 * total in figures and words; place of supply with state code; reverse charge; signature line.
 * The ₹ sign needs the embedded Noto Sans of lib/pdf.
 */

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

const { ink: INK, muted: MUTED, band: BAND } = PDF_COLOURS;

function stateLabel(code: string | null): string {
  return code && isGstStateCode(code) ? stateWithCode(code) : 'Not given';
}

export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  // The issue date as the document's: the file is the same each time it is downloaded.
  const { doc, left, right, width, finish } = createPdf({
    title: `Tax invoice ${invoice.invoiceNumber}`,
    author: invoice.supplierName,
    subject: 'GST tax invoice',
    date: invoice.issuedAt,
  });

  // Heading.
  doc.font('Bold').fontSize(18).fillColor(INK).text('Tax Invoice', left, 48);
  doc.font('Body').fontSize(9).fillColor(MUTED).text('Original for recipient', left, 72);

  // Supplier (rule 46(a)).
  let y = 100;
  doc
    .font('Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(invoice.supplierName, left, y, { width: width / 2 });
  y = doc.y + 2;
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(INK)
    .text(invoice.supplierAddress, left, y, { width: width / 2 - 12 });
  doc.text(`GSTIN: ${invoice.supplierGstin}`);
  doc.text(`State: ${stateLabel(invoice.supplierStateCode)}`);
  const supplierBottom = doc.y;

  // Invoice facts (rule 46(b), (c), (n), (p)).
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', dateFormat.format(invoice.issuedAt)],
    ['Payment received', dateFormat.format(invoice.paidAt)],
    ['Place of supply', stateLabel(invoice.placeOfSupplyCode)],
    ['Reverse charge', invoice.reverseCharge ? 'Yes' : 'No'],
  ];
  const factsX = left + width / 2 + 12;
  let factsY = 100;
  for (const [label, value] of facts) {
    doc.font('Body').fontSize(9).fillColor(MUTED).text(label, factsX, factsY, { width: 120 });
    doc
      .font('Bold')
      .fillColor(INK)
      .text(value, factsX + 124, factsY, { width: right - factsX - 124 });
    factsY = Math.max(doc.y, factsY + 14) + 2;
  }

  // Recipient (rule 46(d)/(f)).
  y = Math.max(supplierBottom, factsY) + 16;
  rule(doc, left, right, y);
  y += 10;
  doc.font('Bold').fontSize(10).fillColor(INK).text('Bill to', left, y);
  doc
    .font('Body')
    .fontSize(9)
    .text(invoice.recipientName ?? 'Kosh customer', left, doc.y + 2);
  doc.text(`Mobile: ${invoice.recipientMobileMasked}`);
  doc.text(`State: ${stateLabel(invoice.recipientStateCode)}`);
  doc.text('GSTIN: Unregistered (B2C)');

  // Line item (rule 46(g), (h), (i), (j)).
  y = doc.y + 16;
  const cols = [
    { title: '#', x: left, w: 20, align: 'left' as const },
    { title: 'Description of service', x: left + 24, w: 220, align: 'left' as const },
    { title: 'SAC', x: left + 250, w: 60, align: 'left' as const },
    { title: 'Qty', x: left + 314, w: 40, align: 'right' as const },
    { title: 'Taxable value', x: left + 360, w: width - 360, align: 'right' as const },
  ];
  doc.rect(left, y, width, 20).fill(BAND);
  for (const col of cols) {
    doc
      .font('Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(col.title, col.x + (col.align === 'right' ? 0 : 4), y + 5, {
        width: col.w - 4,
        align: col.align,
      });
  }
  y += 26;
  const cells = ['1', invoice.description, invoice.sacCode, '1', formatRupees(invoice.taxablePaise)];
  let rowBottom = y;
  cols.forEach((col, index) => {
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(INK)
      .text(cells[index]!, col.x + (col.align === 'right' ? 0 : 4), y, { width: col.w - 4, align: col.align });
    rowBottom = Math.max(rowBottom, doc.y);
  });
  y = rowBottom + 8;
  rule(doc, left, right, y);

  // Taxes and total.
  y += 10;
  const totalsX = left + width / 2;
  const totalsW = width / 2;
  const line = (label: string, value: string, strong = false) => {
    doc
      .font(strong ? 'Bold' : 'Body')
      .fontSize(strong ? 11 : 9)
      .fillColor(INK);
    doc.text(label, totalsX, y, { width: totalsW - 120 });
    doc.text(value, totalsX + totalsW - 120, y, { width: 120, align: 'right' });
    y = doc.y + 4;
  };
  line('Taxable value', formatRupees(invoice.taxablePaise));
  // CGST + SGST when the place of supply is the supplier's state, IGST otherwise (rule 46(j)).
  if (invoice.placeOfSupplyCode === invoice.supplierStateCode) {
    line(`CGST @ ${formatRate(invoice.gstRateBasisPoints / 2)}`, formatRupees(invoice.cgstPaise));
    line(`SGST @ ${formatRate(invoice.gstRateBasisPoints / 2)}`, formatRupees(invoice.sgstPaise));
  } else {
    line(`IGST @ ${formatRate(invoice.gstRateBasisPoints)}`, formatRupees(invoice.igstPaise));
  }
  rule(doc, totalsX, right, y);
  y += 6;
  line('Total', formatRupees(invoice.totalPaise), true);

  y += 6;
  doc.font('Body').fontSize(9).fillColor(MUTED).text('Amount in words', left, y);
  doc
    .font('Bold')
    .fillColor(INK)
    .text(amountInWords(invoice.totalPaise), left, doc.y + 2, { width });

  // Signature (rule 46(q)): a computer-generated invoice with the supplier's authorised signatory.
  y = doc.y + 40;
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(INK)
    .text(`For ${invoice.supplierName}`, totalsX, y, { width: totalsW, align: 'right' });
  y = doc.y + 28;
  rule(doc, right - 160, right, y, INK);
  doc.text('Authorised signatory', totalsX, y + 4, { width: totalsW, align: 'right' });

  doc
    .font('Body')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'This is a computer-generated invoice. Paid online; no amount is due.',
      left,
      doc.page.height - doc.page.margins.bottom - 24,
      { width, align: 'center' },
    );

  return finish();
}
