import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCircles, sourceFiles } from './import-circles.ts';

/** The import-circle check of `npm run lint` (scripts/import-circles.ts) must find a planted circle. */
describe('no import circles', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Writes the files under a new repository root and returns the circles found, as relative paths. */
  function circlesAmong(files: Record<string, string>): string[][] {
    root = mkdtempSync(path.join(tmpdir(), 'pravesh-circles-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    return findImportCircles(sourceFiles(path.join(root, 'packages')), root).map((circle) =>
      circle.map((file) => path.relative(root, file)),
    );
  }

  it('reports two files that import each other, and a longer circle through a re-export', () => {
    expect(
      circlesAmong({
        'packages/a/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'packages/a/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
        'packages/a/src/c.ts': "export * from './d.ts';\n",
        'packages/a/src/d.ts': "import { e } from './e/index.ts';\nexport const d = e;\n",
        'packages/a/src/e/index.ts': "export { c } from '../c.ts';\nexport const e = 1;\n",
      }),
    ).toEqual([
      ['packages/a/src/a.ts', 'packages/a/src/b.ts'],
      ['packages/a/src/c.ts', 'packages/a/src/d.ts', 'packages/a/src/e/index.ts'],
    ]);
  });

  it('follows @pravesh/* packages through their exports, patterns too', () => {
    expect(
      circlesAmong({
        'packages/core/package.json': JSON.stringify({ name: '@pravesh/core', exports: { './*': './src/*' } }),
        'packages/core/src/rules.ts': "import { client } from '@pravesh/sdk';\nexport const rules = client;\n",
        'packages/sdk/package.json': JSON.stringify({ name: '@pravesh/sdk', exports: { '.': './src/index.ts' } }),
        'packages/sdk/src/index.ts': "import { rules } from '@pravesh/core/rules.ts';\nexport const client = rules;\n",
      }),
    ).toEqual([['packages/core/src/rules.ts', 'packages/sdk/src/index.ts']]);
  });

  it('leaves type-only imports out (the build erases them), and accepts a broken circle', () => {
    expect(
      circlesAmong({
        'packages/a/src/a.ts': "import type { B } from './b.ts';\nexport const a = (b: B) => b;\n",
        'packages/a/src/b.ts': "import { type A } from './a.ts';\nexport type B = A;\n",
        'packages/a/src/c.ts': "import { d } from './d.ts';\nexport const c = d;\n",
        'packages/a/src/d.ts': 'export const d = 1;\n',
      }),
    ).toEqual([]);
  });
});
