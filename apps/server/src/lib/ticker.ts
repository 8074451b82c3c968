import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * A background job on every instance: `run` every `intervalMs` (0: off), never two runs of it at
 * once on this instance, stopped when the app closes, never keeping the process alive. Sharing the
 * work between instances is the job's own affair (a lease, SKIP LOCKED or an advisory lock).
 */
export function startTicker(
  app: FastifyInstance,
  options: { intervalMs: number; name: string; log: FastifyBaseLogger; run: () => Promise<unknown> },
): void {
  const { intervalMs, name, log, run } = options;
  if (intervalMs <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : 'error' }, name))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
