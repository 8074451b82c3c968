import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { BENCH_ENV, ROUTES, type ParentMessage, type ServerMessage } from './api-process.ts';

/**
 * Child-process entry (started by api-process.ts): the real API on a fresh embedded database,
 * plus two identical trivial routes that differ only in whether the shield hook applies.
 */

/** Resolves once the message is handed to the IPC channel, so exiting right after cannot drop it. */
function send(message: ServerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pravesh-bench-'));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

try {
  const config = loadConfig({ ...BENCH_ENV, PRAVESH_DATA_DIR: dataDir });
  const app = await buildApp(config, { logger: false });
  const pong = () => ({ status: true, statusCode: 'success', response: { pong: true } });
  app.get(ROUTES.shielded, pong);
  app.get(ROUTES.open, { config: { shield: false } }, pong);
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
      removeDataDir();
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
  // The parent died or was interrupted (Ctrl-C reaches the whole process group): clean up too.
  process.on('disconnect', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await send({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
} catch (error) {
  removeDataDir();
  await send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
