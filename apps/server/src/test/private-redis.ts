import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './ports.ts';

/**
 * A redis-server of one test's own, on a free port, for tests that stop, restart or flush Redis
 * (never the shared one of REDIS_URL). Runs the machine's redis-server without persistence, as an
 * operator might: a restart loses everything.
 */
export const REDIS_SERVER_AVAILABLE = spawnSync('redis-server', ['--version']).status === 0;

export interface PrivateRedis {
  readonly url: string;
  /** A client of the test's own, for FLUSHALL, DEL, SET behind the server's back. */
  readonly admin: Redis;
  start(): Promise<void>;
  /** Stops the server (SIGKILL: no goodbye to the clients, as a crash or a network cut). */
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`private redis-server: ${what}`);
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  // Its working directory: where a test that switches persistence on has it write.
  const dir = await mkdtemp(path.join(tmpdir(), 'pravesh-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  /** Whether redis-server accepts connections on the port. */
  const probe = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });

  async function start(): Promise<void> {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitUntil(probe, `did not listen on ${port}`);
  }
  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  }

  await start();
  const admin = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  admin.on('error', () => undefined);
  return {
    url,
    admin,
    start,
    stop,
    async restart() {
      await stop();
      await start();
    },
    async dispose() {
      admin.disconnect();
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
