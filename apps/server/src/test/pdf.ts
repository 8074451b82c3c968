import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The text of a PDF as poppler's pdftotext reads it (poppler-utils; .ci/run installs it): what a
 * reader copying from the document gets, so it proves the glyphs (₹ included) are really there
 * with their Unicode mapping, not just drawn. `-layout` keeps each table row on one line.
 */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pravesh-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The number of pages poppler's pdfinfo counts. */
export function pdfPageCount(pdf: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'pravesh-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
