/**
 * Bundles the SDK for browsers (`npm run build -w @pravesh/sdk`):
 *   dist/pravesh.esm.js  ESM for bundlers and <script type="module">
 *   dist/pravesh.js      IIFE for a plain <script> tag, global `Pravesh`
 *   dist/pravesh-visitor.esm.js, dist/pravesh-visitor.js (global `PraveshVisitor`): the visitor layer
 *   dist/pravesh-purge-worker.js, dist/pravesh-sync-worker.js: the two background workers
 *   dist/pravesh-sso.esm.js, dist/pravesh-sso.js (global `PraveshSso`): the sign-on client
 *   dist/pravesh-consent.esm.js, dist/pravesh-consent.js (global `PraveshConsent`): the consent client
 * prints raw and gzipped sizes, and fails when a bundle is over its gzip budget or carries zod.
 * `--analyze` also lists the modules that weigh most.
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { catalogueModule, usedErrorKeys } from './build-tools/error-catalogue.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');
const BUDGET_GZIP_BYTES = 12 * 1024;
/** Scripts loaded on demand have their own budgets; the core script keeps BUDGET_GZIP_BYTES. */
const BUDGETS: Record<string, number> = {
  // 15.63 KB once each script carries only the catalogue entries its code names
  // (build-tools/error-catalogue.ts); the rest is the visitor layer's own code.
  'pravesh-visitor.esm.js': 16 * 1024,
  'pravesh-visitor.js': 16 * 1024,
  'pravesh-purge-worker.js': 8 * 1024,
  'pravesh-sync-worker.js': 8 * 1024,
  // The OTP proof of work (README "OTP") is in; 12.18 KB with only the entries the client names.
  'pravesh-sso.esm.js': 12.5 * 1024,
  'pravesh-sso.js': 12.5 * 1024,
  // The consent client (Pravesh.loadConsent); its panel is built by packages/widgets into dist/widgets/.
  'pravesh-consent.esm.js': 8 * 1024,
  'pravesh-consent.js': 8 * 1024,
};

/**
 * Core's full error catalogue (src/errors.ts) also holds groups only the server raises; wherever
 * core imports it, the scripts take src/errors/browser.ts, the same catalogue without them (issue
 * 14 §1: server capabilities add entries without growing the visitor script).
 */
const coreErrors = path.join(root, '../core/src/errors.ts');
const browserErrorCatalogue: Plugin = {
  name: 'browser-error-catalogue',
  setup(builder) {
    builder.onResolve({ filter: /errors\.ts$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === coreErrors
        ? { path: path.join(root, '../core/src/errors/browser.ts') }
        : undefined,
    );
  },
};

/**
 * Where a script imports the browser catalogue, it gets one with only the entries its code names
 * (build-tools/error-catalogue.ts): a first build over an empty catalogue, minified so comments and
 * unused code are gone, shows which keys the script's own code still spells out.
 */
const browserCatalogue = path.join(root, '../core/src/errors/browser.ts');
const errorClass = path.join(root, '../core/src/errors/error-class.ts');
function catalogueOf(keys: readonly string[]): Plugin {
  return {
    name: 'used-catalogue-entries',
    setup(builder) {
      builder.onLoad({ filter: /errors[\\/]browser\.ts$/ }, (args) =>
        args.path === browserCatalogue
          ? { contents: catalogueModule(keys, errorClass), loader: 'js', resolveDir: path.dirname(args.path) }
          : undefined,
      );
    },
  };
}

async function bundle(file: string, options: BuildOptions): Promise<{ file: string; metafile: Metafile }> {
  const common: BuildOptions = {
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src/index.ts')],
    outfile: path.join(outdir, file),
    bundle: true,
    minify: true,
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
  };
  const probe = await build({
    ...common,
    write: false,
    plugins: [browserErrorCatalogue, catalogueOf([])],
    ...options,
  });
  if (!probe.outputFiles) throw new Error('esbuild returned no output for the catalogue probe');
  const keys = usedErrorKeys(probe.outputFiles.map((output) => output.text));
  const { metafile } = await build({
    ...common,
    metafile: true,
    plugins: [browserErrorCatalogue, catalogueOf(keys)],
    ...options,
  });
  if (!metafile) throw new Error('esbuild returned no metafile');
  return { file, metafile };
}

/** Inputs that left code in the output (the metafile lists every module read, used or not). */
function contributors(metafile: Metafile): [string, number][] {
  return Object.values(metafile.outputs)
    .flatMap((output) =>
      Object.entries(output.inputs).map(([input, { bytesInOutput }]): [string, number] => [input, bytesInOutput]),
    )
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

// dist/widgets/ is packages/widgets' output, served beside the SDK: everything else is ours to replace.
for (const entry of await readdir(outdir).catch(() => [])) {
  if (entry !== 'widgets') await rm(path.join(outdir, entry), { recursive: true, force: true });
}
await mkdir(outdir, { recursive: true });
const bundles = [
  await bundle('pravesh.esm.js', { format: 'esm' }),
  await bundle('pravesh.js', { format: 'iife', globalName: 'Pravesh' }),
];
// The visitor layer is its own script, loaded on demand (Pravesh.loadVisitorLayer), so the core
// script stays within budget; the two workers are the scripts the purge and sync tasks run in.
const entry = (file: string) => ({ entryPoints: [path.join(root, 'src', file)] });
bundles.push(
  await bundle('pravesh-visitor.esm.js', { ...entry('visitor.ts'), format: 'esm' }),
  await bundle('pravesh-visitor.js', { ...entry('visitor.ts'), format: 'iife', globalName: 'PraveshVisitor' }),
  await bundle('pravesh-purge-worker.js', { ...entry('workers/purge-worker.ts'), format: 'iife' }),
  await bundle('pravesh-sync-worker.js', { ...entry('workers/sync-worker.ts'), format: 'iife' }),
  // The sign-on client (Pravesh.loadSignOn); the sign-in widget is built by packages/widgets into dist/widgets/.
  await bundle('pravesh-sso.esm.js', { ...entry('sso/index.ts'), format: 'esm' }),
  await bundle('pravesh-sso.js', { ...entry('sso/index.ts'), format: 'iife', globalName: 'PraveshSso' }),
  await bundle('pravesh-consent.esm.js', { ...entry('consent/index.ts'), format: 'esm' }),
  await bundle('pravesh-consent.js', { ...entry('consent/index.ts'), format: 'iife', globalName: 'PraveshConsent' }),
);

let failed = false;
for (const { file, metafile } of bundles) {
  const code = await readFile(path.join(outdir, file));
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`dist/${file.padEnd(24)} ${kb(code.length).padStart(9)} raw ${kb(gzipped).padStart(9)} gzip`);
  const budget = BUDGETS[file] ?? BUDGET_GZIP_BYTES;
  if (gzipped > budget) {
    console.error(`  over the ${kb(budget)} gzip budget`);
    failed = true;
  }
  const zod = contributors(metafile).filter(([input]) => input.includes('node_modules/zod/'));
  if (zod.length > 0) {
    console.error(`  carries zod (${zod.length} modules): import only zod-free values from core`);
    failed = true;
  }
  if (contributors(metafile).some(([input]) => path.resolve(root, input) === coreErrors)) {
    console.error('  carries the server error catalogue (core/src/errors.ts): see browserErrorCatalogue');
    failed = true;
  }
}
if (failed || process.argv.includes('--analyze')) {
  for (const [input, bytes] of contributors(bundles[0]!.metafile).slice(0, 20)) {
    console.log(`  ${String(bytes).padStart(6)}  ${input}`);
  }
}
if (failed) process.exit(1);
