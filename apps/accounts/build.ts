/**
 * Bundles the accounts pages (`npm run build -w @pravesh/accounts`) into dist/:
 *   listener.js, authorize.js, logout.js   ESM entry points, one per page (and desk.js, the support desk)
 *   chunks/*.js                             code they share (React, the journey), content-hashed
 *   accounts.css, desk.css                  the pages' stylesheet and the desk's (with @pravesh/ui's tokens and components)
 *   fonts/*.woff2, *.woff                   Open Sans (@fontsource, via @pravesh/ui/fonts.css), content-hashed
 * The API server serves these under /accounts-assets/ and renders the pages' HTML itself
 * (apps/server/src/modules/accounts-pages). Prints raw and gzipped sizes and fails over budget.
 */
import { build, type Metafile } from 'esbuild';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');
/** What one page downloads (its entry, the chunks it imports and the stylesheet), gzipped. */
const PAGE_BUDGET_GZIP_BYTES = 100 * 1024;
const PAGES = ['listener', 'authorize', 'logout', 'desk'] as const;

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const { metafile } = await build({
  entryPoints: [
    ...PAGES.map((page) => ({ in: path.join(root, 'src', `${page}.tsx`), out: page })),
    { in: path.join(root, 'src', 'styles.css'), out: 'accounts' },
    { in: path.join(root, 'src', 'desk.css'), out: 'desk' },
  ],
  outdir,
  // Metafile paths are relative to this folder, whatever the caller's working directory.
  absWorkingDir: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  jsx: 'automatic',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Open Sans is served from here, never a font CDN (the pages' CSP: font-src 'self').
  loader: { '.woff2': 'file', '.woff': 'file' },
  assetNames: 'fonts/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
});
if (!metafile) throw new Error('esbuild returned no metafile');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipOf = async (file: string) => gzipSync(await readFile(path.join(root, file)), { level: 9 }).length;

/** The output file and every chunk it imports, transitively. */
function closure(output: string, outputs: Metafile['outputs'], seen = new Set<string>()): Set<string> {
  if (seen.has(output)) return seen;
  seen.add(output);
  for (const { path: imported, kind } of outputs[output]?.imports ?? []) {
    if (kind === 'import-statement') closure(imported, outputs, seen);
  }
  return seen;
}

let failed = false;
for (const page of PAGES) {
  const css = path.relative(root, path.join(outdir, page === 'desk' ? 'desk.css' : 'accounts.css'));
  const entry = path.relative(root, path.join(outdir, `${page}.js`));
  const files = [...closure(entry, metafile.outputs), css];
  const raw = files.reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
  const gzipped = (await Promise.all(files.map(gzipOf))).reduce((sum, bytes) => sum + bytes, 0);
  console.log(`/${page.padEnd(10)} ${kb(raw).padStart(9)} raw ${kb(gzipped).padStart(9)} gzip (${files.length} files)`);
  if (gzipped > PAGE_BUDGET_GZIP_BYTES) {
    console.error(`  over the ${kb(PAGE_BUDGET_GZIP_BYTES)} gzip budget`);
    failed = true;
  }
}
const zod = Object.values(metafile.outputs).some((output) =>
  Object.keys(output.inputs).some(
    (input) => input.includes('node_modules/zod/') && output.inputs[input]!.bytesInOutput > 0,
  ),
);
if (zod) {
  console.error('  the pages carry zod: import only zod-free values (and types) from core');
  failed = true;
}
if (failed) process.exit(1);
