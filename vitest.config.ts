import { availableParallelism } from 'node:os';
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
    // One test file per core: vitest's default leaves one core to itself (cores - 1), which on a
    // two-core CI machine runs the files one at a time. Every file makes its own databases, Redis
    // key prefixes, temporary folders and ephemeral ports, so files run side by side.
    maxWorkers: availableParallelism(),
    // Migrates one PGlite image and one PostgreSQL template per migration set; each test database
    // starts as a copy (apps/server/src/test/migrated.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
  },
});
