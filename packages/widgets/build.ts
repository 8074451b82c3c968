/**
 * Bundles the widgets for browsers (`npm run build -w @pravesh/widgets`, after the SDK's build,
 * which empties packages/sdk/dist), into ../sdk/dist/widgets/:
 *   pravesh-react.js          (global PraveshReact) the ONE React runtime every widget shares
 *   pravesh-sign-in.js        (global PraveshSignIn) the sign-in widget, which the sign-on client
 *                             loads; it adds pravesh-react.js beside itself before it first renders
 *   pravesh-sign-in.esm.js    the sign-in widget as ESM for bundlers (React imported as usual)
 *   pravesh-dompurify.js      (global PraveshDOMPurify) DOMPurify and the contract rules
 *   pravesh-consent-panel.js  (global PraveshConsentPanel) the consent panel
 *   pravesh-nudge.js          (global PraveshNudge) the nudge, which Pravesh.loadNudge adds
 * "one React runtime per page": the widget scripts carry none of React; their imports
 * of react, react/jsx-runtime and react-dom/client read the PraveshReact global. They sit beside
 * the SDK so the API's /sdk/ route serves them. Prints raw and gzipped sizes and fails over
 * budget, when zod got in, or when a widget script carries React of its own.
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { minifyCssTemplates } from './build-tools/minify-css-templates.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(root, '../sdk/dist/widgets');
/** The budget of a script that may carry React (the runtime, the ESM build): React DOM is ~70 KB gzipped. */
const BUDGET_GZIP_BYTES = 80 * 1024;

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
// Imports that every widget script reads from the shared scripts' globals instead of bundling.
const SHARED_GLOBALS: Record<string, string> = {
  react: 'PraveshReact.react',
  'react/jsx-runtime': 'PraveshReact.jsxRuntime',
  'react-dom/client': 'PraveshReact.reactDomClient',
  dompurify: 'PraveshDOMPurify.DOMPurify',
};
/**
 * React's modules are read LAZILY: each export is a getter that looks the global up when the
 * widget first calls it, not when its script runs. So a widget script may run before
 * pravesh-react.js has loaded (the sign-in script adds it itself before its first render,
 * src/shared/react-runtime-loader.ts). The names are React's own, read from the installed packages.
 */
const require = createRequire(import.meta.url);
const LAZY_EXPORTS: Record<string, string[]> = Object.fromEntries(
  ['react', 'react/jsx-runtime', 'react-dom/client'].map((name) => [
    name,
    Object.keys(require(name) as object).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key)),
  ]),
);
function sharedModule(name: string): string {
  const global = `globalThis.${SHARED_GLOBALS[name]}`;
  const names = LAZY_EXPORTS[name];
  if (!names) return `module.exports = ${global};`;
  const getters = names.map((key) => `get ${key}() { return ${global}.${key}; }`).join(',\n  ');
  return `module.exports = {\n  ${getters}\n};`;
}
const fromSharedGlobals: Plugin = {
  name: 'pravesh-shared-globals',
  setup(pluginBuild) {
    const filter = new RegExp(`^(${Object.keys(SHARED_GLOBALS).join('|').replace(/\//g, '\\/')})$`);
    pluginBuild.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'pravesh-global' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'pravesh-global' }, (args) => ({
      contents: sharedModule(args.path),
      loader: 'js',
    }));
  },
};
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
  await bundle('pravesh-react.js', { ...consentEntry('react-runtime.ts'), format: 'iife', globalName: 'PraveshReact' }),
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
  if (WIDGET_SCRIPTS.has(file) && inputs.some((input) => /node_modules\/react(-dom)?\//.test(input))) {
    console.error('  carries React of its own: widgets read the shared runtime (PraveshReact)');
    failed = true;
  }
  if (inputs.some((input) => input.includes('node_modules/zod/'))) {
    console.error('  carries zod: import only zod-free values from core');
    failed = true;
  }
}
if (failed) process.exit(1);
