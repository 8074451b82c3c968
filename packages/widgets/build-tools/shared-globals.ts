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

const require = createRequire(import.meta.url);

/**
 * The module a widget's `import … from 'react'` (or react/jsx-runtime, react-dom/client) stands
 * for. React is read LAZILY: a widget script may run before pravesh-react.js has loaded (the
 * sign-in script adds it itself before its first render, src/shared/react-runtime-loader.ts), so
 * each of React's functions is a function of the same name that calls React's when the widget
 * first calls it. React's element types (Fragment, Suspense …) are registered symbols, the same
 * value in every copy of React, so they are those symbols. The names are React's own, read from the
 * installed packages; what is neither (Component, Children, version) is not offered, so a widget
 * importing it fails the build instead of reading undefined. As ES exports, the functions a script
 * does not call are tree-shaken away, and each call is a plain call, not `(0, x.useState)(…)`
 * on a module object (the nudge's 234 React calls).
 */
export function reactModule(name: string): string {
  const global = `globalThis.${SHARED_GLOBALS[name]}`;
  const exports = require(name) as Record<string, unknown>;
  const lines = [`const runtime = () => ${global};`];
  for (const [key, value] of Object.entries(exports)) {
    if (!/^[a-z][\w$]*$/i.test(key)) continue;
    const symbol = typeof value === 'symbol' ? Symbol.keyFor(value) : undefined;
    // Lower case: functions to call; Component and PureComponent are classes to extend, not wrap.
    if (typeof value === 'function' && /^[a-z]/.test(key)) {
      lines.push(`export function ${key}(...args) { return runtime().${key}(...args); }`);
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
