import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CustomerAuth } from '../sso/customer-auth.ts';
import { activityRoutes } from './routes.ts';
import { createActivityService } from './service.ts';
import { createActivityStore } from './store.ts';

export interface ActivityOptions {
  now?: (() => number) | undefined;
  /** Who a request speaks for (apps/server/src/modules/sso/customer-auth.ts). */
  customerAuth: CustomerAuth;
}

/** The shared-activity capability: pbguc/activity and pbguc/getApplicationData. */
export function registerActivity(app: FastifyInstance, db: Database, options: ActivityOptions): void {
  activityRoutes(app, createActivityService(createActivityStore(db), options.now), options.customerAuth);
}
