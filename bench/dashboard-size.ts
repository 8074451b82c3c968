import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatBytes, type Row } from './report.ts';

/**
 * "npm run bench adds the dashboard's initial JavaScript (gz, budget ≤ 170 KB)": what a
 * browser downloads before My Account can render, i.e. the entry script of apps/dashboard's
 * index.html and every chunk Vite preloads with it (its static imports). Lazy screens are not
 * initial: they load when their route opens.
 */
export const DASHBOARD_INITIAL_JS_BUDGET_GZIP_BYTES = 170 * 1024;

export interface DashboardSize {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  cssGzipBytes: number;
}

/** The script and modulepreload URLs of the built index.html, as files under dist/. */
export function initialFiles(indexHtml: string, base = '/myaccount/'): { js: string[]; css: string[] } {
  const attribute = (tag: RegExp) =>
    [...indexHtml.matchAll(tag)].map((match) => match[1]!.replace(base, '')).filter((file) => !file.includes('//'));
  return {
    js: [
      ...attribute(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...attribute(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ],
    css: attribute(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
  };
}

/** The <style> blocks of index.html: the build inlines the entry stylesheet (apps/dashboard/build/app-shell.ts). */
export function inlineStyles(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
}

export function measureDashboardSize(distDir: string): DashboardSize {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const { js, css } = initialFiles(indexHtml);
  if (js.length === 0) throw new Error(`${distDir}/index.html names no module script`);
  const read = (file: string) => readFileSync(path.join(distDir, file));
  const gzip = (file: string) => gzipSync(read(file), { level: 9 }).length;
  return {
    files: js,
    gzipBytes: js.reduce((sum, file) => sum + gzip(file), 0),
    rawBytes: js.reduce((sum, file) => sum + read(file).length, 0),
    cssGzipBytes:
      css.reduce((sum, file) => sum + gzip(file), 0) +
      inlineStyles(indexHtml).reduce((sum, style) => sum + gzipSync(style, { level: 9 }).length, 0),
  };
}

export function dashboardSizeRows(size: DashboardSize): Row[] {
  const budget = DASHBOARD_INITIAL_JS_BUDGET_GZIP_BYTES;
  return [
    {
      metric: 'My Account initial JS gzip -9 (entry + preloaded chunks)',
      value: formatBytes(size.gzipBytes),
      target: `<= ${budget / 1024} KB (${budget.toLocaleString('en-US')} B)`,
      verdict: size.gzipBytes <= budget ? 'ok' : 'MISSED',
      note: `${size.files.length} files, ${formatBytes(size.rawBytes)} raw; CSS ${formatBytes(size.cssGzipBytes)} gzip (inlined in index.html and linked)`,
    },
  ];
}
