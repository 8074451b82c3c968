import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { API_URL, DEMO_SITE_A } from './urls.ts';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');

// This file is evaluated by the runner and again by each worker: the data folder is chosen once
// and handed down through the environment, so every run starts from an empty embedded database.
process.env.PRAVESH_E2E_DATA_DIR ??= path.join(os.tmpdir(), `pravesh-e2e-${process.pid}-${Date.now().toString(36)}`);
const dataDir = process.env.PRAVESH_E2E_DATA_DIR;

const env: Record<string, string> = {};
for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;

export default defineConfig({
  testDir: path.join(e2eDir, 'tests'),
  outputDir: path.join(e2eDir, 'artifacts', 'results'),
  // A test file's journeys run in order in one worker, files side by side, but for those that share
  // people or change every page (locks, support.ts DEMO_CUSTOMER_LOCKS and EXCLUSIVE_LOCK). Three
  // workers on two cores: a journey waits on its server and timers much of the time, and with two
  // the cores stood a fifth idle; with three the suite ran in 253 s instead of 277, none flaky.
  fullyParallel: false,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // 60 s: three workers, the journeys' server and Chromium share two cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: path.join(e2eDir, 'artifacts', 'report'), open: 'never' }]]
    : 'list',
  use: {
    baseURL: DEMO_SITE_A,
    // A journey that fails is run again (CI: retries 1) with a trace: every action with the DOM
    // before and after it, network and console; the first failure keeps its screenshot and the
    // page's accessibility snapshot (error-context.md). Recording a trace of every journey, to keep
    // only the failed ones', was a fifth of the suite's CPU (397 of the browsers' seconds fell to
    // 333, the runner's 95 to 64). Without the screencast film strip: encoding a frame of every
    // repaint took a fifth more, and the DOM snapshots show the same screens. Locally: --trace on.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    // Journeys run as a visitor who asks for less motion (prefers-reduced-motion, which every
    // screen honours, WCAG 2.3.3): dialogs and sheets then appear without a transition, skeletons
    // stop shimmering and spinners turn a third as fast, so the browser paints far fewer frames
    // while a journey waits. The files about motion itself (the nudge's slide-in
    // and gestures, the consent panel's slide-in) run with full motion (test.use in each).
    // Measured (machine-wide CPU over the whole suite, same machine): 326 CPU-seconds instead of
    // 363; on five files without the motion journeys, 61 instead of 75 and 37 s instead of 44.
    // PRAVESH_E2E_FULL_MOTION=1 runs every journey with full motion.
    reducedMotion: process.env.PRAVESH_E2E_FULL_MOTION === '1' ? 'no-preference' : 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          // Debian's headless shell (package chromium-headless-shell): the same Blink as its
          // chromium, without the full browser's window and GPU processes; it is what Playwright
          // runs headless by default, and browser downloads are blocked here (ARCHITECTURE.md).
          // Measured on the whole suite: the browsers' CPU went from 569 to 397 s and the run from
          // 389 to 316 s.
          executablePath: '/usr/bin/chromium-headless-shell',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // scripts/start.ts, with the data folder removed afterwards (see web-server.ts).
    command: 'node --import tsx e2e/web-server.ts',
    cwd: repoRoot,
    url: `${API_URL}/readyz`,
    reuseExistingServer: false,
    // Migrating and seeding a fresh database takes seconds, but npm test starts the journeys beside
    // the Vitest suite, and on a busy 2-core machine the start has taken over two minutes.
    timeout: 300_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    // DATABASE_URL passes through, so CI runs the journeys on PostgreSQL. Every journey signs in from
    // 127.0.0.1, so the per-address OTP limit (30 an hour, against one address spraying numbers) is
    // raised here: the suite sends more than 30 codes within the hour. The per-number limits stay.
    // The aggregator simulator readies a fetch in 300 ms and the fetch worker runs every 500 ms
    // (defaults 3000 and 5000), so bank-linking journeys see their data in seconds; nothing else reads these.
    env: {
      ...env,
      PRAVESH_DATA_DIR: dataDir,
      PRAVESH_ENV: 'local',
      PRAVESH_LOG_LEVEL: 'warn',
      PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000',
      PRAVESH_AA_SIM_READY_MS: '300',
      PRAVESH_AA_WORKER_MS: '500',
      // The journeys move the server's clock past its waits (the 30 s OTP resend window) instead of
      // sleeping through them: POST /dev/clock, support.ts newOtpFromOutbox.
      PRAVESH_DEV_CLOCK: '1',
    },
  },
});
