import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { dashboardSizeRows, initialFiles, inlineStyles, measureDashboardSize } from './dashboard-size.ts';

function fakeDist(entry: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pravesh-dashboard-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<script type="module" crossorigin src="/myaccount/assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/myaccount/assets/vendor-b.js">' +
      '<link rel="stylesheet" crossorigin href="/myaccount/assets/index-c.css">',
  );
  writeFileSync(path.join(dir, 'assets/index-a.js'), entry);
  writeFileSync(path.join(dir, 'assets/vendor-b.js'), 'export const b = 1;');
  writeFileSync(path.join(dir, 'assets/lazy-d.js'), 'x'.repeat(500_000));
  writeFileSync(path.join(dir, 'assets/index-c.css'), 'body{margin:0}');
  return dir;
}

describe('My Account initial JS size', () => {
  it('counts the entry and its preloaded chunks, not lazy screens', () => {
    expect(initialFiles('<script type="module" src="/myaccount/assets/i.js"></script>').js).toEqual(['assets/i.js']);
    const size = measureDashboardSize(fakeDist('import "./vendor-b.js";'));
    expect(size.files).toEqual(['assets/index-a.js', 'assets/vendor-b.js']);
    expect(size.gzipBytes).toBeLessThan(200);
    expect(dashboardSizeRows(size)[0]!.verdict).toBe('ok');
  });

  it('counts the stylesheet the build inlined into index.html', () => {
    expect(inlineStyles('<head><style>body{margin:0}</style><style>p{}</style></head>')).toEqual([
      'body{margin:0}',
      'p{}',
    ]);
  });

  it('misses the 170 KB budget when the initial script is bigger', () => {
    // Random bytes do not compress: 300 KB of them stay over 170 KB after gzip.
    const random = randomBytes(300_000).toString('base64');
    expect(dashboardSizeRows(measureDashboardSize(fakeDist(random)))[0]!.verdict).toBe('MISSED');
  });
});
