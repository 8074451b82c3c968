import { AGGREGATOR_NAME, formatAmountFigures, formatRupees, istDateOf } from '@pravesh/core';
import { PDF_COLOURS, createPdf, drawPageFeet, rule } from '../../lib/pdf/document.ts';

/**
 * A linked account's statement as a PDF (spec 001 §7 fi/transaction; §5: 1, 2 or 3 months, dates
 * YYYY/MM/DD, the account number as its last 4 with the rest X), laid out as Indian banks lay out
 * theirs: the bank and the account on top, the period with opening and closing balance, then every
 * transaction oldest first (date, narration, reference, debit, credit, balance), the table's header
 * repeated on each page and "Page n of N" at the foot. Amounts keep their paise so the balances
 * reconcile line by line (the whole-rupee rounding of spec 001 §5 is for the screens' figures).
 */

export interface StatementRow {
  /** The transaction's India date, YYYY-MM-DD. */
  readonly date: string;
  readonly narration: string;
  readonly reference: string;
  readonly type: 'CREDIT' | 'DEBIT';
  readonly amountPaise: number;
  readonly balancePaise: number;
}

export interface StatementDocument {
  readonly bankName: string;
  /** Already masked: last 4 shown (spec 001 §5). */
  readonly maskedAccNumber: string;
  readonly accType: 'SAVINGS' | 'CURRENT';
  readonly holderName: string | null;
  readonly branch: string | null;
  readonly ifscCode: string | null;
  /** YYYY-MM-DD, inclusive. */
  readonly period: { readonly from: string; readonly to: string };
  /** When the bank's data was fetched: the document's date, so the same statement is the same bytes. */
  readonly asOf: Date;
  readonly openingPaise: number;
  readonly closingPaise: number;
  readonly rows: readonly StatementRow[];
}

/** spec 001 §5 "date format YYYY/MM/DD". */
export const statementDate = (isoDate: string) => isoDate.replaceAll('-', '/');

const { ink: INK, muted: MUTED, band: BAND } = PDF_COLOURS;
const ZEBRA = '#f7f8fb';
const ACCENT = '#1d4ed8';
const BODY = 8;
const ROW_PAD = 4;
const FOOTER_SPACE = 30;
const YIELD_EVERY_ROWS = 100;

