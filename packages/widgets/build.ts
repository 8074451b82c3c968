/**
 * Bundles the widgets for browsers (`npm run build -w @pravesh/widgets`, after the SDK's build,
 * which empties packages/sdk/dist), into ../sdk/dist/widgets/:
 *   pravesh-react.js          (global PraveshReact) the ONE runtime every widget shares: React's
 *                             API on Preact (docs/decisions/0011-widgets-run-on-preact-compat.md)
 *   pravesh-sign-in.js        (global PraveshSignIn) the sign-in widget, which the sign-on client
 *                             loads; it adds pravesh-react.js beside itself before it first renders
 *   pravesh-sign-in.esm.js    the sign-in widget as ESM for bundlers (React imported as usual)
 *   pravesh-dompurify.js      (global PraveshDOMPurify) DOMPurify and the contract rules
 *   pravesh-consent-panel.js  (global PraveshConsentPanel) the consent panel
 *   pravesh-nudge.js          (global PraveshNudge) the nudge, which Pravesh.loadNudge adds
 * "one React runtime per page": the widget scripts carry no runtime; their imports
 * of react, react/jsx-runtime and react-dom/client read the PraveshReact global. They sit beside
 * the SDK so the API's /sdk/ route serves them. Prints raw and gzipped sizes and fails over
 * budget, when zod got in, when a widget script carries a runtime of its own, or when React itself
 * got into the runtime script.
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { minifyCssTemplates } from './build-tools/minify-css-templates.ts';
import { WIDGET_RUNTIME_ALIAS, fromSharedGlobals } from './build-tools/shared-globals.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(root, '../sdk/dist/widgets');
/** The budget of the ESM sign-in build, which carries React for bundlers: React DOM is ~70 KB gzipped. */
const BUDGET_GZIP_BYTES = 80 * 1024;
/** The widgets' runtime, Preact and its React compatibility layer: 10.5 KB gzipped when it came in. */
const RUNTIME_BUDGET_GZIP_BYTES = 12 * 1024;
/**
 * The start the runtime script must have for V8 to compile its one function with the top level
 * while the script streams in, off the main thread: a parenthesised `function` expression (an arrow
 * is compiled lazily, on the main thread, when called).
 */
const EAGER_RUNTIME_START = /^"use strict";\s*var PraveshReact\s*=\s*\(function\(\)\s*\{/;

/** The stylesheet modules (CSS in template literals): @pravesh/ui's tokens and components, each widget's styles. */
const squeezeStylesheets = minifyCssTemplates(
  /[\\/](ui[\\/]src[\\/]css[\\/](components|tokens)|widgets[\\/]src[\\/][\w-]+[\\/](styles|tokens))\.ts$/,
);

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
    plugins: [squeezeStylesheets, ...(options.plugins ?? [])],
  });
  if (!metafile) throw new Error('esbuild returned no metafile');
  return { file, metafile };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
/** Each widget's own code, beyond the shared React runtime: the consent panel and the sign-in widget. */
const CONSENT_PANEL_BUDGET_GZIP_BYTES = 8 * 1024;
const SIGN_IN_BUDGET_GZIP_BYTES = 10 * 1024;
/** The nudge (panel, tiles, offers, error and logout dialogs) ≤ 20 KB gzip beyond React. */
const NUDGE_BUDGET_GZIP_BYTES = 20 * 1024;
/** The scripts that must not carry React (they read PraveshReact). */
const WIDGET_SCRIPTS = new Set(['pravesh-sign-in.js', 'pravesh-consent-panel.js', 'pravesh-nudge.js']);
const consentEntry = (file: string) => ({ entryPoints: [path.join(root, 'src/consent', file)] });
const bundles = [
  await bundle('pravesh-sign-in.js', {
    entryPoints: [path.join(root, 'src/sign-in/script.ts')],
    format: 'iife',
    globalName: 'PraveshSignIn',
    plugins: [fromSharedGlobals],
  }),
  await bundle('pravesh-sign-in.esm.js', { format: 'esm' }),
  await bundle('pravesh-react.js', {
    ...consentEntry('react-runtime.ts'),
    format: 'iife',
    globalName: 'PraveshReact',
    alias: WIDGET_RUNTIME_ALIAS,
    // The runtime's code at the top level of one `(function(){…})()` (EAGER_RUNTIME_START).
    supported: { arrow: false },
  }),
  await bundle('pravesh-dompurify.js', {
    ...consentEntry('sanitizer-entry.ts'),
    format: 'iife',
    globalName: 'PraveshDOMPurify',
  }),
  await bundle('pravesh-consent-panel.js', {
    ...consentEntry('index.ts'),
    format: 'iife',
    globalName: 'PraveshConsentPanel',
    plugins: [fromSharedGlobals],
  }),
  await bundle('pravesh-nudge.js', {
    entryPoints: [path.join(root, 'src/nudge/script.ts')],
    format: 'iife',
    globalName: 'PraveshNudge',
    plugins: [fromSharedGlobals],
  }),
];
const OWN_BUDGETS: Record<string, number> = {
  'pravesh-react.js': RUNTIME_BUDGET_GZIP_BYTES,
  'pravesh-sign-in.js': SIGN_IN_BUDGET_GZIP_BYTES,
  'pravesh-consent-panel.js': CONSENT_PANEL_BUDGET_GZIP_BYTES,
  'pravesh-dompurify.js': 14 * 1024,
  'pravesh-nudge.js': NUDGE_BUDGET_GZIP_BYTES,
};

let failed = false;
for (const { file, metafile } of bundles) {
  const code = await readFile(path.join(outdir, file));
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`sdk/dist/widgets/${file.padEnd(24)} ${kb(code.length).padStart(9)} raw ${kb(gzipped).padStart(9)} gzip`);
  const budget = OWN_BUDGETS[file] ?? BUDGET_GZIP_BYTES;
  if (gzipped > budget) {
    console.error(`  over the ${kb(budget)} gzip budget`);
    failed = true;
  }
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  if (WIDGET_SCRIPTS.has(file) && inputs.some((input) => /node_modules\/(react(-dom)?|preact)\//.test(input))) {
    console.error('  carries a runtime of its own: widgets read the shared runtime (PraveshReact)');
    failed = true;
  }
  if (file === 'pravesh-react.js' && inputs.some((input) => /node_modules\/(react(-dom)?|scheduler)\//.test(input))) {
    console.error("  carries React: the widgets' runtime is preact/compat (WIDGET_RUNTIME_ALIAS)");
    failed = true;
  }
  if (file === 'pravesh-react.js' && !EAGER_RUNTIME_START.test(code.toString('utf8'))) {
    console.error('  does not start with "(function(){": V8 would compile React on the main thread');
    failed = true;
  }
  if (inputs.some((input) => input.includes('node_modules/zod/'))) {
    console.error('  carries zod: import only zod-free values from core');
    failed = true;
  }
}
if (failed) process.exit(1);
