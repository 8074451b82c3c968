import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { createDb } from '../apps/server/src/db/client.ts';
import { visits } from '../apps/server/src/db/schema.ts';
import { visitRoutes } from '../apps/server/src/modules/visits/routes.ts';
import { createVisitService } from '../apps/server/src/modules/visits/service.ts';
import { createVisitStore } from '../apps/server/src/modules/visits/store.ts';
import { createVisitorCookie } from '../apps/server/src/modules/visits/visitor-cookie.ts';
import { BENCH_ENV, type ParentMessage, type ServerMessage } from './api-process.ts';

/**
 * Child-process entry of visit-ingestion.ts: the real API on PostgreSQL (BENCH_DATABASE_URL) or
 * a fresh PGlite folder, plus the same visit route wired to one INSERT per request, as the
 * baseline the batcher is measured against, a no-op route with the same shield and body as the
 * ceiling of this box, and an unshielded row count to prove nothing is lost.
 */
export const RAW_VISIT_PATH = '/MSP/api/v1/bench/visit-raw';
export const VISIT_COUNT_PATH = '/bench/visits/count';
/** Shielded, same body, no validation and no database: the box's ceiling for this request. */
export const NOOP_VISIT_PATH = '/MSP/api/v1/bench/visit-noop';

function send(message: ServerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pravesh-visit-bench-'));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

try {
  const config = loadConfig({ ...BENCH_ENV, PRAVESH_DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const database = createDb({ databaseUrl, dataDir });
  await database.migrate();
  const app = await buildApp(config, { logger: false, database });

  const rawStore = createVisitStore(database.db);
  const cookie = createVisitorCookie({
    environment: config.environment,
    keys: config.cookieKeys,
    activeKid: config.activeCookieKid,
  });
  visitRoutes(app, createVisitService({ store: rawStore, cookie, insert: rawStore.insertOne }), RAW_VISIT_PATH);
  app.post(NOOP_VISIT_PATH, () => ({ status: true, statusCode: 'success', response: {} }));
  app.get(VISIT_COUNT_PATH, async () => ({ count: await database.db.$count(visits) }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('listen gave no TCP address');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    removeDataDir();
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      void send({ type: 'cpu', micros: usage.user + usage.system });
    }
  });
  process.on('disconnect', () => void stop());
  await send({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
} catch (error) {
  removeDataDir();
  await send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
