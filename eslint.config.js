// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * How import-x reads and resolves the repository's imports, for the doors below: `.ts` paths and
 * `@pravesh/*` packages through the TypeScript resolver. (Import circles are checked apart, by
 * scripts/import-circles.ts in `npm run lint`.)
 */
const importSettings = {
  // Without these import-x reads only .js files.
  'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
};

/**
 * Doors (ARCHITECTURE.md "Where the next capabilities go"): a server module and a dashboard feature
 * are used by others only through their index.ts, what they export there being their public face.
 * One import-x/no-restricted-paths zone per folder of `parent` (bulletproof-react's zones are the
 * model): every file of `root` outside that folder may import its index.ts and nothing else of it.
 * scripts/doors.test.ts proves the rule fails on a planted import of another module's insides.
 */
export function doors(root, parent, { screens = /^$/, basePath = import.meta.dirname } = {}) {
  const folders = readdirSync(path.resolve(basePath, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  /**
   * Route screens and state slices are doors too: the router loads each screen lazily, as its own
   * chunk, and the app store registers a feature's slice without pulling the feature's components
   * (and their stylesheets) into the first paint's bundle.
   */
  const screensOf = (name) =>
    readdirSync(path.resolve(basePath, parent, name))
      .filter((file) => screens.test(file))
      .map((file) => `./${file}`);
  const zones = folders.map((name) => ({
    target: [
      `${root}/!(${path.relative(root, parent).split('/')[0]})/**/*`,
      `${root}/*`,
      `${parent}/!(${name})/**/*`,
      `${parent}/*`,
    ],
    from: `${parent}/${name}`,
    except: ['./index.ts', './index.tsx', ...screensOf(name)],
    message: `${parent}/${name} is used only through its index.ts (ARCHITECTURE.md "Doors").`,
  }));
  return {
    files: [`${root}/**/*.{ts,tsx}`],
    // Tests and the test kit reach in on purpose: they set up and inspect a module's own parts.
    ignores: ['**/*.test.{ts,tsx}', `${root}/test/**`],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones, basePath }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      '.scratch/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One TypeScript program of every file (tsconfig.eslint.json) for the type-aware rules. The
        // project service built one per tsconfig, each with its references' sources again, and gave
        // root files such as vitest.config.ts a default program without our compiler options, where
        // a Map's entries were typed any: 120 CPU-seconds instead of 154 for the whole repository.
        project: './tsconfig.eslint.json',
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  doors('apps/server/src', 'apps/server/src/modules'),
  doors('apps/dashboard/src', 'apps/dashboard/src/features', { screens: /-(page|screen)\.tsx$|-slice\.ts$/ }),
  {
    // core is isomorphic: no DOM and no Node APIs (ARCHITECTURE.md "Layout").
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'navigator',
        'process',
        'Buffer',
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', '@pravesh/*'] }],
    },
  },
  {
    // One-way imports: core ← sdk ← apps; core ← server. Apps never import each other.
    files: ['packages/sdk/src/**/*.ts', 'packages/widgets/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@pravesh/server', '@pravesh/demo', 'node:*'] }] },
  },
  {
    // Apps never import each other (ARCHITECTURE.md "Layout").
    files: ['apps/demo/**/*.ts', 'apps/accounts/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@pravesh/server', '@pravesh/server/*'] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@pravesh/sdk', '@pravesh/demo'] }] },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
