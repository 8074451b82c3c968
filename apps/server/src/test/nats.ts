import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { freePort } from './ports.ts';

/**
 * NATS for tests: the machine's JetStream at nats://127.0.0.1:4222 (every development and CI machine
 * runs it; PRAVESH_TEST_NATS_URL points elsewhere), with a stream and subject prefix of each test's
 * own so parallel runs never meet, and a nats-server of a test's own for tests that stop it.
 */
export const NATS_URL = process.env.PRAVESH_TEST_NATS_URL || 'nats://127.0.0.1:4222';
export const NATS_SERVER_AVAILABLE = spawnSync('nats-server', ['--version']).status === 0;

export interface TestStream {
  /** PRAVESH_* settings that point a server at this stream. */
  readonly env: Record<string, string>;
  readonly stream: string;
  readonly subjectPrefix: string;
  /** A connection of the test's own, to read the stream behind the server's back. */
  readonly jsm: JetStreamManager;
  readonly connection: NatsConnection;
  /** Deletes the stream (if the server made it) and closes the connection. */
  dispose(): Promise<void>;
}

export async function createTestStream(url = NATS_URL): Promise<TestStream> {
  const suffix = randomBytes(6).toString('hex');
  const stream = `PRAVESH_EVENTS_TEST_${suffix}`;
  const subjectPrefix = `pravesh.test.${suffix}.events`;
  const connection = await connect({ servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  const jsm = await jetstreamManager(connection);
  return {
    env: {
      PRAVESH_EVENTS_SINK: 'nats',
      PRAVESH_NATS_URL: url,
      PRAVESH_NATS_STREAM: stream,
      PRAVESH_NATS_SUBJECT_PREFIX: subjectPrefix,
    },
    stream,
    subjectPrefix,
    jsm,
    connection,
    async dispose() {
      await jsm.streams.delete(stream).catch(() => undefined);
      await connection.close();
    },
  };
}

export interface PrivateNats {
  readonly url: string;
  start(): Promise<void>;
  /** SIGKILL: no goodbye to the clients, as a crash or a network cut. */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

/** A nats-server with JetStream on a free port, its store in a temporary folder kept across restarts. */
export async function startPrivateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'pravesh-nats-'));
  let child: ChildProcess | undefined;
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connectSocket(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });

  async function start(): Promise<void> {
    child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await listening()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`private nats-server did not listen on ${port}`);
  }
  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  }
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
