import PDFDocument from 'pdfkit';
import { keepParsedFonts, setPlainLatinUnshaped, useNotoSans } from './fonts.ts';

/**
 * One way to start and finish the PDFs we draw (invoices, statements): A4, Noto Sans embedded
 * (./fonts.ts), fixed document dates so the same document downloads as the same bytes, and the
 * page's drawable box. `finish()` ends the document and answers its bytes.
 */

/** The palette every document shares: ink, muted text, rules and the table header band. */
export const PDF_COLOURS = {
  ink: '#1f2430',
  muted: '#5b6270',
  rule: '#c9ced8',
  band: '#eef1f6',
} as const;

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** The document's creation and modification date (a fixed one keeps the bytes the same). */
  date: Date;
}

export interface PdfCanvas {
  doc: PDFKit.PDFDocument;
  /** Left edge, right edge and width of the area inside the margins. */
  left: number;
  right: number;
  width: number;
  /** The lowest y content may reach before a new page. */
  bottom: number;
  finish: () => Promise<Buffer>;
}

export interface PdfLayout {
  margin?: number;
  /** Keep every page until finish(), so page footers ("Page 2 of 5") can be drawn last. */
  bufferPages?: boolean;
  /** Set plain Latin text without OpenType shaping (fonts.ts setPlainLatinUnshaped): long tables draw fast. */
  unshapedLatin?: boolean;
}

export function createPdf(
  info: PdfInfo,
  { margin = 48, bufferPages = false, unshapedLatin = false }: PdfLayout = {},
): PdfCanvas {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  useNotoSans(doc);
  if (unshapedLatin) setPlainLatinUnshaped(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return {
    doc,
    left,
    right: left + width,
    width,
    bottom: doc.page.height - doc.page.margins.bottom,
    finish: () => {
      keepParsedFonts(doc);
      doc.end();
      return done;
    },
  };
}

/**
 * Every page's foot, drawn last (the document needs `bufferPages`): a rule, what this document is,
 * and "Page n of N" on the right.
 */
export function drawPageFeet(doc: PDFKit.PDFDocument, left: number, right: number, note: string): void {
  const pages = doc.bufferedPageRange();
  for (let page = pages.start; page < pages.start + pages.count; page++) {
    doc.switchToPage(page);
    const margin = doc.page.margins.bottom;
    // Below the bottom margin: pdfkit would otherwise start a new page for the foot.
    doc.page.margins.bottom = 0;
    const footY = doc.page.height - margin - 16;
    rule(doc, left, right, footY - 6);
    doc.font('Body').fontSize(7).fillColor(PDF_COLOURS.muted).text(note, left, footY, { lineBreak: false });
    const pageLabel = `Page ${page - pages.start + 1} of ${pages.count}`;
    doc.text(pageLabel, right - doc.widthOfString(pageLabel), footY, { lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/** A thin horizontal rule from x1 to x2 at y. */
export function rule(doc: PDFKit.PDFDocument, x1: number, x2: number, y: number, colour: string = PDF_COLOURS.rule) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.5).strokeColor(colour).stroke();
}
