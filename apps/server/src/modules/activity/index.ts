import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { createAccessTokenVerifier } from '../sso/access-tokens.ts';
import { createCustomerAuth, type CustomerAuth } from '../sso/customer-auth.ts';
import { activityRoutes } from './routes.ts';
import { createActivityService } from './service.ts';
import { createActivityStore } from './store.ts';

export interface ActivityOptions {
  config: Pick<AppConfig, 'sso' | 'publicUrl'>;
  now?: (() => number) | undefined;
  /** Who a request speaks for; default: the SSO access-token verifier over this database. */
  customerAuth?: CustomerAuth;
}

/** The shared-activity capability: pbguc/activity and pbguc/getApplicationData. */
export function registerActivity(app: FastifyInstance, db: Database, options: ActivityOptions): void {
  const now = options.now ?? Date.now;
  const customerAuth =
    options.customerAuth ??
    createCustomerAuth(
      createAccessTokenVerifier({ db, config: options.config.sso, issuer: options.config.publicUrl, now }),
    );
  activityRoutes(app, createActivityService(createActivityStore(db), now), customerAuth);
}
