import { runInNewContext } from 'node:vm';
import { build, transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { fromSharedGlobals, runtimeModuleOf, sharedModule } from './shared-globals.ts';

/** Runs a shared module's code with `global` as its globalThis; answers its exports. */
async function load(name: string, global: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { code } = await transform(sharedModule(name), { format: 'cjs', loader: 'js' });
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(code, Object.assign(global, { module, exports: module.exports }));
  return module.exports;
}

/** A widget script of `source` built as build.ts builds one, minified. */
async function widgetScript(source: string): Promise<string> {
  const { outputFiles } = await build({
    stdin: { contents: source, loader: 'tsx', resolveDir: import.meta.dirname },
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    plugins: [fromSharedGlobals],
  });
  return outputFiles[0]!.text;
}

describe('the shared runtime as widget scripts read it', () => {
  it('calls React’s function when the widget calls it, not when the script runs, with the same arguments', async () => {
    const global: Record<string, unknown> = {};
    const react = await load('react', global);
    // The runtime arrives after the widget script ran (react-runtime-loader.ts).
    const calls: unknown[][] = [];
    global.PraveshReact = {
      react: {
        useState: (...args: unknown[]) => {
          calls.push(args);
          return ['state', () => {}];
        },
      },
    };
    expect((react.useState as (...args: unknown[]) => unknown)(0)).toEqual(['state', expect.any(Function)]);
    // jsx(type, props, key) tells an absent key by the argument count: it is passed on as given.
    (react.useState as (...args: unknown[]) => unknown)(1, undefined);
    expect(calls).toEqual([[0], [1, undefined]]);
  });

  it('stands React’s imports for the runtime’s modules: react/jsx-runtime is preact/compat/jsx-runtime', () => {
    expect(runtimeModuleOf('react')).toBe('preact/compat');
    expect(runtimeModuleOf('react/jsx-runtime')).toBe('preact/compat/jsx-runtime');
    expect(runtimeModuleOf('react-dom/client')).toBe('preact/compat/client');
    expect(() => runtimeModuleOf('dompurify')).toThrow(/not a module of the widgets' runtime/);
  });

  it('gives the runtime’s Fragment, which `<>` compiles to, as a component that renders through it', async () => {
    const jsxGlobal: Record<string, unknown> = {};
    const reactGlobal: Record<string, unknown> = {};
    const jsxRuntime = await load('react/jsx-runtime', jsxGlobal);
    const react = await load('react', reactGlobal);
    const rendered: unknown[] = [];
    const Fragment = (props: { children?: unknown }) => {
      rendered.push(props);
      return props.children;
    };
    // Read when a widget renders, after the runtime arrived; not when the script runs.
    for (const global of [jsxGlobal, reactGlobal])
      global.PraveshReact = { react: { Fragment }, jsxRuntime: { Fragment } };
    for (const module of [jsxRuntime, react]) {
      const wrapper = module.Fragment as (props: { children?: unknown }) => unknown;
      expect(wrapper({ children: 'text' })).toBe('text');
    }
    expect(rendered).toEqual([{ children: 'text' }, { children: 'text' }]);
    // A class of the runtime's is not a function component to wrap.
    expect(react).not.toHaveProperty('Suspense');
  });

  it('offers no class, object or string of the runtime: a widget importing one fails to build', async () => {
    const react = await load('react', {});
    for (const key of ['Component', 'PureComponent', 'Suspense', 'Children', 'version']) {
      expect(react, key).not.toHaveProperty(key);
    }
    await expect(
      widgetScript("import { Component } from 'react'; export class A extends Component {}"),
    ).rejects.toThrow(/No matching export .* for import "Component"/);
  });

  it('reads DOMPurify’s global itself', async () => {
    const DOMPurify = { sanitize: () => '' };
    expect(await load('dompurify', { PraveshDOMPurify: { DOMPurify } })).toBe(DOMPurify);
  });

  it('carries only the functions the script calls, each a plain call', async () => {
    const code = await widgetScript(
      [
        "import { useState, useMemo } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        'function View() { const [n] = useState(0); return <p>{n}</p>; }',
        // useMemo is imported and never called: the script carries nothing of it.
        'export const mount = (element: Element) => createRoot(element).render(<View />);',
      ].join('\n'),
    );
    const called = [...code.matchAll(/\(\)\.(\w+)\(\.\.\./g)].map(([, name]) => name).sort();
    expect(called).toEqual(['createRoot', 'jsx', 'useState']);
    expect(code).not.toContain('useMemo');
    // Not a property read on a module object at every call.
    expect(code).not.toMatch(/\(0,\w+\.use/);
  });
});
