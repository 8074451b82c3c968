import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * pravesh-react.js, the React runtime the widgets share, with React's code at the top level of
 * one `(function(){…})()` instead of inside esbuild's CommonJS factories (build.ts).
 *
 * Why: V8 compiles a script's top level, and a function written `(function(){…})` right where it
 * is called, while the script streams in, on a background thread; any other function it compiles
 * on the main thread when first called. React ships CommonJS only, and esbuild wraps each CommonJS
 * module in a factory `(exports, module) => {…}` called on first require: React DOM's factory is
 * ~180 KB of source that the main thread parsed in full as the runtime ran, most of the one long
 * task the nudge added to its host page (bench nudge-host-page, 4× CPU; spec 000 §2 "Nudge
 * widget"). As ES modules, esbuild hoists React's module code into the bundle's one function, and
 * that function written as `(function(){…})` (arrows off for this script) compiles with the top
 * level off the main thread. React's own functions stay lazily compiled, each when first called.
 *
 * What changes is the module wrapping, not React: the same production files of the installed
 * packages, their `require("x")` read as imports and their `exports.name = …` as named exports.
 * The packages' index files are skipped: they only pick the production file (process.env.NODE_ENV)
 * and, for react-dom, tell the React DevTools extension whether dead code was eliminated.
 */

const require = createRequire(import.meta.url);

/** Every module of React the runtime reaches, as the installed package's production file. */
const PRODUCTION_FILES: Record<string, readonly [pkg: string, file: string]> = {
  react: ['react', 'cjs/react.production.js'],
  'react/jsx-runtime': ['react', 'cjs/react-jsx-runtime.production.js'],
  'react-dom': ['react-dom', 'cjs/react-dom.production.js'],
  'react-dom/client': ['react-dom', 'cjs/react-dom-client.production.js'],
  scheduler: ['scheduler', 'cjs/scheduler.production.js'],
};

function productionFile(name: string): string {
  const [pkg, file] = PRODUCTION_FILES[name]!;
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

const REQUIRE = /\brequire\(("[^"]+")\)/g;
const EXPORT_ASSIGNMENT = /\bexports\.([A-Za-z_$][\w$]*)\s*=(?!=)/g;
/** A prefix no name in React's code carries: the module's exports object and imports get fresh names. */
const PREFIX = '__praveshReact';

/**
 * One of React's CommonJS production files as an ES module: each `require("x")` becomes a
 * namespace import of x, the `exports` object a local one, and each name assigned on it a named
 * export of its final value (React assigns them once, as the module runs). Anything else a
 * CommonJS module may do (module.exports, a computed require, exports passed around) is refused,
 * so a React release that starts doing it fails the build instead of losing an export.
 */
export function commonJsAsModule(source: string, file = 'the module'): string {
  const refuse = (what: string) => new Error(`react-top-level: ${file} ${what}; read it as CommonJS instead`);
  if (/\bmodule\s*[.[]/.test(source)) throw refuse('uses module');
  const imports = new Map<string, string>();
  const withImports = source.replace(REQUIRE, (_, literal: string) => {
    const name = JSON.parse(literal) as string;
    const local = `${PREFIX}Import${imports.size}`;
    if (!imports.has(name)) imports.set(name, local);
    return imports.get(name)!;
  });
  if (/\brequire\s*\(/.test(withImports)) throw refuse('requires a computed name');
  const names = [...new Set([...withImports.matchAll(EXPORT_ASSIGNMENT)].map((match) => match[1]!))];
  const body = withImports.replace(/\bexports\b/g, `${PREFIX}Exports`);
  if (new RegExp(`${PREFIX}Exports(?!\\.)`).test(body)) throw refuse('uses exports other than exports.name');
  return [
    ...[...imports].map(([name, local]) => `import * as ${local} from ${JSON.stringify(name)};`),
    `var ${PREFIX}Exports = {};`,
    body,
    ...names.map((name, index) => `var ${PREFIX}Export${index} = ${PREFIX}Exports.${name};`),
    `export { ${names.map((name, index) => `${PREFIX}Export${index} as ${name}`).join(', ')} };`,
  ].join('\n');
}

/** React's modules (react, react/jsx-runtime, react-dom, react-dom/client, scheduler) as ES modules. */
export const reactAtTopLevel: Plugin = {
  name: 'pravesh-react-top-level',
  setup(pluginBuild) {
    const names = Object.keys(PRODUCTION_FILES).map((name) => name.replace('/', '\\/'));
    pluginBuild.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({
      path: productionFile(args.path),
      namespace: 'pravesh-react-module',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'pravesh-react-module' }, async (args) => ({
      contents: commonJsAsModule(await readFile(args.path, 'utf8'), args.path),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * The start the runtime script must have for V8 to compile its one function with the top level:
 * a parenthesised `function` expression (an arrow is compiled lazily, on the main thread).
 */
export const EAGER_RUNTIME_START = /^"use strict";\s*var PraveshReact\s*=\s*\(function\(\)\s*\{/;
