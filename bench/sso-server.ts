import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { BENCH_ENV, type ParentMessage, type ServerMessage } from './api-process.ts';

/**
 * Child-process entry of the sign-on benchmark (bench/sso.ts): the real API on a fresh database —
 * embedded PGlite, or a throw-away PostgreSQL database when SSO_BENCH_DATABASE_URL is set — with
 * the per-IP OTP limit lifted, since every OTP of the benchmark comes from one address.
 */
function send(message: ServerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pravesh-sso-bench-'));
const adminUrl = process.env.SSO_BENCH_DATABASE_URL;
const dbName = `pravesh_bench_${randomBytes(6).toString('hex')}`;
let databaseUrl: string | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const cleanUp = async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
};

try {
  if (adminUrl) {
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    ...BENCH_ENV,
    PRAVESH_DATA_DIR: dataDir,
    PRAVESH_OTP_IP_LIMIT_PER_HOUR: '100000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('listen gave no TCP address');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
    } finally {
      await cleanUp();
      process.exit(0);
    }
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      void send({ type: 'cpu', micros: user + system });
    }
  });
  process.on('disconnect', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await send({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
} catch (error) {
  await cleanUp();
  await send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
