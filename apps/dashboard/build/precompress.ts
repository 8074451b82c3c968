import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at build
 * time, so the API server sends them with @fastify/static's `preCompressed` at no CPU cost per
 * request ("Shown by": the dashboard's LCP on a slow network is mostly bytes on the wire —
 * bench/dashboard-page.ts measured 455 KB of uncompressed JavaScript before the first paint).
 */
export function precompressAssets(): Plugin {
  return {
    name: 'pravesh-precompress',
    apply: 'build',
    writeBundle(options) {
      const assetsDir = path.join(options.dir ?? 'dist', 'assets');
      for (const name of readdirSync(assetsDir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(assetsDir, name);
        const source = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
