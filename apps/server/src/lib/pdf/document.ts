import PDFDocument from 'pdfkit';
import { keepParsedFonts, useNotoSans } from './fonts.ts';

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
}

export function createPdf(info: PdfInfo, { margin = 48, bufferPages = false }: PdfLayout = {}): PdfCanvas {
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

/** A thin horizontal rule from x1 to x2 at y. */
export function rule(doc: PDFKit.PDFDocument, x1: number, x2: number, y: number, colour: string = PDF_COLOURS.rule) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.5).strokeColor(colour).stroke();
}
