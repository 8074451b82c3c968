import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';

/**
 * "One React runtime per page": the widget scripts carry none of React; their imports of react,
 * react/jsx-runtime and react-dom/client (and of dompurify) read the globals of the shared scripts
 * instead of bundling them (build.ts).
 */
export const SHARED_GLOBALS: Record<string, string> = {
  react: 'PraveshReact.react',
  'react/jsx-runtime': 'PraveshReact.jsxRuntime',
  'react-dom/client': 'PraveshReact.reactDomClient',
  dompurify: 'PraveshDOMPurify.DOMPurify',
};

/**
 * What the shared runtime script (pravesh-react.js) is built from: the widgets are written against
 * React's API and run on Preact's React compatibility layer in the host page
 * (docs/decisions/0011-widgets-run-on-preact-compat.md). build.ts aliases the React packages to it.
 */
export const WIDGET_RUNTIME_ALIAS = { react: 'preact/compat', 'react-dom': 'preact/compat' } as const;

/** The runtime module a React import stands for: `react/jsx-runtime` is `preact/compat/jsx-runtime`. */
export function runtimeModuleOf(name: string): string {
  const [pkg, ...subpath] = name.split('/');
  const target = WIDGET_RUNTIME_ALIAS[pkg as keyof typeof WIDGET_RUNTIME_ALIAS];
  if (!target) throw new Error(`shared-globals: ${name} is not a module of the widgets' runtime`);
  return [target, ...subpath].join('/');
}

const require = createRequire(import.meta.url);

/** A class to extend (Component, PureComponent, Suspense), told from a function component by its prototype. */
const isClass = (value: (...args: unknown[]) => unknown) =>
  /^class\b/.test(Function.prototype.toString.call(value)) ||
  Object.getOwnPropertyNames(value.prototype ?? {}).some((key) => key !== 'constructor');

/**
 * The module a widget's `import … from 'react'` (or react/jsx-runtime, react-dom/client) stands
 * for. The runtime is read LAZILY: a widget script may run before pravesh-react.js has loaded (the
 * sign-in script adds it itself before its first render, src/shared/react-runtime-loader.ts), so
 * each of the runtime's functions is a function of the same name that calls the runtime's when the
 * widget first calls it. An element type that is a function component of the runtime's (Preact's
 * Fragment, which `<>` compiles to) is a component of the same name that renders through the
 * runtime's; an element type that is a registered symbol (React's) is that symbol, the same value in
 * every copy. The names are the installed runtime's own; what is none of these (Component,
 * Children, version) is not offered, so a widget importing it fails the build instead of reading
 * undefined. As ES exports, the functions a script does not call are tree-shaken away, and each
 * call is a plain call, not `(0, x.useState)(…)` on a module object (the nudge's 234 calls).
 */
export function reactModule(name: string): string {
  const global = `globalThis.${SHARED_GLOBALS[name]}`;
  const exports = require(runtimeModuleOf(name)) as Record<string, unknown>;
  const lines = [`const runtime = () => ${global};`];
  for (const [key, value] of Object.entries(exports)) {
    if (!/^[a-z][\w$]*$/i.test(key)) continue;
    const symbol = typeof value === 'symbol' ? Symbol.keyFor(value) : undefined;
    if (typeof value === 'function' && /^[a-z]/.test(key)) {
      lines.push(`export function ${key}(...args) { return runtime().${key}(...args); }`);
    } else if (typeof value === 'function' && !isClass(value as (...args: unknown[]) => unknown)) {
      lines.push(`export function ${key}(props) { return runtime().${key}(props); }`);
    } else if (symbol !== undefined) {
      lines.push(`export const ${key} = Symbol.for(${JSON.stringify(symbol)});`);
    }
  }
  return lines.join('\n');
}

/** The module of a shared import: React's (reactModule), or the global itself (DOMPurify, read when the script runs). */
export function sharedModule(name: string): string {
  return name.startsWith('react') ? reactModule(name) : `module.exports = globalThis.${SHARED_GLOBALS[name]};`;
}

/** Widget scripts' imports of the shared modules read the shared scripts' globals. */
export const fromSharedGlobals: Plugin = {
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
