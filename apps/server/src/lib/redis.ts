import type { FastifyBaseLogger } from 'fastify';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { outageSummary } from './outage.ts';

/**
 * The one way the server opens Redis (the rate limits and the change counters, lib/generations.ts).
 *
 * Fail fast (README "Redis"): with Redis down a command must cost a rejected promise, not seconds.
 * ioredis's defaults queue every command while it reconnects and retry it 20 times, so each request
 * that touched Redis waited for the reconnection loop (1–10 s measured). Here:
 * - the offline queue is on only until the first connection (a server that has just started should
 *   not refuse its first requests); from then on a command sent while disconnected fails at once;
 * - every command sent through `run` has a timeout (`commandTimeoutMs`, PRAVESH_REDIS_COMMAND_TIMEOUT_MS),
 *   so a Redis that accepts the connection but does not answer (paused, overloaded) costs about that.
 *   The timeout measures Redis, not this process: when it fires, a reply already waiting on the
 *   socket (this process was stalled by a collection or a busy CPU) is still read first. ioredis's
 *   own timer cannot tell the two apart, so it only backs ours up at a multiple, bounding what a
 *   hung Redis leaves queued;
 * - a command in flight when the connection drops fails rather than being sent again later
 *   (maxRetriesPerRequest 0, no automatic resend): a rate-limit hit or a counter bump replayed
 *   minutes later would be wrong, and the caller has already answered;
 * - connecting gives up after `connectTimeoutMs` and is retried in the background, backing off to 2 s.
 *
 * A Redis Cluster is reached the same way (`redis+cluster://` in REDIS_URL, parseClusterUrl): the
 * cluster's own offline queue follows the same rule, every node connection gets the same options,
 * and losing a node counts as trouble like losing the one server's connection.
 *
 * Outages are logged once (a change of state, "Redis unavailable" / "Redis back"), never per
 * command, and only the error's class and code: keys name customers and visitors.
 */

// 500 ms: a Redis that answers nothing costs half a second, not the seconds of a queued retry; 250 ms
// timed commands out on a loaded 2-core machine (a busy instance is no outage).
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;
export const DEFAULT_REDIS_CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;
/** ioredis's own command timer, a backstop behind `run`'s: this many command timeouts. */
const BACKSTOP_TIMEOUTS = 4;

export type RedisLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

export interface RedisSettings {
  commandTimeoutMs?: number | undefined;
  connectTimeoutMs?: number | undefined;
  /** Where outages and unsafe settings are reported; without one, nothing is logged. */
  log?: RedisLog | undefined;
  /** Told of every failed or timed-out command and connection error (metrics: pravesh_redis_errors_total). */
  countError?: (() => void) | undefined;
}

/** One Redis server or a Redis Cluster: the commands the server sends work on either. */
export type RedisClient = Redis | Cluster;

export interface RedisConnection {
  readonly client: RedisClient;
  /** False from a failure (connection lost, a command failed) until the next success. */
  readonly available: boolean;
  /**
   * Sends one command with the command timeout (the header above) and reports its outcome
   * (`failed`, `succeeded`); the caller decides what a failure means (refuse, read the database).
   */
  run<T>(send: (client: RedisClient) => Promise<T>): Promise<T>;
  /** Reports a command's failure: the first one of an outage is logged. */
  failed(error: unknown): void;
  /** Reports a command's success: ends an outage, logged once. */
  succeeded(): void;
  /**
   * Called on every connection loss and every reported failure: whatever was learnt through the
   * connection may no longer describe what Redis holds (lib/generations.ts drops its kept reads).
   */
  onTrouble(listener: () => void): void;
  close(): Promise<void>;
}

/** Seed nodes and credentials of a Redis Cluster (README "Redis"). */
export interface ClusterAddress {
  readonly nodes: { host: string; port: number }[];
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  readonly tls: boolean;
}

const CLUSTER_SCHEMES: Record<string, boolean> = { 'redis+cluster:': false, 'rediss+cluster:': true };

/**
 * `redis+cluster://[user:password@]host:port,host:port,…` (`rediss+cluster://` with TLS): the seed
 * nodes of a Redis Cluster, any few of its masters (the client learns the rest from CLUSTER SLOTS).
 * Undefined for a plain `redis://` or `rediss://` URL (one server). Throws on a malformed one.
 */
