import type { DatabaseHandle } from '../db/client.ts';

/**
 * Whether this instance should get traffic (/readyz). A `select 1` alone said "ready" while every
 * write waited behind a locked table; so readiness also fails while a write queue is stuck (its
 * writes pending and none written for `stallMs`), while the database does not answer a
 * ping within `stallMs` (the pool exhausted with queries waiting, or the server gone quiet), while a
 * watched dependency cannot serve (the NATS event sink unreachable: produce would answer 503), and
 * from the moment the server is told to stop (SIGTERM), before it drains and exits.
 */
export interface Readiness {
  /** Watches a write queue: `waitingSince` answers since when (performance.now()) it has made no progress. */
  watchQueue(name: string, waitingSince: () => number | undefined): void;
  /** Watches a dependency besides the database (the NATS event sink): `problem` answers why it cannot serve, or undefined. */
  watchDependency(problem: () => string | undefined): void;
  /** From now on the instance is not ready (shutdown has begun); never undone. */
  markStopping(): void;
  check(): Promise<ReadinessAnswer>;
}

export type ReadinessAnswer = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  database: Pick<DatabaseHandle, 'probe'>;
  /** How old a pending write, or how slow a ping, may be before the instance is not ready. */
  stallMs: number;
}

export function createReadiness(options: ReadinessOptions): Readiness {
  const queues = new Map<string, () => number | undefined>();
  const dependencies: (() => string | undefined)[] = [];
  let stopping = false;

  function stalledQueue(): string | undefined {
    const now = performance.now();
    for (const [name, waitingSince] of queues) {
      const since = waitingSince();
      if (since !== undefined && now - since > options.stallMs) return name;
    }
    return undefined;
  }

  return {
    watchQueue(name, waitingSince) {
      queues.set(name, waitingSince);
    },
    watchDependency(problem) {
      dependencies.push(problem);
    },
    markStopping() {
      stopping = true;
    },
    async check() {
      if (stopping) return { ready: false, reason: 'stopping' };
      const stalled = stalledQueue();
      if (stalled) return { ready: false, reason: `${stalled} writes stalled` };
      for (const problem of dependencies) {
        const reason = problem();
        if (reason) return { ready: false, reason };
      }
      const probe = await options.database.probe(options.stallMs);
      if (probe === 'ok') return stopping ? { ready: false, reason: 'stopping' } : { ready: true };
      return { ready: false, reason: probe === 'unreachable' ? 'database unreachable' : `database ${probe}` };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's readiness (buildApp decorates the root instance with it). */
    readiness: Readiness;
  }
}
