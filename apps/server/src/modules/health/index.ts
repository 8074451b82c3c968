import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { healthRoutes } from './routes.ts';

/** Liveness and readiness (/healthz, /readyz). */
export const healthModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  healthRoutes(app, deps.database, deps.readiness);
  return Promise.resolve();
};
export { watchWriteQueue, writeQueueOptions } from './write-queues.ts';
export { stopGracefully } from './shutdown.ts';
