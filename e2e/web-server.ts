/**
 * Playwright's web server: scripts/start.ts on throw-away storage, removed again when the run
 * stops the server. Every run starts empty so journeys do not see an earlier run's rows or hit its
 * OTP limits: a fresh data folder for PGlite, a fresh database when DATABASE_URL points at
 * PostgreSQL (CI), and a fresh rate-limit key prefix when Redis is shared.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ONDC_OFF_API_URL, READ_ONLY_HUB_ORIGIN } from './urls.ts';

const dataDir = process.env.PRAVESH_DATA_DIR;
// Only a folder this config made in the temp directory is ever deleted.
const disposable =
  dataDir !== undefined && path.dirname(dataDir) === os.tmpdir() && path.basename(dataDir).startsWith('pravesh-e2e-');

const runId = randomBytes(5).toString('hex');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PRAVESH_RATE_LIMIT_PREFIX: `pravesh-e2e-${runId}:`,
  // An origin the hub lets read but not write (cross-storage.spec.ts), served below.
  PRAVESH_HUB_PERMISSIONS: JSON.stringify({ [READ_ONLY_HUB_ORIGIN]: ['get', 'getKeys'] }),
};

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
  // consent.spec.ts publishes contract versions as an operator would (npm run contract), against
  // this run's database; it finds it beside the data folder the config handed to both.
  if (dataDir) writeFileSync(`${dataDir}.database-url`, env.DATABASE_URL, { mode: 0o600 });
}

async function cleanUp(): Promise<void> {
  if (disposable) rmSync(dataDir, { recursive: true, force: true });
  if (disposable) rmSync(`${dataDir}.database-url`, { force: true });
  if (adminUrl) await withAdmin(adminUrl, `drop database if exists ${database} with (force)`).catch(() => undefined);
}

// The read-only origin's page: blank, no CSP, so a test can load the visitor script into it.
const readOnlyPage = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end('<!doctype html><html lang="en"><head><title>Read-only hub origin</title></head><body></body></html>');
});
readOnlyPage.listen(Number(new URL(READ_ONLY_HUB_ORIGIN).port), '127.0.0.1');
readOnlyPage.unref();

// Beside the API, an instance of it with the "ONDC eligible" switch off (urls.ts ONDC_OFF_API_URL):
// in the same process and database, so it costs a second app, not a second start and seed.
const ondcOff = JSON.stringify({ PORT: new URL(ONDC_OFF_API_URL).port, PRAVESH_ONDC_ELIGIBLE: '0' });
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--also', ondcOff], {
  stdio: ['inherit', 'pipe', 'pipe'],
  env,
});
// The server's log (PRAVESH_LOG_LEVEL in the config: warnings, errors and refused requests) is also
// kept beside the journeys' results, where CI keeps it: Playwright drops the server's stdout, and a
// 5xx a journey met could not be traced after the run.
const serverLog = fileURLToPath(new URL('./artifacts/server.log', import.meta.url));
mkdirSync(path.dirname(serverLog), { recursive: true });
const log = createWriteStream(serverLog);
server.stdout.pipe(process.stdout);
server.stderr.pipe(process.stderr);
server.stdout.pipe(log, { end: false });
server.stderr.pipe(log, { end: false });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  void cleanUp().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
