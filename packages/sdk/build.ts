/**
 * Bundles the SDK for browsers (`npm run build -w @pravesh/sdk`):
 *   dist/pravesh.esm.js  ESM for bundlers and <script type="module">
 *   dist/pravesh.js      IIFE for a plain <script> tag, global `Pravesh`
 *   dist/pravesh-visitor.esm.js, dist/pravesh-visitor.js (global `PraveshVisitor`): the visitor layer
 *   dist/pravesh-visitor-storage.js, dist/pravesh-visitor-maintenance.js: the parts of the visitor
 *     layer its script loads when first needed (src/lazy-parts.ts)
 *   dist/pravesh-purge-worker.js, dist/pravesh-sync-worker.js: the two background workers
 *   dist/pravesh-sso.esm.js, dist/pravesh-sso.js (global `PraveshSso`): the sign-on client
 *   dist/pravesh-consent.esm.js, dist/pravesh-consent.js (global `PraveshConsent`): the consent client
 * prints raw and gzipped sizes, and fails when a bundle is over its gzip budget or carries zod.
 * `--analyze` also lists the modules that weigh most in the core script, `--analyze=<file>` in another.
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { catalogueModule, usedErrorKeys } from './build-tools/error-catalogue.ts';
import { TASK_SCRIPTS } from './src/workers/task-scripts.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');
const BUDGET_GZIP_BYTES = 12 * 1024;
/** Scripts loaded on demand have their own budgets; the core script keeps BUDGET_GZIP_BYTES. */
const BUDGETS: Record<string, number> = {
  // The visitor script's first load: what every page with the visitor layer runs (the record, the
  // visit chain, tracking data, the hub client). 15.63 KB while it also carried shared storage and
  // the maintenance, now parts of their own (VISITOR_PARTS); bench/script-peers.ts's target.
  'pravesh-visitor.js': 10 * 1024,
  // The ES module build keeps its parts inline (a bundler splits them as it likes). 16.01 KB once a
  // customer set during a visit's creation got a visit of its own (spec 000 §4).
  'pravesh-visitor.esm.js': 16.25 * 1024,
  // 5.77 and 2.96 KB: a page loads them when it first reads or stores activity, or has a purge or
  // merge due; their budgets keep them from taking back what the first load gave up.
  'pravesh-visitor-storage.js': 6 * 1024,
  'pravesh-visitor-maintenance.js': 4 * 1024,
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

/**
 * The parts of the visitor layer that its script-tag build loads when first needed
 * (src/lazy-parts.ts, where `load` answers the module `module` as bundled in): each becomes a
 * script of its own, `file` with global `globalName`, and `load` adds it with a script tag.
 */
const VISITOR_PARTS = [
  {
    load: 'loadStorage',
    module: './storage-part.ts',
    file: 'pravesh-visitor-storage.js',
    globalName: 'PraveshVisitorStorage',
  },
  {
    load: 'loadMaintenance',
    module: './maintenance.ts',
    file: 'pravesh-visitor-maintenance.js',
    globalName: 'PraveshVisitorMaintenance',
  },
] as const;

const lazyParts = path.join(root, 'src/lazy-parts.ts');
const lazyPartsSource = await readFile(lazyParts, 'utf8');
// lazy-parts.ts answers each part as `import * as name from 'module'` and `load = ... resolve(name)`.
const sourceModules = new Map(
  [...lazyPartsSource.matchAll(/^import \* as (\w+) from '([^']+)';$/gm)].map(([, name, module]) => [name, module]),
);
const sourceParts = [...lazyPartsSource.matchAll(/^export const (\w+) = .*\bresolve\((\w+)\);$/gm)]
  .map(([, load, name]) => `${load} ${sourceModules.get(name)}`)
  .sort();
if (JSON.stringify(sourceParts) !== JSON.stringify(VISITOR_PARTS.map((part) => `${part.load} ${part.module}`).sort())) {
  throw new Error('src/lazy-parts.ts and VISITOR_PARTS name different parts: keep them in step');
}

/** A plugin that gives the module at `file` the source `contents` (a script-tag build's version of it). */
function replaceModule(name: string, file: string, contents: string): Plugin {
  return {
    name,
    setup(builder) {
      builder.onLoad({ filter: new RegExp(`${path.basename(file).replaceAll('.', '\\.')}$`) }, (args) =>
        args.path === file ? { contents, loader: 'ts', resolveDir: path.dirname(file) } : undefined,
      );
    },
  };
}

const partLoader = JSON.stringify(path.join(root, 'src/part-loader.ts'));

/** In the script-tag build, each part of lazy-parts.ts is loaded as the script VISITOR_PARTS names. */
const partsAsScripts = replaceModule(
  'visitor-parts-as-scripts',
  lazyParts,
  [
    `import { scriptPart } from ${partLoader};`,
    ...VISITOR_PARTS.map(
      (part) =>
        `export const ${part.load} = scriptPart(${JSON.stringify(part.file)}, ${JSON.stringify(part.globalName)});`,
    ),
  ].join('\n'),
);

/**
 * In the script-tag build of the maintenance part, a task the main thread runs (where no worker
 * can) is its worker's own script added to the page, which leaves the task on its global
 * (src/workers/main-thread-tasks.ts, worker-entry.ts taskScript): the part does not carry the
 * purge and sync tasks a second time.
 */
const mainThreadTasks = path.join(root, 'src/workers/main-thread-tasks.ts');
const taskKinds = Object.keys(TASK_SCRIPTS) as (keyof typeof TASK_SCRIPTS)[];
const capitalized = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}`;
if (
  !(await readFile(mainThreadTasks, 'utf8')).includes(
    `= { ${taskKinds.map((kind) => `${kind}: plan${capitalized(kind)}`).join(', ')} };`,
  )
) {
  throw new Error('src/workers/main-thread-tasks.ts and TASK_SCRIPTS name different tasks: keep them in step');
}
const tasksAsScripts = replaceModule(
  'main-thread-tasks-as-scripts',
  mainThreadTasks,
  [
    `import { scriptPart } from ${partLoader};`,
    ...taskKinds.map(
      (kind) =>
        `const ${kind} = scriptPart(${JSON.stringify(TASK_SCRIPTS[kind].file)}, ${JSON.stringify(TASK_SCRIPTS[kind].globalName)});`,
    ),
    `export const mainThreadTasks = { ${taskKinds.map((kind) => `${kind}: (input) => ${kind}().then((task) => task(input))`).join(', ')} };`,
  ].join('\n'),
);

async function bundle(
  file: string,
  options: BuildOptions,
  plugins: Plugin[] = [],
): Promise<{ file: string; metafile: Metafile }> {
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
    plugins: [...plugins, browserErrorCatalogue, catalogueOf([])],
    ...options,
  });
  if (!probe.outputFiles) throw new Error('esbuild returned no output for the catalogue probe');
  const keys = usedErrorKeys(probe.outputFiles.map((output) => output.text));
  const { metafile } = await build({
    ...common,
    metafile: true,
    plugins: [...plugins, browserErrorCatalogue, catalogueOf(keys)],
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
  await bundle('pravesh-visitor.js', { ...entry('visitor.ts'), format: 'iife', globalName: 'PraveshVisitor' }, [
    partsAsScripts,
  ]),
  ...(await Promise.all(
    VISITOR_PARTS.map((part) =>
      bundle(part.file, { ...entry(part.module), format: 'iife', globalName: part.globalName }, [tasksAsScripts]),
    ),
  )),
  ...(await Promise.all(
    Object.values(TASK_SCRIPTS).map((task) => bundle(task.file, { ...entry(task.entry), format: 'iife' })),
  )),
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
// `--analyze` lists the core script's heaviest modules, `--analyze=pravesh-visitor.js` another script's.
const analyze = process.argv.find((arg) => arg.startsWith('--analyze'))?.split('=')[1];
if (failed || analyze !== undefined || process.argv.includes('--analyze')) {
  const analyzed = bundles.find(({ file }) => file === analyze) ?? bundles[0]!;
  console.log(`heaviest modules of dist/${analyzed.file} (minified bytes):`);
  for (const [input, bytes] of contributors(analyzed.metafile).slice(0, 20)) {
    console.log(`  ${String(bytes).padStart(6)}  ${input}`);
  }
}
if (failed) process.exit(1);
