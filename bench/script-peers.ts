import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { formatBytes, type Row } from './report.ts';
import { sdkFile } from './sdk-file.ts';

/**
 * Each SDK script beside the smallest open-source library that does its job, bundled by the same
 * bundler with the same options as packages/sdk/build.ts (esbuild, minified, es2020, one IIFE)
 * and compressed alike (gzip -9), so the sizes compare like for like:
 *   - the core script (pass token, device fingerprint, HTTP client, events) beside BotD
 *     (@fingerprintjs/botd), a browser bot-detection client;
 *   - the visitor layer beside zendesk's cross-storage client (cross-storage), the protocol its
 *     hub client speaks.
 * The visitor script's target is 10 KB, for what its first load carries; the parts it loads when
 * a page first needs them (packages/sdk/src/lazy-parts.ts) are reported beside it.
 */
export const VISITOR_SCRIPT_TARGET_GZIP_BYTES = 10 * 1024;
const VISITOR_PARTS = ['pravesh-visitor-storage.js', 'pravesh-visitor-maintenance.js'];

const bench = fileURLToPath(new URL('.', import.meta.url));

async function gzipOfBundle(contents: string, resolveDir: string): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    target: 'es2020',
    format: 'iife',
    legalComments: 'none',
    write: false,
    logLevel: 'error',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

const gzipOfFile = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export interface ScriptPeers {
  coreGzipBytes: number;
  botdGzipBytes: number;
  visitorGzipBytes: number;
  /** The visitor script's parts, by plain name (pravesh-visitor-storage.js). */
  visitorPartsGzipBytes: Record<string, number>;
  zendeskCrossStorageClientGzipBytes: number;
}

export async function measureScriptPeers(sdkDistDir: string): Promise<ScriptPeers> {
  return {
    coreGzipBytes: gzipOfFile(sdkFile(sdkDistDir, 'pravesh.js')),
    visitorGzipBytes: gzipOfFile(sdkFile(sdkDistDir, 'pravesh-visitor.js')),
    visitorPartsGzipBytes: Object.fromEntries(
      VISITOR_PARTS.map((part) => [part, gzipOfFile(sdkFile(sdkDistDir, part))]),
    ),
    botdGzipBytes: await gzipOfBundle(
      "import { load } from '@fingerprintjs/botd'; (globalThis as any).BotD = { load };",
      bench,
    ),
    zendeskCrossStorageClientGzipBytes: await gzipOfBundle(
      "import CrossStorageClient from 'cross-storage/lib/client.js'; (globalThis as any).Client = CrossStorageClient;",
      bench,
    ),
  };
}

const times = (value: number, peer: number) => `${(value / peer).toFixed(1)}×`;

export function scriptPeerRows(result: ScriptPeers): Row[] {
  return [
    {
      metric: 'SDK core script pravesh.js gzip -9, beside BotD (same esbuild options)',
      value: formatBytes(result.coreGzipBytes),
      target: '-',
      verdict: 'info',
      note: `BotD ${formatBytes(result.botdGzipBytes)} (${times(result.coreGzipBytes, result.botdGzipBytes)})`,
    },
    {
      metric: 'SDK visitor script pravesh-visitor.js gzip -9, beside the zendesk cross-storage client',
      value: formatBytes(result.visitorGzipBytes),
      target: `<= 10 KB (${VISITOR_SCRIPT_TARGET_GZIP_BYTES.toLocaleString('en-US')} B)`,
      verdict: result.visitorGzipBytes <= VISITOR_SCRIPT_TARGET_GZIP_BYTES ? 'ok' : 'MISSED',
      note: `zendesk cross-storage client ${formatBytes(result.zendeskCrossStorageClientGzipBytes)} (${times(result.visitorGzipBytes, result.zendeskCrossStorageClientGzipBytes)}); first load only, its parts when a page first needs them: ${Object.entries(
        result.visitorPartsGzipBytes,
      )
        .map(([part, bytes]) => `${part} ${formatBytes(bytes)}`)
        .join(', ')}`,
    },
  ];
}

// `npx tsx bench/script-peers.ts`: this measurement alone, its rows printed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./report.ts');
  const result = await measureScriptPeers(fileURLToPath(new URL('../packages/sdk/dist', import.meta.url)));
  console.log(formatTable(scriptPeerRows(result)));
}
