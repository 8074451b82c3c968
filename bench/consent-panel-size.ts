import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { sdkFile } from './sdk-file.ts';
import { formatBytes, type Row } from './report.ts';

/**
 * The consent panel's chunk, gzipped, beyond the shared React runtime (target at most
 * 8 KB). The panel ships as three scripts in packages/sdk/dist/widgets/ (packages/widgets/build.ts):
 * pravesh-consent-panel.js (the panel's own code), pravesh-react.js (React, which the sign-in
 * widget's script also publishes) and pravesh-dompurify.js (DOMPurify and the contract rules).
 * The consent client itself (pravesh-consent.js) is reported too: it is what every page that
 * checks consent loads, panel or not.
 */
export const CONSENT_PANEL_GZIP_TARGET_BYTES = 8 * 1024;

export interface ConsentPanelSizes {
  panelGzipBytes: number;
  sanitizerGzipBytes: number;
  reactRuntimeGzipBytes: number;
  clientGzipBytes: number;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function measureConsentPanelSizes(sdkDistDir: string): ConsentPanelSizes {
  return {
    panelGzipBytes: gzipSize(sdkFile(sdkDistDir, 'widgets/pravesh-consent-panel.js')),
    sanitizerGzipBytes: gzipSize(sdkFile(sdkDistDir, 'widgets/pravesh-dompurify.js')),
    reactRuntimeGzipBytes: gzipSize(sdkFile(sdkDistDir, 'widgets/pravesh-react.js')),
    clientGzipBytes: gzipSize(sdkFile(sdkDistDir, 'pravesh-consent.js')),
  };
}

export function consentPanelSizeRows(sizes: ConsentPanelSizes): Row[] {
  const target = `<= 8 KB (${CONSENT_PANEL_GZIP_TARGET_BYTES.toLocaleString('en-US')} B)`;
  const withSanitizer = sizes.panelGzipBytes + sizes.sanitizerGzipBytes;
  return [
    {
      metric: 'consent panel chunk gzip -9 (beyond React)',
      value: formatBytes(sizes.panelGzipBytes),
      target,
      verdict: sizes.panelGzipBytes <= CONSENT_PANEL_GZIP_TARGET_BYTES ? 'ok' : 'MISSED',
      note: 'its own script; DOMPurify and React are scripts of their own',
    },
    {
      metric: 'consent panel + DOMPurify gzip -9 (beyond React)',
      value: formatBytes(withSanitizer),
      target: '-',
      verdict: 'info',
      note: `DOMPurify alone ${formatBytes(sizes.sanitizerGzipBytes)}`,
    },
    {
      metric: 'widgets React runtime gzip -9',
      value: formatBytes(sizes.reactRuntimeGzipBytes),
      target: '-',
      verdict: 'info',
      note: 'not loaded again after the sign-in widget',
    },
    {
      metric: 'SDK pravesh-consent.js gzip -9',
      value: formatBytes(sizes.clientGzipBytes),
      target: '-',
      verdict: 'info',
    },
  ];
}
