import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
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

export interface RedisConnection {
  readonly client: Redis;
  /** False from a failure (connection lost, a command failed) until the next success. */
  readonly available: boolean;
  /**
   * Sends one command with the command timeout (the header above) and reports its outcome
   * (`failed`, `succeeded`); the caller decides what a failure means (refuse, read the database).
   */
  run<T>(send: (client: Redis) => Promise<T>): Promise<T>;
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

export function connectRedis(url: string, settings: RedisSettings = {}): RedisConnection {
  const client = new Redis(url, {
    enableOfflineQueue: true,
    // No command timeout while the first connection is made: ioredis starts a command's timer when
    // it is queued, so on a busy machine a command waiting for the connection timed out at 250 ms.
    // Until then connectTimeout bounds the wait; from the first 'ready' on, commandTimeout does.
    connectTimeout: settings.connectTimeoutMs ?? DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, MAX_RECONNECT_DELAY_MS),
    lazyConnect: false,
  });
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
      client.options.commandTimeout = commandTimeoutMs * BACKSTOP_TIMEOUTS;
    }
    succeeded();
  });
  client.on('error', (error: unknown) => failed(error));
  client.on('close', () => {
    if (!closing) failed(new Error('Connection is closed.'));
  });

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
  const read = async (name: string) => {
    const reply = await connection.client.config('GET', name);
    return reply[1] ?? '';
  };
  let policy: string, save: string, appendOnly: string;
  try {
    [policy, save, appendOnly] = await Promise.all([read('maxmemory-policy'), read('save'), read('appendonly')]);
  } catch (error) {
    log.warn(
      { redis: outageSummary(error) },
      'Could not check the Redis settings (CONFIG GET refused or failed): see README "Redis" for the ones required',
    );
    return;
  }
  const unsafe = [];
  if (policy.startsWith('allkeys-')) {
    unsafe.push(`maxmemory-policy ${policy} may evict the change counters and the sign-in limits`);
  }
  if (save.trim() === '' && appendOnly !== 'yes') {
    unsafe.push('no persistence (save "" and appendonly no): a restart forgets the sign-in and OTP limits');
  }
  if (unsafe.length > 0) log.warn(`Unsafe Redis settings: ${unsafe.join('; ')} (README "Redis")`);
}
