/**
 * Playwright's web server: scripts/start.ts on throw-away storage, removed again when the run
 * stops the server. Every run starts empty so journeys do not see an earlier run's rows or hit its
 * OTP limits: a fresh data folder for PGlite, a fresh database when DATABASE_URL points at
 * PostgreSQL (CI), and a fresh rate-limit key prefix when Redis is shared.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDir = process.env.PRAVESH_DATA_DIR;
// Only a folder this config made in the temp directory is ever deleted.
const disposable =
  dataDir !== undefined && path.dirname(dataDir) === os.tmpdir() && path.basename(dataDir).startsWith('pravesh-e2e-');

const runId = randomBytes(5).toString('hex');
const env: NodeJS.ProcessEnv = { ...process.env, PRAVESH_RATE_LIMIT_PREFIX: `pravesh-e2e-${runId}:` };

async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const adminUrl = process.env.DATABASE_URL;
const database = `pravesh_e2e_${runId}`;
if (adminUrl) {
  await withAdmin(adminUrl, `create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}

async function cleanUp(): Promise<void> {
  if (disposable) rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await withAdmin(adminUrl, `drop database if exists ${database} with (force)`).catch(() => undefined);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  void cleanUp().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
