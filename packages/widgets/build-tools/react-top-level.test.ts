// @vitest-environment happy-dom
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { commonJsAsModule, EAGER_RUNTIME_START, reactAtTopLevel } from './react-top-level.ts';

const require = createRequire(import.meta.url);
const runtimeEntry = path.join(import.meta.dirname, '../src/consent/react-runtime.ts');

type Exports = Record<string, unknown>;
interface Runtime {
  react: Exports;
  jsxRuntime: Exports;
  reactDomClient: Exports;
}

/** pravesh-react.js as build.ts builds it, run here: answers its PraveshReact and its code. */
async function builtRuntime(): Promise<{ code: string; runtime: Runtime }> {
  const { outputFiles } = await build({
    entryPoints: [runtimeEntry],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'PraveshReact',
    platform: 'browser',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [reactAtTopLevel],
    supported: { arrow: false },
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0]!.text;
  // The built script, run as a page runs it (a classic script in the global scope); its last
  // expression answers the global it defines.
  return { code, runtime: runInThisContext(`${code}\nPraveshReact;`) as Runtime };
}

/** What an installed package's production file exports (tests run React's development build). */
const production = (pkg: string, file: string) =>
  require(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'cjs', file)) as Exports;

/** The kinds of an exports object's values, by name (functions, symbols, objects, strings…). */
const shape = (exports: Exports) =>
  Object.fromEntries(Object.entries(exports).map(([name, value]) => [name, typeof value]));

describe('React’s CommonJS files as ES modules', () => {
  it('reads require as a namespace import and each exports.name as a named export of its final value', () => {
    const module = commonJsAsModule(
      [
        '"use strict";',
        'var React = require("react"), Scheduler = require("scheduler");',
        'exports.now = void 0;',
        'exports.now = function () { return Scheduler.now(); };',
        'exports.version = React.version;',
      ].join('\n'),
    );
    expect(module).toMatch(/^import \* as (\w+) from "react";\nimport \* as (\w+) from "scheduler";/);
    expect(module).not.toMatch(/\brequire\(|\bexports\./);
    expect(module).toMatch(/export \{ \w+ as now, \w+ as version \};$/);
  });

  it('refuses what it cannot read as imports and named exports', () => {
    expect(() => commonJsAsModule('module.exports = require("./cjs/react.production.js");')).toThrow(/uses module/);
    expect(() => commonJsAsModule('var name = "react"; var React = require(name);')).toThrow(/computed name/);
    expect(() => commonJsAsModule('Object.assign(exports, { a: 1 });')).toThrow(/other than exports\.name/);
  });
});

describe('pravesh-react.js with React at the top level', () => {
  it('starts as one parenthesised function, which V8 compiles while the script streams in', async () => {
    const { code } = await builtRuntime();
    expect(code).toMatch(EAGER_RUNTIME_START);
    // No CommonJS factory is left for the main thread to compile when first required.
    expect(code).not.toMatch(/__commonJS|exports:\{\}/);
  });

  it('offers what the installed packages export, and renders', async () => {
    const { runtime } = await builtRuntime();
    expect(shape(runtime.react)).toEqual(shape(production('react', 'react.production.js')));
    expect(shape(runtime.jsxRuntime)).toEqual(shape(production('react', 'react-jsx-runtime.production.js')));
    expect(shape(runtime.reactDomClient)).toEqual(shape(production('react-dom', 'react-dom-client.production.js')));
    expect(runtime.react.version).toBe(production('react', 'react.production.js').version);

    const { useState } = runtime.react as { useState: <T>(initial: T) => [T, (next: T) => void] };
    const { jsx } = runtime.jsxRuntime as { jsx: (type: unknown, props: object) => unknown };
    const { createRoot } = runtime.reactDomClient as {
      createRoot: (container: Element) => { render(element: unknown): void; unmount(): void };
    };
    function Greeting() {
      const [name] = useState('Asha');
      return jsx('p', { children: `Namaste, ${name}` });
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(jsx(Greeting, {}));
    await expect.poll(() => container.textContent).toBe('Namaste, Asha');
    root.unmount();
    expect(container.textContent).toBe('');
  });
});
