import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { killPid, onCleanup } from './cleanup.ts';

/**
 * The suite's own PostgreSQL cluster and Redis, started from the machine's binaries on free ports:
 * the suite restarts, stops and flushes them, which it must never do to the shared services.
 */

export const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/local/bin';
export const REDIS_SERVER = process.env.FAULTS_REDIS_SERVER ?? 'redis-server';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh folder, removed at cleanup whatever happens (unless `keep`). */
export function tempDir(prefix: string, keep = false): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = () => {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  const drop = onCleanup(`temp folder ${dir}`, remove);
  return {
    dir,
    remove() {
      remove();
      drop();
    },
  };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port of [from, to], skipping `taken`. */
export async function freePort(from: number, to: number, taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (let port = from; port <= to; port += 1) {
    if (!taken.has(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`no free port in ${from}–${to}`);
}

function run(command: string, args: string[], options: { asUser?: string } = {}): string {
  const [file, argv] = options.asUser ? ['runuser', ['-u', options.asUser, '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/** The same without blocking the event loop: the load and the probes go on while it runs. */
function runAsync(command: string, args: string[], options: { asUser?: string } = {}): Promise<string> {
  const [file, argv] = options.asUser ? ['runuser', ['-u', options.asUser, '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal}): ${output}`)),
    );
  });
}

export interface Postgres {
  readonly url: string;
  readonly port: number;
  /** `pg_ctl restart -m fast`: every connection is cut, the cluster comes back on the same port. */
  restart(): Promise<void>;
  stop(): void;
  /** A query on a connection of its own, closed afterwards. */
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<pg.QueryResult<T>>;
  connect(): Promise<pg.Client>;
}

export async function startPostgres(ports: [number, number]): Promise<Postgres> {
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const asUser = process.getuid?.() === 0 ? (process.env.FAULTS_PG_USER ?? 'postgres') : undefined;
  const folder = tempDir('pravesh-faults-pg-');
  const dataDir = path.join(folder.dir, 'data');
  if (asUser) {
    const uid = Number(run('id', ['-u', asUser]).trim());
    const gid = Number(run('id', ['-g', asUser]).trim());
    chownSync(folder.dir, uid, gid);
  }
  const port = await freePort(...ports);
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  run(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
    asUser,
  });
  const options = `-p ${port} -k ${folder.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) => run(pgCtl, ['-D', dataDir, ...args], { asUser });
  // With -l the postmaster does not hold pg_ctl's output pipe open (spawnSync would wait on it).
  const logFile = path.join(folder.dir, 'log');
  ctl('-l', logFile, '-o', options, '-w', '-t', '60', 'start');
  const dropStop = onCleanup(`PostgreSQL on ${port}`, () => {
    spawnSync(asUser ? 'runuser' : pgCtl, [
      ...(asUser ? ['-u', asUser, '--', pgCtl] : []),
      '-D',
      dataDir,
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    await client.connect();
    return client;
  };
  return {
    url,
    port,
    async restart() {
      await runAsync(pgCtl, ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', '-o', options, 'restart'], {
        asUser,
      });
    },
    stop() {
      ctl('-m', 'fast', '-w', 'stop');
      dropStop();
      folder.remove();
    },
    async query(sql, values) {
      const client = await connect();
      try {
        return await client.query(sql, values);
      } finally {
        await client.end();
      }
    },
    connect,
  };
}

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** SIGTERM: without persistence everything in it is gone. */
  stop(): Promise<void>;
  start(): Promise<void>;
  flushAll(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
}

/**
 * redis-server with no persistence at all (no RDB snapshots, no AOF): every stop loses its data,
 * which is exactly the data loss the revocation check must survive.
 */
export async function startRedis(ports: [number, number]): Promise<RedisServer> {
  const port = await freePort(...ports);
  const folder = tempDir('pravesh-faults-redis-');
  let child: ChildProcess | undefined;
  const dropKill = onCleanup(`redis-server on ${port}`, () => killPid(child?.pid));

  async function start(): Promise<void> {
    const started = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder.dir],
      { stdio: 'ignore' },
    );
    child = started;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (started.exitCode !== null) throw new Error(`redis-server on ${port} exited (${started.exitCode})`);
      const ping = await runAsync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping']).catch(() => '');
      if (ping.trim() === 'PONG') return;
      await sleep(100);
    }
    throw new Error(`redis-server on ${port} did not answer PING`);
  }
  async function stop(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async flushAll() {
      await runAsync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'FLUSHALL']);
    },
    async close() {
      await stop();
      dropKill();
      folder.remove();
    },
  };
}
