// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
        projectService: { allowDefaultProject: ['*.js', '*.ts'] },
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
