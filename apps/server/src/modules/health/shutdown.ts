import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long the server keeps serving, not ready, before it drains (PRAVESH_SHUTDOWN_DELAY_MS). */
  delayMs: number;
}

/**
 * A graceful stop: /readyz fails at once, so a load balancer stops sending; after `delayMs` the
 * server stops accepting, lets in-flight requests finish, flushes its write queues (each module's
 * onClose) and closes the database. Resolves when all of that is done.
 */
export async function stopGracefully(app: FastifyInstance, signal: string, options: ShutdownOptions): Promise<void> {
  app.readiness.markStopping();
  app.log.info({ signal, delayMs: options.delayMs }, 'shutting down: not ready from now');
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  await app.close();
}