export async function renderStatementPdf(statement: StatementDocument): Promise<Buffer> {
  const period = `${statementDate(statement.period.from)} to ${statementDate(statement.period.to)}`;
  const canvas = createPdf(
    {
      title: `${statement.bankName} statement ${statement.maskedAccNumber} ${period}`,
      author: statement.bankName,
      subject: `Account statement through the ${AGGREGATOR_NAME} account aggregator`,
      date: statement.asOf,
    },
    { margin: 40, bufferPages: true, unshapedLatin: true },
  );
  const { doc, left, right, width } = canvas;
  const bottom = canvas.bottom - FOOTER_SPACE;

  // Heading: the bank, the document, where the data came from.
  doc.rect(left, 40, 4, 34).fill(ACCENT);
  doc
    .font('Bold')
    .fontSize(17)
    .fillColor(INK)
    .text(statement.bankName, left + 12, 40, { lineBreak: false });
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Shared through ${AGGREGATOR_NAME}, an RBI-licensed account aggregator`, left + 12, 62, {
      lineBreak: false,
    });
  const title = 'Account Statement';
  doc.font('Bold').fontSize(13).fillColor(INK);
  doc.text(title, right - doc.widthOfString(title), 42, { lineBreak: false });
  const asOf = `Data as of ${statementDate(istDateOf(statement.asOf.getTime()))}`;
  doc.font('Body').fontSize(9).fillColor(MUTED);
  doc.text(asOf, right - doc.widthOfString(asOf), 62, { lineBreak: false });
  rule(doc, left, right, 86);

  // The account (left) and the period (right).
  const facts = (x: number, y: number, pairs: readonly (readonly [string, string])[]) => {
    for (const [label, value] of pairs) {
      doc.font('Body').fontSize(9).fillColor(MUTED).text(label, x, y, { lineBreak: false });
      doc
        .font('Bold')
        .fontSize(9)
        .fillColor(INK)
        .text(value, x + 96, y, { width: width / 2 - 110, lineBreak: false, ellipsis: true });
      y += 15;
    }
    return y;
  };
  const accountFacts: [string, string][] = [];
  if (statement.holderName) accountFacts.push(['Account holder', statement.holderName]);
  accountFacts.push(
    ['Account number', statement.maskedAccNumber],
    ['Account type', statement.accType === 'SAVINGS' ? 'Savings account' : 'Current account'],
  );
  if (statement.branch) accountFacts.push(['Branch', statement.branch]);
  if (statement.ifscCode) accountFacts.push(['IFSC', statement.ifscCode]);
  const leftBottom = facts(left, 98, accountFacts);
  const rightBottom = facts(left + width / 2 + 10, 98, [
    ['Statement period', period],
    ['Currency', 'INR (Indian rupee)'],
    ['Transactions', String(statement.rows.length)],
  ]);

  // Summary band: opening, money in, money out, closing.
  let y = Math.max(leftBottom, rightBottom) + 8;
  const credits = statement.rows.filter((row) => row.type === 'CREDIT');
  const debits = statement.rows.filter((row) => row.type === 'DEBIT');
  const total = (rows: readonly StatementRow[]) => rows.reduce((sum, row) => sum + row.amountPaise, 0);
  const summary: [string, string][] = [
    ['Opening balance', formatRupees(statement.openingPaise)],
    [`Total credits (${credits.length})`, formatRupees(total(credits))],
    [`Total debits (${debits.length})`, formatRupees(total(debits))],
    ['Closing balance', formatRupees(statement.closingPaise)],
  ];
  doc.rect(left, y, width, 44).fill(BAND);
  summary.forEach(([label, value], index) => {
    const x = left + 12 + (index * (width - 24)) / 4;
    doc
      .font('Body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x, y + 8, { lineBreak: false });
    doc
      .font('Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, x, y + 21, { lineBreak: false });
  });
  y += 58;

  // The transactions.
  const columns = [
    { title: 'Date', width: 56, align: 'left' },
    { title: 'Narration', width: 0, align: 'left' },
    { title: 'Reference', width: 108, align: 'left' },
    { title: 'Debit (₹)', width: 62, align: 'right' },
    { title: 'Credit (₹)', width: 62, align: 'right' },
    { title: 'Balance (₹)', width: 66, align: 'right' },
  ] as const;
  const narrationWidth = width - columns.reduce((sum, column) => sum + column.width, 0);
  const xs: number[] = [];
  columns.reduce((x, column) => (xs.push(x), x + (column.width || narrationWidth)), left);
  /** One cell's text, in the font and colour already set (set once a row: colour changes cost). */
  const cell = (index: number, text: string, top: number) => {
    const column = columns[index]!;
    const x = xs[index]!;
    const w = column.width || narrationWidth;
    if (column.align === 'right') {
      doc.text(text, x + w - 4 - doc.widthOfString(text), top, { lineBreak: false });
    } else if (doc.widthOfString(text) <= w - 8) {
      doc.text(text, x + 4, top, { lineBreak: false });
    } else {
      // Narration and reference wrap within their column (the row grows to fit, see rowHeight).
      doc.text(text, x + 4, top, { width: w - 8 });
    }
  };
  /** The height of a wrapping cell's text (one line when it fits, the common case, without laying it out). */
  const textHeight = (index: number, text: string) => {
    const w = (columns[index]!.width || narrationWidth) - 8;
    return doc.widthOfString(text) <= w ? lineHeight : doc.heightOfString(text, { width: w });
  };
  const header = (top: number) => {
    doc.rect(left, top, width, 18).fill(BAND);
    doc.font('Bold').fontSize(BODY).fillColor(INK);
    columns.forEach((column, index) => cell(index, column.title, top + 5));
    return top + 18;
  };
  const continued = () => {
    doc.addPage();
    const note = `${statement.bankName} · ${statement.maskedAccNumber} · ${period} (continued)`;
    doc.font('Body').fontSize(8).fillColor(MUTED).text(note, left, 40, { lineBreak: false });
    return header(56);
  };

  doc.font('Body').fontSize(BODY);
  const lineHeight = doc.currentLineHeight(true);
  y = header(y);
  if (statement.rows.length === 0) {
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(MUTED)
      .text('No transactions in this period.', left, y + 10, { width, align: 'center' });
    y += 34;
  }
  for (const [index, row] of statement.rows.entries()) {
    // A long statement is drawn in slices, letting the server answer other requests in between.
    if (index > 0 && index % YIELD_EVERY_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    doc.font('Body').fontSize(BODY);
    const height = Math.max(textHeight(1, row.narration), textHeight(2, row.reference)) + ROW_PAD * 2;
    if (y + height > bottom) y = continued();
    if (index % 2 === 1) doc.rect(left, y, width, height).fill(ZEBRA);
    doc.font('Body').fontSize(BODY).fillColor(INK);
    const top = y + ROW_PAD;
    cell(0, statementDate(row.date), top);
    cell(1, row.narration, top);
    cell(2, row.reference, top);
    cell(row.type === 'DEBIT' ? 3 : 4, formatAmountFigures(row.amountPaise), top);
    cell(5, formatAmountFigures(row.balancePaise), top);
    y += height;
  }
  rule(doc, left, right, y);

  // Closing lines under the table, on a new page when they do not fit.
  if (y + 40 > bottom) y = continued();
  doc
    .font('Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(
      `Closing balance on ${statementDate(statement.period.to)}: ${formatRupees(statement.closingPaise)}`,
      left,
      y + 10,
      {
        lineBreak: false,
      },
    );

  // Every page's foot: what this document is, and where it stands.
  drawPageFeet(
    doc,
    left,
    right,
    `Generated from the data ${statement.bankName} shared with your consent through ${AGGREGATOR_NAME}. ` +
      'Account number masked for your security.',
  );
  return canvas.finish();
}
