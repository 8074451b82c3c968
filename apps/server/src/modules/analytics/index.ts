import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { watchWriteQueue } from '../health/index.ts';
import { analyticsRoutes } from './routes.ts';

/**
 * Analytics events (spec 000 §7 pbguc/event/produce), handed to the event sink PRAVESH_EVENTS_SINK
 * chose (event-sink/: the database in batched inserts, or NATS JetStream). Its pending events are
 * a watched write queue; createDeps closes it, writing what is queued, before the database closes.
 */
export const analyticsModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  watchWriteQueue(deps, 'analytics event', deps.eventSink);
  analyticsRoutes(app, deps.eventSink);
  return Promise.resolve();
};
