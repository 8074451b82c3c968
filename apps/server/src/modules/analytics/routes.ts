import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PraveshError,
  ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  produceEventBodySchema,
  produceEventResponseSchema,
} from '@pravesh/core';
import { clientGone } from '../../lib/client-gone.ts';
import type { EventSink } from '../../event-sink/index.ts';
import { plainlyValidProduceBody } from './plain-body.ts';

export function analyticsRoutes(app: FastifyInstance, sink: EventSink): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    ROUTES.produceEvent,
    {
      schema: {
        summary: 'Store one analytics event (spec 000 §3 "Analytics event"; body is a one-item list)',
        description:
          "The body is spec 000's: a one-item list of event, category, action, label, pageType, userType, " +
          'clientId, lob and the standard visitor data; optional fields may be null (a signed-out ' +
          "visitor's customerId). eventId is optional: when sent, a resend of the same id is stored once " +
          'and answered with the first receipt; when absent the server makes one (and the send is then ' +
          'not idempotent). Events go to the configured sink (PRAVESH_EVENTS_SINK): batched multi-row inserts ' +
          "into the database, answered once the event's batch has committed, or a NATS JetStream stream, " +
          'answered once JetStream acknowledged it (503 with Retry-After while NATS is unreachable).',
        tags: ['analytics'],
        body: produceEventBodySchema,
        response: { 200: envelopeSchema(produceEventResponseSchema), '4xx': errorEnvelopeSchema },
      },
      // A hot write path, as POST visit: the answer is built here from the stored receipt, so it is
      // written with JSON.stringify instead of being re-checked against the response schema (which
      // still documents it).
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The body is checked by plain tests first (plain-body.ts); zod decides whatever they do not
      // plainly accept, so the answers are zod's as on every route.
      validatorCompiler: ({ method, url, httpPart }) => {
        // The route's one validated part is its body (its schema above).
        if (httpPart !== 'body') throw new Error(`event/produce validates its body only, not its ${httpPart}`);
        const zod = validatorCompiler({ schema: produceEventBodySchema, method, url, httpPart });
        return (data) => {
          const body = plainlyValidProduceBody(data);
          return body ? { value: body } : zod(data);
        };
      },
    },
    async (request) => {
      const siteId = request.siteId;
      if (siteId === null) throw new PraveshError('clientTokenMissing');
      const [event] = request.body;
      const stored = await sink.produce(event!, siteId, request.pass?.device.hash ?? null, clientGone(request));
      return ok({ eventId: stored.eventId, storedAt: stored.receivedAt.toISOString() });
    },
  );
}