export function parseClusterUrl(url: string): ClusterAddress | undefined {
  const match = /^([a-z+]+:)\/\/(?:([^@/]*)@)?([^/?#]+)\/?$/i.exec(url);
  const scheme = match?.[1]?.toLowerCase();
  if (!match || scheme === undefined || !(scheme in CLUSTER_SCHEMES)) {
    if (/^rediss?\+cluster:/i.test(url))
      throw new Error('a redis+cluster:// URL lists host:port seed nodes, comma-separated');
    return undefined;
  }
  const nodes = match[3]!.split(',').map((address) => {
    const port = Number(/:(\d+)$/.exec(address)?.[1]);
    const host = address.slice(0, address.lastIndexOf(':')).replace(/^\[(.*)\]$/, '$1');
    if (!host || !Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error('a redis+cluster:// URL lists host:port seed nodes, comma-separated');
    }
    return { host, port };
  });
  const [user, password] = (match[2] ?? '').split(':').map(decodeURIComponent);
  return { nodes, username: user || undefined, password: password || undefined, tls: CLUSTER_SCHEMES[scheme]! };
}

export function connectRedis(url: string, settings: RedisSettings = {}): RedisConnection {
  const backoff = (attempt: number) => Math.min(50 * 2 ** attempt, MAX_RECONNECT_DELAY_MS);
  const connectionOptions: RedisOptions = {
    // No command timeout while the first connection is made: ioredis starts a command's timer when
    // it is queued, so on a busy machine a command waiting for the connection timed out at 250 ms.
    // Until then connectTimeout bounds the wait; from the first 'ready' on, commandTimeout does.
    connectTimeout: settings.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  };
  const cluster = parseClusterUrl(url);
  const client: RedisClient = cluster
    ? new Cluster(cluster.nodes, {
        enableOfflineQueue: true,
        clusterRetryStrategy: backoff,
        lazyConnect: false,
        redisOptions: {
          ...connectionOptions,
          username: cluster.username,
          password: cluster.password,
          ...(cluster.tls ? { tls: {} } : {}),
        },
      })
    : new Redis(url, { ...connectionOptions, enableOfflineQueue: true, retryStrategy: backoff, lazyConnect: false });
  const log = settings.log;
  const troubleListeners: (() => void)[] = [];
  let available = true;
  let everReady = false;
  let closing = false;
  let commandTimeoutMs: number | undefined;

  function failed(error: unknown): void {
    settings.countError?.();
    for (const listener of troubleListeners) listener();
    if (!available || closing) return;
    available = false;
    log?.warn({ redis: outageSummary(error) }, 'Redis unavailable: caches read the database, rate limits refuse');
  }
  function succeeded(): void {
    if (available) return;
    available = true;
    log?.info('Redis back');
  }

  client.on('ready', () => {
    if (!everReady) {
      everReady = true;
      // From now on a command sent while disconnected fails at once (the header above), and a
      // command sent to a Redis that does not answer fails after commandTimeout.
      client.options.enableOfflineQueue = false;
      commandTimeoutMs = settings.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
      const backstop = commandTimeoutMs * BACKSTOP_TIMEOUTS;
      if (client instanceof Cluster) {
        // Each node has a connection of its own, and nodes join later (a failover, a reshard).
        for (const node of client.nodes()) node.options.commandTimeout = backstop;
        client.on('+node', (node: Redis) => {
          node.options.commandTimeout = backstop;
        });
      } else {
        client.options.commandTimeout = backstop;
      }
    }
    succeeded();
  });
  client.on('error', (error: unknown) => failed(error));
  client.on('close', () => {
    if (!closing) failed(new Error('Connection is closed.'));
  });
  if (client instanceof Cluster) {
    client.on('node error', (error: unknown) => failed(error));
    // A node's connection gone (it failed, restarted or left the cluster): what it told us may no
    // longer hold (a restarted node is empty), as when the one server's connection closes.
    client.on('-node', () => {
      if (!closing) failed(new Error('Connection is closed.'));
    });
  }

  return {
    client,
    get available() {
      return available;
    },
    failed,
    succeeded,
    async run(send) {
      try {
        const result = await withTimeout(send(client), commandTimeoutMs);
        succeeded();
        return result;
      } catch (error) {
        failed(error);
        throw error;
      }
    },
    onTrouble(listener) {
      troubleListeners.push(listener);
    },
    async close() {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * Settles as `command` does, or rejects once `timeoutMs` has passed without a reply. The timer's turn
 * of the event loop comes before the one that reads sockets, so on expiry the verdict waits one more
 * turn (setImmediate runs after the socket reads): a reply that arrived while this process was
 * stalled wins over a timer that is only late because of the same stall.
 */
export function withTimeout<T>(command: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return command;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => {
      setImmediate(() => settle(() => reject(new Error('Command timed out'))));
    }, timeoutMs);
    command.then(
      (value) => settle(() => resolve(value)),
      (error: Error) => settle(() => reject(error)),
    );
  });
}

/**
 * The Redis settings the change counters and the rate limits rely on (README "Redis"), checked once
 * at start: one warning line naming what is unsafe, or saying it could not check (managed services
 * often disable CONFIG). Never throws.
 */
export async function checkRedisSettings(connection: RedisConnection, log: RedisLog): Promise<void> {
  const client = connection.client;
  // Each master of a cluster has settings of its own.
  const servers = client instanceof Cluster ? client.nodes('master') : [client];
  const unsafe = new Set<string>();
  try {
    for (const server of servers) for (const problem of await unsafeSettings(server)) unsafe.add(problem);
  } catch (error) {
    log.warn(
      { redis: outageSummary(error) },
      'Could not check the Redis settings (CONFIG GET refused or failed): see README "Redis" for the ones required',
    );
    return;
  }
  if (unsafe.size > 0) log.warn(`Unsafe Redis settings: ${[...unsafe].join('; ')} (README "Redis")`);
}

async function unsafeSettings(server: Redis): Promise<string[]> {
  const read = async (name: string) => {
    const reply = await server.config('GET', name);
    return reply[1] ?? '';
  };
  const [policy, save, appendOnly] = await Promise.all([read('maxmemory-policy'), read('save'), read('appendonly')]);
  const unsafe = [];
  if (policy.startsWith('allkeys-')) {
    unsafe.push(`maxmemory-policy ${policy} may evict the change counters and the sign-in limits`);
  }
  if (save.trim() === '' && appendOnly !== 'yes') {
    unsafe.push('no persistence (save "" and appendonly no): a restart forgets the sign-in and OTP limits');
  }
  return unsafe;
}
