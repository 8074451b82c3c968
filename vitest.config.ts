import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = dirname(fileURLToPath(import.meta.url));

const INCLUDE = [
  // .tsx too in every workspace: a component test outside the dashboard must not be skipped silently.
  'packages/*/src/**/*.test.{ts,tsx}',
  'packages/*/build-tools/**/*.test.ts',
  'apps/*/src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
];
const TEST_FILE = /\.test\.tsx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.tsbuild', '.data']);

/**
 * What makes a test file need a module registry of its own: it replaces modules (vi.mock and its
 * kin), or changes the environment, the process or a global by assignment. Such a file runs
 * isolated, as vitest runs every file by default; the others share their worker's loaded modules
 * (`isolate: false`), so the server and its libraries are imported once per worker instead of once
 * per file (vitest "Improving Performance": isolation off for files without side effects).
 * The split is read from the files themselves, so a file that starts mocking moves over by itself.
 * A happy-dom file without such side effects shares too, and with the modules its worker's window,
 * which scripts/vitest-file-reset.ts returns to a fresh page before each file: 25 component files
 * took 35 CPU-seconds instead of 86 (each isolated one built a window and imported React again).
 * Fake timers, spies and stubbed globals do not isolate a file: that setup file undoes them after
 * every file (useRealTimers, restoreAllMocks, unstubAllGlobals), whatever the file's own hooks did;
 * isolated, 30 such files each started a process of their own.
 */
const NEEDS_ISOLATION =
  /vi\.(mock|doMock|hoisted|stubEnv|resetModules)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|process\.(chdir|on|once)\(/;

function testFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = posix.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : testFiles(relative);
    return TEST_FILE.test(entry.name) ? [relative] : [];
  });
}

const sources = new Map(
  ['packages', 'apps', 'scripts', 'bench']
    .flatMap((folder) => testFiles(folder))
    .map((file) => [file, readFileSync(join(root, file), 'utf8')] as const),
);
const isolatedFiles = [...sources].filter(([, source]) => NEEDS_ISOLATION.test(source)).map(([file]) => file);

/**
 * The shared files in two projects by environment, `dom` (happy-dom) and `node`. Vitest hands a
 * worker its next file only when that file has the same project and environment as the last; else
 * it stops the worker and starts another, which imports everything again. Vitest orders the queue
 * project by project, and within one project largest file first, so with one `shared` project the
 * two environments alternated and workers were stopped and started again about a hundred times: the
 * suite took 831 CPU-seconds, against 577 for its server and browser halves run one after the other.
 */
const DOM_ENVIRONMENT = /@vitest-environment happy-dom\b/;
const domFiles = [...sources]
  .filter(([file, source]) => DOM_ENVIRONMENT.test(source) && !isolatedFiles.includes(file))
  .map(([file]) => file);

// One runner for every workspace; browser-flavoured tests opt into happy-dom with a
// `// @vitest-environment happy-dom` comment. Playwright journeys live in e2e/ and run apart.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file more than there are cores: vitest's default leaves one core to itself
    // (cores - 1), which on a two-core CI machine runs the files one at a time, and with one file
    // per core the cores stood a third idle while files waited on the servers, clusters and timers
    // they start (on two cores: 279 s with two workers, 229 s with three, no more CPU). Every file
    // makes its own databases, Redis key prefixes, temporary folders and ephemeral ports, so files
    // run side by side.
    maxWorkers: availableParallelism() + 1,
    // Migrates one PGlite image and one PostgreSQL template per migration set; each test database
    // starts as a copy (apps/server/src/test/migrated.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    setupFiles: ['scripts/vitest-file-reset.ts'],
    projects: [
      ...(isolatedFiles.length > 0 ? [{ extends: true, test: { name: 'isolated', include: isolatedFiles } }] : []),
      ...(domFiles.length > 0 ? [{ extends: true, test: { name: 'dom', include: domFiles, isolate: false } }] : []),
      {
        extends: true,
        test: {
          name: 'node',
          include: INCLUDE,
          exclude: [...configDefaults.exclude, ...isolatedFiles, ...domFiles],
          isolate: false,
        },
      },
    ],
  },
});
