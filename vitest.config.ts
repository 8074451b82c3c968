import { defineConfig } from 'vitest/config';

// One runner for every workspace; browser-flavoured tests opt into happy-dom with a
// `// @vitest-environment happy-dom` comment. Playwright journeys live in e2e/ and run apart.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/build-tools/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/dashboard/src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Migrates one PGlite image and one PostgreSQL template per migration set; each test database
    // starts as a copy (apps/server/src/test/migrated.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
  },
});
