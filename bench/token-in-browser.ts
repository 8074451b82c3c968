import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { PASS_TOKEN_HEADER, type ShieldConfig } from '@pravesh/core';
import { ROUTES } from './api-process.ts';
import { formatMs, percentile, type Row } from './report.ts';

/**
 * Pass-token signing time in Chromium, through the SDK's script-tag build as a page loads it:
 * the first token (device fingerprint + key unwrap + signature), then tokens that each need a
 * fresh signature because every one carries a different authentication token.
 */

export const TOKEN_MEDIAN_TARGET_MS = 1;
const SAMPLES = 200;
const PAGE_TIMEOUT_MS = 60_000;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The page defines measureTokens() itself: a function passed to page.evaluate() from here would
 * be the one tsx compiled, and esbuild's `__name(...)` helpers do not exist in the page.
 */
const PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Pravesh pass-token benchmark</title>
<script src="/pravesh.js"></script>
<script>
  window.measureTokens = async function (config, samples) {
    const signer = Pravesh.createPassTokenSigner({ config });
    let start = performance.now();
    const firstToken = await signer.getToken();
    const firstMs = performance.now() - start;
    const timesMs = [];
    let lastToken = firstToken;
    for (let i = 0; i < samples; i += 1) {
      start = performance.now();
      lastToken = await signer.getToken({ sso: 'bench-' + i });
      timesMs.push(performance.now() - start);
    }
    return { firstMs, timesMs, firstToken, lastToken, crossOriginIsolated: self.crossOriginIsolated };
  };
</script>
`;

interface PageMeasurement {
  firstMs: number;
  timesMs: number[];
  firstToken: string;
  lastToken: string;
  crossOriginIsolated: boolean;
}

export interface TokenTimingResult {
  samples: number;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs. */
  crossOriginIsolated: boolean;
  /** The shielded API accepted the first and the last browser-made token. */
  tokensAccepted: boolean;
}

/** Serves the page and the script build on loopback, cross-origin isolated for a finer clock. */
function servePage(sdkScript: string): Promise<Server> {
  const server = createServer((request, response) => {
    const isolation = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
    if (request.url === '/') {
      response.writeHead(200, { ...isolation, 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (request.url === '/pravesh.js') {
      response.writeHead(200, { ...isolation, 'content-type': 'text/javascript; charset=utf-8' }).end(sdkScript);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function fetchShieldConfig(apiUrl: string): Promise<ShieldConfig> {
  const response = await fetch(apiUrl + ROUTES.shieldConfig);
  const body = (await response.json()) as { response?: ShieldConfig };
  if (response.status !== 200 || !body.response) throw new Error(`shield config answered ${response.status}`);
  return body.response;
}

async function accepted(apiUrl: string, token: string): Promise<boolean> {
  const response = await fetch(apiUrl + ROUTES.shielded, { headers: { [PASS_TOKEN_HEADER]: token } });
  return response.status === 200;
}

export async function measureTokenInBrowser(apiUrl: string, sdkScriptFile: string): Promise<TokenTimingResult> {
  const config = await fetchShieldConfig(apiUrl);
  const server = await servePage(readFileSync(sdkScriptFile, 'utf8'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    if (pageErrors.length > 0) throw new Error(`the SDK page failed: ${pageErrors.join('; ')}`);
    const measured = await page.evaluate(
      ([shieldConfig, samples]) =>
        (window as unknown as { measureTokens(c: ShieldConfig, n: number): Promise<PageMeasurement> }).measureTokens(
          shieldConfig,
          samples,
        ),
      [config, SAMPLES] as const,
    );
    const sorted = [...measured.timesMs].sort((a, b) => a - b);
    return {
      samples: sorted.length,
      firstMs: measured.firstMs,
      medianMs: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      maxMs: sorted.at(-1)!,
      crossOriginIsolated: measured.crossOriginIsolated,
      tokensAccepted: (await accepted(apiUrl, measured.firstToken)) && (await accepted(apiUrl, measured.lastToken)),
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function tokenRows(result: TokenTimingResult): Row[] {
  const invalid = result.tokensAccepted ? undefined : 'the API refused the browser-made tokens';
  const info = invalid ? 'ERROR' : 'info';
  return [
    {
      metric: 'pass token in Chromium: first',
      value: formatMs(result.firstMs),
      target: '-',
      verdict: info,
      note: invalid,
    },
    {
      metric: `pass token in Chromium: median of ${result.samples} fresh`,
      value: formatMs(result.medianMs),
      target: `< ${TOKEN_MEDIAN_TARGET_MS} ms`,
      verdict: invalid ? 'ERROR' : result.medianMs < TOKEN_MEDIAN_TARGET_MS ? 'ok' : 'MISSED',
      note: invalid,
    },
    {
      metric: `pass token in Chromium: p95 of ${result.samples} fresh`,
      value: formatMs(result.p95Ms),
      target: '-',
      verdict: info,
    },
  ];
}
