/**
 * Bundles the widgets for browsers (`npm run build -w @pravesh/widgets`, after the SDK's build,
 * which empties packages/sdk/dist):
 *   ../sdk/dist/widgets/pravesh-sign-in.js      IIFE, global `PraveshSignIn` (what the sign-on client loads)
 *   ../sdk/dist/widgets/pravesh-sign-in.esm.js  ESM
 * They sit beside the SDK so the API's /sdk/ route serves them and the sign-on script finds them
 * at widgets/pravesh-sign-in.js next to itself. Prints raw and gzipped sizes and fails over budget
 * or when zod got in (the widgets use only core's zod-free modules).
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(root, '../sdk/dist/widgets');
/** React DOM is ~70 KB of it (gzipped); the widget itself is ~4 KB. Loaded only when a widget journey opens. */
const BUDGET_GZIP_BYTES = 80 * 1024;

async function bundle(file: string, options: BuildOptions): Promise<{ file: string; metafile: Metafile }> {
  const { metafile } = await build({
    entryPoints: [path.join(root, 'src/sign-in/index.ts')],
    outfile: path.join(outdir, file),
    absWorkingDir: root,
    bundle: true,
    minify: true,
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
    ...options,
  });
  if (!metafile) throw new Error('esbuild returned no metafile');
  return { file, metafile };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const bundles = [
  await bundle('pravesh-sign-in.js', { format: 'iife', globalName: 'PraveshSignIn' }),
  await bundle('pravesh-sign-in.esm.js', { format: 'esm' }),
];

let failed = false;
for (const { file, metafile } of bundles) {
  const code = await readFile(path.join(outdir, file));
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`sdk/dist/widgets/${file.padEnd(24)} ${kb(code.length).padStart(9)} raw ${kb(gzipped).padStart(9)} gzip`);
  if (gzipped > BUDGET_GZIP_BYTES) {
    console.error(`  over the ${kb(BUDGET_GZIP_BYTES)} gzip budget`);
    failed = true;
  }
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  if (inputs.some((input) => input.includes('node_modules/zod/'))) {
    console.error('  carries zod: import only zod-free values from core');
    failed = true;
  }
}
if (failed) process.exit(1);
