import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND, copyrightLine } from './brand.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Where customer-facing words live: every app's and package's sources, and the demo sites' pages. */
const SOURCES = ['apps', 'packages'];
const SKIP = new Set(['node_modules', 'dist', 'migrations', '.vite', 'coverage']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|js|html|css)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield full;
  }
}

describe('the brand (one source for the names a customer reads)', () => {
  it('names the company once: no screen, page or invoice spells a brand name of its own', () => {
    // Any other spelling of the company ("Kosh Financial Marketplace Pvt. Ltd.") or the platform's
    // name where the brand belongs ("Pravesh Accounts" in the sign-in frame) is a second source.
    const strays: string[] = [];
    for (const root of SOURCES) {
      for (const file of sourceFiles(path.join(ROOT, root))) {
        if (file.endsWith(path.join('core', 'src', 'brand.ts'))) continue;
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/Kosh Financial[^'"`<\n]*|Pravesh Accounts/g)) {
          strays.push(`${path.relative(ROOT, file)}: ${match[0]}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('the copyright line names the registered company', () => {
    expect(copyrightLine(2026)).toBe(`© 2026 ${BRAND.legalName}`);
  });
});
