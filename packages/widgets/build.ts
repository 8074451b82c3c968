/**
 * Bundles the widgets for browsers (`npm run build -w @pravesh/widgets`, after the SDK's build,
 * which empties packages/sdk/dist):
 *   ../sdk/dist/widgets/pravesh-sign-in.js      IIFE, global `PraveshSignIn` (what the sign-on client loads)
 *   ../sdk/dist/widgets/pravesh-sign-in.esm.js  ESM
 *   ../sdk/dist/widgets/pravesh-react.js, pravesh-dompurify.js, pravesh-consent-panel.js: the consent
 *     panel (global `PraveshConsentPanel`) and the React runtime and sanitizer it reads from globals
 * They sit beside the SDK so the API's /sdk/ route serves them and the sign-on script finds them
 * at widgets/pravesh-sign-in.js next to itself. Prints raw and gzipped sizes and fails over budget
 * or when zod got in (the widgets use only core's zod-free modules).
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
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
  // Publishes its React as PraveshReact for the consent panel (src/consent/publish-react.ts).
  await bundle('pravesh-sign-in.js', {
    format: 'iife',
    globalName: 'PraveshSignIn',
    inject: [path.join(root, 'src/consent/publish-react.ts')],
  }),
  await bundle('pravesh-sign-in.esm.js', { format: 'esm' }),
];

// --- The consent panel (issue 5) -------------------------------------------------------------
// Three scripts, so the panel's own script carries neither React nor DOMPurify:
//   pravesh-react.js (global PraveshReact)       React, shared: the sign-in script publishes it too
//   pravesh-dompurify.js (global PraveshDOMPurify) DOMPurify and the contract rules
//   pravesh-consent-panel.js (global PraveshConsentPanel) the panel, reading both from their globals
const SHARED_GLOBALS: Record<string, string> = {
  react: 'PraveshReact.react',
  'react/jsx-runtime': 'PraveshReact.jsxRuntime',
  'react-dom/client': 'PraveshReact.reactDomClient',
  dompurify: 'PraveshDOMPurify.DOMPurify',
};
const fromSharedGlobals: Plugin = {
  name: 'pravesh-shared-globals',
  setup(pluginBuild) {
    const filter = new RegExp(`^(${Object.keys(SHARED_GLOBALS).join('|').replace(/\//g, '\\/')})$`);
    pluginBuild.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'pravesh-global' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'pravesh-global' }, (args) => ({
      contents: `module.exports = globalThis.${SHARED_GLOBALS[args.path]};`,
      loader: 'js',
    }));
  },
};
/** The panel's own code; the target is at most 8 KB gzip beyond the shared React runtime. */
const CONSENT_PANEL_BUDGET_GZIP_BYTES = 8 * 1024;
const consentEntry = (file: string) => ({ entryPoints: [path.join(root, 'src/consent', file)] });
bundles.push(
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
);
const OWN_BUDGETS: Record<string, number> = {
  'pravesh-consent-panel.js': CONSENT_PANEL_BUDGET_GZIP_BYTES,
  'pravesh-dompurify.js': 14 * 1024,
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
  if (inputs.some((input) => input.includes('node_modules/zod/'))) {
    console.error('  carries zod: import only zod-free values from core');
    failed = true;
  }
}
if (failed) process.exit(1);
