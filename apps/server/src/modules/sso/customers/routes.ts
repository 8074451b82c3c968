import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PraveshError,
  SSO_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  preferenceHeadersSchema,
  preferenceQuerySchema,
  preferenceResponseSchema,
} from '@pravesh/core';
import type { RateLimiter } from '../../../lib/rate-limit/index.ts';
import { checkSiteIdHeader, clientIp } from '../http.ts';
import { refuseInvalidInput } from '../validation.ts';
import type { CustomerStore } from './store.ts';

/** Lookups per client IP per minute: the answer says whether a number is registered. */
const PREFERENCE_LIMIT = 30;

export function customerRoutes(app: FastifyInstance, deps: { customers: CustomerStore; limiter: RateLimiter }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    SSO_ROUTES.preference,
    {
      attachValidation: true,
      schema: {
        summary: 'Sign-in preference of a mobile number (spec 000 §7)',
        description: 'Header site-id. Answers only whether the number is registered and whether a password is set.',
        tags: ['sso'],
        headers: preferenceHeadersSchema,
        querystring: preferenceQuerySchema,
        response: { 200: envelopeSchema(preferenceResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      refuseInvalidInput(request);
      checkSiteIdHeader(request, request.headers['site-id']);
      const limit = await deps.limiter.consume(`preference:ip:${clientIp(request)}`, PREFERENCE_LIMIT, 60_000);
      if (!limit.allowed) throw new PraveshError('rateLimited');
      const customer = await deps.customers.byMobile(request.query.mobileNo);
      const passwordSet = Boolean(customer?.passwordHash);
      void reply.header('cache-control', 'no-store');
      return ok({
        registered: customer !== undefined,
        passwordSet,
        preferredMethod: passwordSet ? ('mobile_credential' as const) : ('otp' as const),
      });
    },
  );
}
