import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SELF_SERVICE_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  preferenceBodySchema,
  preferencesResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { PreferencesService } from './service.ts';

/**
 * spec 001 §7 GET commbox/getPreference and POST commbox/preference. Both answer
 * for the access token's customer only: no body or query names a customer, so no one can read or
 * change another's preferences.
 */
export function preferencesRoutes(
  app: FastifyInstance,
  deps: { service: PreferencesService; customerAuth: CustomerAuth },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { service, customerAuth } = deps;
  const signedIn = customerAuth.signedIn();

  typed.get(
    SELF_SERVICE_ROUTES.getPreference,
    {
      preHandler: signedIn,
      schema: {
        summary: 'The signed-in customer’s communication preferences (spec 001 §7 commbox/getPreference)',
        description:
          'spec 001 §3 user slice preferencesData (sms, call, whatsApp, email; on until turned off) and ' +
          'preferencesActionCount (changes per channel, from 0). Needs the access token.',
        tags: ['my-account'],
        response: { 200: envelopeSchema(preferencesResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const claims = request.customer;
      void reply.header('cache-control', 'no-store');
      return ok(await service.preferences(claims.customerId));
    },
  );

  typed.post(
    SELF_SERVICE_ROUTES.preference,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Turn communication channels on or off (spec 001 §7 commbox/preference)',
        description:
          'Body: one or more of sms, call, whatsApp, email as booleans; a channel left out keeps its value. ' +
          'A channel’s action counter goes up when its value changes. A channel turned off receives no ' +
          'marketing message; OTPs and other transactional messages still go. Answers the new preferences.',
        tags: ['my-account'],
        body: preferenceBodySchema,
        response: { 200: envelopeSchema(preferencesResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const claims = request.customer;
      void reply.header('cache-control', 'no-store');
      return ok(await service.change(claims.customerId, request.body));
    },
  );
}
