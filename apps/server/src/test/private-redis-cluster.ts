import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Cluster, Redis } from 'ioredis';
import { freePort, waitUntil } from './ports.ts';
import { ADMIN_CLIENT_NAME, clientList, redisServerProcess, type TestRedis } from './private-redis.ts';

/**
 * A 3-master Redis Cluster of one test's own, from the machine's redis-server on free ports, built
 * with `redis-cli --cluster create … --cluster-replicas 0` (no replicas: a node's slots are simply
 * unavailable while it is down). Without persistence, as test/private-redis.ts: a restart empties
 * every node, while the cluster's own layout (nodes.conf) survives, so the nodes form the same
 * cluster again.
 */
export interface PrivateRedisCluster extends TestRedis {
  readonly admin: Cluster;
  /** Every node killed (SIGKILL, as a crash or a network cut). */
  stop(): Promise<void>;
  /** Every node started again (empty), the cluster serving all its slots. */
  start(): Promise<void>;
}

const NODES = 3;

async function run(command: string, args: string[]): Promise<void> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}): ${output}`);
}

export async function startPrivateRedisCluster(): Promise<PrivateRedisCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pravesh-redis-cluster-'));
  const nodes: { port: number; process: ReturnType<typeof redisServerProcess> }[] = [];
  for (let i = 0; i < NODES; i += 1) {
    const port = await freePort();
    // The cluster bus port is the client port + 10000 unless named: a free port of its own, since
    // a kernel-picked port + 10000 may be taken or past 65535.
    const busPort = await freePort();
    const nodeDir = path.join(dir, String(port));
    await mkdir(nodeDir);
    const args = ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-port', String(busPort)];
    nodes.push({ port, process: redisServerProcess(port, nodeDir, args) });
  }
  const addresses = nodes.map((node) => `127.0.0.1:${node.port}`);
  const direct = nodes.map(
    (node) =>
      new Redis(node.port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectionName: ADMIN_CLIENT_NAME,
      }),
  );
  for (const client of direct) client.on('error', () => undefined);

  /** Every node answers and says the cluster is ok (all slots served). */
  async function clusterOk(): Promise<void> {
    await waitUntil(async () => {
      const states = await Promise.all(
        direct.map((client) =>
          client
            .cluster('INFO')
            .then((info) => String(info).includes('cluster_state:ok'))
            .catch(() => false),
        ),
      );
      return states.every(Boolean);
    }, 'the cluster did not reach cluster_state:ok');
  }

  await Promise.all(nodes.map((node) => node.process.start()));
  await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes']);
  await clusterOk();
  const admin = new Cluster(
    nodes.map((node) => ({ host: '127.0.0.1', port: node.port })),
    { redisOptions: { maxRetriesPerRequest: 1, connectionName: ADMIN_CLIENT_NAME } },
  );
  admin.on('error', () => undefined);
  admin.on('node error', () => undefined);

  async function stop(): Promise<void> {
    await Promise.all(nodes.map((node) => node.process.stop()));
  }
  async function start(): Promise<void> {
    await Promise.all(nodes.map((node) => node.process.start()));
    await clusterOk();
  }
  return {
    url: `redis+cluster://${addresses.join(',')}`,
    admin,
    async flushAll() {
      await Promise.all(direct.map((client) => client.flushall()));
    },
    async keys(pattern) {
      return (await Promise.all(direct.map((client) => client.keys(pattern)))).flat();
    },
    async otherClients() {
      const lists = await Promise.all(direct.map((client) => clientList(client)));
      return lists.flat().filter((line) => !line.includes(`name=${ADMIN_CLIENT_NAME} `)).length;
    },
    stop,
    start,
    async restart() {
      await stop();
      await start();
    },
    async dispose() {
      admin.disconnect();
      for (const client of direct) client.disconnect();
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
