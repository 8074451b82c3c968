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
import type { ActivityService } from './service.ts';

/** Shared activity on the server (spec 000 §3 "Site entry", §4 sync flag, §5, §7). */
export function activityRoutes(app: FastifyInstance, service: ActivityService): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    ACTIVITY_PATH,
    {
      schema: {
        summary: "Store a site entry's data items, leads and shared data for a visitor",
        description:
          'Items merge by id and type. action "update" only replaces existing items and also allows PCO ' +
          'and BUREAU. The whole entry is limited to 350 KB ("Data size exceeds permissiable limit.").',
        tags: ['activity'],
        body: storeActivityBodySchema,
        response: { 200: envelopeSchema(storeActivityResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const siteId = request.siteId;
      if (siteId === null) throw new PraveshError('clientTokenMissing');
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
          'sends every /MSP call through one JSON POST helper. Entries are keyed by site id.',
        tags: ['activity'],
        body: getApplicationDataBodySchema,
        response: { 200: envelopeSchema(getApplicationDataResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.read(request.body)),
  );
}
