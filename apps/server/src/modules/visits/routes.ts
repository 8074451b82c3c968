import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PraveshError,
  VISIT_PATH,
  createVisitBodySchema,
  createVisitResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
} from '@pravesh/core';
import { clientGone } from '../../lib/client-gone.ts';
import type { VisitService } from './service.ts';

/** POST /MSP/api/v1/visit (spec 000 §7, spec 001 §7); shielded like every /MSP route. */
export function visitRoutes(app: FastifyInstance, service: VisitService, path: string = VISIT_PATH): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      schema: {
        summary: 'Create a visit (spec 000 §3 "Visit"); idempotent on a client-proposed visitId',
        description:
          "Answers the visit's fields of spec 000 §3 (visitId, visitorId, deviceId, parentVisitId, " +
          'absoluteParentVisitId, siteName, createdAt, completeUrl and the campaign fields; absent ones as ' +
          'null) and re-issues the visitor cookie with Set-Cookie. Every body field is optional: what the body ' +
          'leaves out comes from the visitor cookie or is made by the server (visitId, visitorId, the visit ' +
          'chain, siteName from the site list). A retried visitId is answered with the visit stored first; ' +
          'one that belongs to another visitor or device is refused with "Failed to create visitId".',
        tags: ['visits'],
        body: createVisitBodySchema,
        response: { 200: envelopeSchema(createVisitResponseSchema), '4xx': errorEnvelopeSchema },
      },
      // The hottest write path: the answer is built here from the validated body and ids the
      // server made, so it is written with JSON.stringify instead of being re-checked against the
      // response schema (which still documents it). The body is validated as on every route.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const siteId = request.siteId;
      if (siteId === null) throw new PraveshError('clientTokenMissing');
      const visit = await service.create(request.body, {
        siteId,
        deviceHash: request.pass?.device.hash ?? null,
        cookieHeader: request.headers.cookie,
        isGone: clientGone(request),
      });
      // A personalised Set-Cookie must never be served from a shared cache.
      reply.header('cache-control', 'no-store');
      if (visit.setCookie) reply.header('set-cookie', visit.setCookie);
      return ok(visit.visit);
    },
  );
}
