import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { activityRoutes } from './routes.ts';
import { createActivityService } from './service.ts';
import { createActivityStore } from './store.ts';

/** The shared-activity capability: pbguc/activity and pbguc/getApplicationData. */
export function registerActivity(app: FastifyInstance, db: Database, now?: () => number): void {
  activityRoutes(app, createActivityService(createActivityStore(db), now));
}
