import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps import circles out (eslint.config.js `noCycle`) must fail on one: two
 * files that import each other are linted with the repository's own rule settings.
 */
describe('no import circles', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'pravesh-no-cycle-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function lint(files: Record<string, string>): Promise<string[]> {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    const specifier = '../eslint.config.js';
    const { noCycle } = (await import(specifier)) as { noCycle: Linter.Config };
    const eslint = new ESLint({
      cwd: folder,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, noCycle],
    });
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((result) =>
      result.messages.map((message) => `${path.basename(result.filePath)}: ${message.ruleId ?? message.message}`),
    );
  }

  it('reports two files that import each other', async () => {
    const messages = await lint({
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(messages).toEqual(['a.ts: import-x/no-cycle', 'b.ts: import-x/no-cycle']);
  }, 60_000);

  it('accepts the same files once the circle is broken', async () => {
    const messages = await lint({
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': 'export const b = () => 1;\n',
    });
    expect(messages).toEqual([]);
  }, 60_000);
});
