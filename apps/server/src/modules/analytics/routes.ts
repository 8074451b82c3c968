import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PraveshError,
  ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  produceEventBodySchema,
  produceEventResponseSchema,
} from '@pravesh/core';
import type { AnalyticsStore } from './store.ts';

export function analyticsRoutes(app: FastifyInstance, store: AnalyticsStore): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    ROUTES.produceEvent,
    {
      schema: {
        summary: 'Store one analytics event (spec 000 §3 "Analytics event"; body is a one-item list)',
        tags: ['analytics'],
        body: produceEventBodySchema,
        response: { 200: envelopeSchema(produceEventResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const siteId = request.siteId;
      if (siteId === null) throw new PraveshError('clientTokenMissing');
      const [event] = request.body;
      const stored = await store.insert(event!, siteId, request.pass?.device.hash ?? null);
      return ok({ eventId: stored.eventId, storedAt: stored.receivedAt.toISOString() });
    },
  );
}
