import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY_PATH,
  APPLICATION_DATA_PATH,
  PraveshError,
  envelopeSchema,
  errorEnvelopeSchema,
  getApplicationDataBodySchema,
  getApplicationDataResponseSchema,
  ok,
  storeActivityBodySchema,
  storeActivityResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { ActivityService } from './service.ts';

/**
 * Shared activity on the server (spec 000 §3 "Site entry", §4 sync flag, §5, §7).
 *
 * A customerId in a body is only a claim: storing under it attaches a visitor's activity to that
 * customer, and reading with it answers everything the customer did on every device and site. So
 * a body that names a customer must come with that customer's access token (the pass token's sso
 * strategy, or pb-access-token), else tokenNotValidated and nothing is stored or answered.
 * Visitor-only calls (no customerId) need no sign-in, and reach only what was stored without a
 * customer: each customer on a shared browser has an entry of their own (store.ts, migration 0033).
 */
export function activityRoutes(app: FastifyInstance, service: ActivityService, customers: CustomerAuth): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    ACTIVITY_PATH,
    {
      schema: {
        summary: "Store a site entry's data items, leads and shared data for a visitor",
        description:
          'Items merge by id and type. action "update" only replaces existing items and also allows PCO ' +
          'and BUREAU. The whole entry is limited to 350 KB ("Data size exceeds permissiable limit."). A ' +
          "customerId needs that customer's access token (pass token sso strategy or pb-access-token).",
        tags: ['activity'],
        body: storeActivityBodySchema,
        response: { 200: envelopeSchema(storeActivityResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const siteId = request.siteId;
      if (siteId === null) throw new PraveshError('clientTokenMissing');
      if (request.body.customerId != null) await customers.requireCustomer(request, request.body.customerId);
      return ok(await service.store(request.body, siteId));
    },
  );
  typed.post(
    APPLICATION_DATA_PATH,
    {
      schema: {
        summary: "A visitor's stored applications and leads per site, with the consent received date",
        description:
          'POST (the spec shows no method): visitor and customer ids stay out of URLs and logs, and the SDK ' +
          'sends every /MSP call through one JSON POST helper. Entries are keyed by site id. A customerId ' +
          "(merging the customer's other devices and sites) needs that customer's access token.",
        tags: ['activity'],
        body: getApplicationDataBodySchema,
        response: { 200: envelopeSchema(getApplicationDataResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (request.body.customerId != null) await customers.requireCustomer(request, request.body.customerId);
      return ok(await service.read(request.body));
    },
  );
}
