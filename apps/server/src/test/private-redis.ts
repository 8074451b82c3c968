import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis, type Cluster } from 'ioredis';
import { freePort, listens, waitUntil } from './ports.ts';

/**
 * A redis-server of one test's own, on a free port, for tests that stop, restart or flush Redis
 * (never the shared one of REDIS_URL). Runs the machine's redis-server without persistence, as an
 * operator might: a restart loses everything.
 */
export const REDIS_SERVER_AVAILABLE = spawnSync('redis-server', ['--version']).status === 0;

/** What a test does to a Redis of its own behind the server's back: one server or a cluster. */
export interface TestRedis {
  /** REDIS_URL for the server under test. */
  readonly url: string;
  /** A client of the test's own for keyed commands (GET, SET, DEL reach the key's node on a cluster). */
  readonly admin: Redis | Cluster;
  /** FLUSHALL on every server. */
  flushAll(): Promise<void>;
  /** The keys matching `pattern`, on every server. */
  keys(pattern: string): Promise<string[]>;
  /** Connections open on any server other than `admin`'s. */
  otherClients(): Promise<number>;
  /** Every server killed and started again, empty (no persistence), answering once more. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export interface PrivateRedis extends TestRedis {
  /** A client of the test's own, for FLUSHALL, DEL, SET behind the server's back. */
  readonly admin: Redis;
  start(): Promise<void>;
  /** Stops the server (SIGKILL: no goodbye to the clients, as a crash or a network cut). */
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

/** The CLIENT LIST lines of a server, one per connection. */
export async function clientList(server: Redis): Promise<string[]> {
  return String(await server.client('LIST').catch(() => ''))
    .split('\n')
    .filter(Boolean);
}

/** The admin clients' connection name: their connections are not counted as the server's. */
export const ADMIN_CLIENT_NAME = 'pravesh-test-admin';

/**
 * One redis-server process on `port`, working in `dir`, without persistence; `extraArgs` for a
 * cluster node. Started and stopped again as often as a test likes.
 */
export function redisServerProcess(port: number, dir: string, extraArgs: string[] = []) {
  let child: ChildProcess | undefined;
  return {
    start: async (): Promise<void> => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', ...extraArgs],
        { stdio: 'ignore' },
      );
      await waitUntil(() => listens(port), `private redis-server did not listen on ${port}`);
    },
    /** SIGKILL: no goodbye to the clients, as a crash or a network cut. */
    stop: async (): Promise<void> => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGKILL');
      await once(running, 'exit');
    },
  };
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  // Its working directory: where a test that switches persistence on has it write.
  const dir = await mkdtemp(path.join(tmpdir(), 'pravesh-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  const { start, stop } = redisServerProcess(port, dir);

  await start();
  const admin = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, connectionName: ADMIN_CLIENT_NAME });
  admin.on('error', () => undefined);
  return {
    url,
    admin,
    start,
    stop,
    async flushAll() {
      await admin.flushall();
    },
    keys: (pattern) => admin.keys(pattern),
    async otherClients() {
      return (await clientList(admin)).filter((line) => !line.includes(`name=${ADMIN_CLIENT_NAME} `)).length;
    },
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
