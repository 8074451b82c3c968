import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint zones that keep modules behind their doors (eslint.config.js `doors`) must fail on a
 * planted import of another module's insides, and pass the same import through its index.ts.
 */
describe('a module is used only through its index.ts', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'pravesh-doors-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function lint(files: Record<string, string>): Promise<string[]> {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), text);
    }
    const specifier = '../eslint.config.js';
    const { doors } = (await import(specifier)) as {
      doors: (root: string, parent: string, options: { basePath: string }) => Linter.Config;
    };
    const eslint = new ESLint({
      cwd: folder,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        doors('src', 'src/modules', { basePath: folder }),
      ],
    });
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((result) =>
      result.messages.map(
        (message) => `${path.relative(folder, result.filePath)}: ${message.ruleId ?? message.message}`,
      ),
    );
  }

  const credit = {
    'src/modules/credit/store.ts': 'export const readScores = () => [700];\n',
    'src/modules/credit/index.ts': "export { readScores } from './store.ts';\n",
  };

  it("reports a module, and a file outside the modules, importing another module's store", async () => {
    const messages = await lint({
      ...credit,
      'src/modules/offers/service.ts':
        "import { readScores } from '../credit/store.ts';\nexport const o = readScores;\n",
      'src/config/deps.ts': "import { readScores } from '../modules/credit/store.ts';\nexport const d = readScores;\n",
    });
    expect(messages.sort()).toEqual([
      'src/config/deps.ts: import-x/no-restricted-paths',
      'src/modules/offers/service.ts: import-x/no-restricted-paths',
    ]);
  }, 60_000);

  it('accepts the same imports through the index.ts, and a module reading its own insides', async () => {
    const messages = await lint({
      ...credit,
      'src/modules/credit/service.ts': "import { readScores } from './store.ts';\nexport const s = readScores;\n",
      'src/modules/offers/service.ts':
        "import { readScores } from '../credit/index.ts';\nexport const o = readScores;\n",
      'src/config/deps.ts': "import { readScores } from '../modules/credit/index.ts';\nexport const d = readScores;\n",
    });
    expect(messages).toEqual([]);
  }, 60_000);
});
