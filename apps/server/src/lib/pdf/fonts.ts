import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans for every PDF we draw (invoices, statements): the standard PDF fonts have no ₹
 * (U+20B9), so Noto Sans (SIL OFL, from its npm package) is embedded as "Body" and "Bold"; pdfkit
 * subsets it to the glyphs used.
 *
 * pdfkit parses a registered font file anew for every document (fontkit.create), and decoding Noto
 * Sans's tables is most of a small document's drawing time (bench/invoice-pdf.ts). The parsed font
 * is read-only, so after the first document its parsed form is kept and each later document gets a
 * new embedding of it (its own subset) instead. This leans on pdfkit internals (_fontFamilies, the
 * embedded font's constructor): when they are not what is expected, nothing is kept and every
 * document parses the files as pdfkit does by itself.
 */

const require = createRequire(import.meta.url);
let files: { regular: Buffer; bold: Buffer } | undefined;
function notoSansFiles() {
  files ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  };
  return files;
}

export const FONT_NAMES = ['Body', 'Bold'] as const;
export type FontName = (typeof FONT_NAMES)[number];

interface EmbeddedFontLike {
  font: { layout: unknown; createSubset: unknown };
  constructor: new (document: PDFKit.PDFDocument, font: unknown, id: string) => unknown;
}
interface PdfkitInternals {
  _fontFamilies?: Record<string, unknown>;
  _fontCount?: number;
}
let parsed: Map<string, EmbeddedFontLike> | undefined;

function isEmbeddedFont(value: unknown): value is EmbeddedFontLike {
  const font = (value as { font?: { layout?: unknown; createSubset?: unknown } } | undefined)?.font;
  return typeof font?.layout === 'function' && typeof font.createSubset === 'function';
}

/** Registers Body and Bold on a new document (the kept parsed fonts when there are). */
export function useNotoSans(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = notoSansFiles();
  doc.registerFont('Body', regular);
  doc.registerFont('Bold', bold);
  const internals = doc as unknown as PdfkitInternals;
  if (!parsed || !internals._fontFamilies || typeof internals._fontCount !== 'number') {
    // Embedded in a fixed order, so every document numbers its fonts alike (same bytes each time).
    for (const name of FONT_NAMES) doc.font(name);
    return;
  }
  for (const name of FONT_NAMES) {
    const kept = parsed.get(name)!;
    internals._fontFamilies[name] = new kept.constructor(doc, kept.font, `F${++internals._fontCount}`);
  }
}

/** After the first document is drawn: keeps its parsed fonts for the next ones. */
export function keepParsedFonts(doc: PDFKit.PDFDocument): void {
  if (parsed) return;
  const families = (doc as unknown as PdfkitInternals)._fontFamilies ?? {};
  const found = FONT_NAMES.map((name) => [name, families[name]] as const);
  if (found.every(([, font]) => isEmbeddedFont(font))) parsed = new Map(found as [string, EmbeddedFontLike][]);
}
