import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { formatBytes, type Row } from './report.ts';

/** The script-tag build must stay small enough to load on every page of every site. */
export const SCRIPT_GZIP_BUDGET_BYTES = 12 * 1024;

export interface BundleSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleSizeResult {
  script: BundleSize;
  esm: BundleSize;
}

function measure(file: string): BundleSize {
  const source = readFileSync(file);
  return { file, rawBytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length };
}

export function measureBundleSizes(sdkDistDir: string): BundleSizeResult {
  return { script: measure(`${sdkDistDir}/pravesh.js`), esm: measure(`${sdkDistDir}/pravesh.esm.js`) };
}

export function bundleSizeRows(result: BundleSizeResult): Row[] {
  const { script, esm } = result;
  return [
    {
      metric: 'SDK pravesh.js gzip -9',
      value: formatBytes(script.gzipBytes),
      target: `<= 12 KB (${SCRIPT_GZIP_BUDGET_BYTES.toLocaleString('en-US')} B)`,
      verdict: script.gzipBytes <= SCRIPT_GZIP_BUDGET_BYTES ? 'ok' : 'MISSED',
    },
    { metric: 'SDK pravesh.esm.js gzip -9', value: formatBytes(esm.gzipBytes), target: '-', verdict: 'info' },
  ];
}
