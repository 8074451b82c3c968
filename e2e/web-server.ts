/**
 * Playwright's web server: scripts/start.ts on a throw-away data folder, removed again when the
 * run stops the server (a fresh embedded database is ~40 MB, and every run makes one).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = process.env.PRAVESH_DATA_DIR;
// Only a folder this config made in the temp directory is ever deleted.
const disposable =
  dataDir !== undefined && path.dirname(dataDir) === os.tmpdir() && path.basename(dataDir).startsWith('pravesh-e2e-');

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  if (disposable) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
