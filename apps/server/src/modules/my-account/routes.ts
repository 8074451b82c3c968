import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MY_ACCOUNT_ROUTES,
  customerDetailsBodySchema,
  customerDetailsResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  myAccountLogoutResponseSchema,
  myAccountSessionResponseSchema,
  ok,
} from '@pravesh/core';
import { customerIdInBody, type CustomerAuth } from '../../auth/customer-auth.ts';
import type { MyAccountService } from './service.ts';

/**
 * spec 001 §7 myAccount/session, session/logout and getCustomerDetails. POST, as the spec shows for
 * logout and as the SDK sends every /MSP call: customer ids stay out of URLs and logs. Answers carry
 * personal data, so nothing here may be cached.
 */
export function myAccountRoutes(
  app: FastifyInstance,
  deps: { service: MyAccountService; customerAuth: CustomerAuth },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { service, customerAuth } = deps;
  const signedIn = customerAuth.signedIn();

  typed.post(
    MY_ACCOUNT_ROUTES.session,
    {
      preHandler: signedIn,
      schema: {
        summary: "The access token's sign-on session and customer (spec 001 §2 layout guard)",
        description:
          'The dashboard compares the customer it stored at sign-in with this one and goes to the root on a ' +
          'mismatch. Needs the access token (pass token sso strategy or pb-access-token).',
        tags: ['my-account'],
        response: { 200: envelopeSchema(myAccountSessionResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const session = await service.session(request.customer);
      void reply.header('cache-control', 'no-store');
      return ok(session);
    },
  );

  typed.post(
    MY_ACCOUNT_ROUTES.sessionLogout,
    {
      preHandler: signedIn,
      schema: {
        summary: 'End the sign-on session behind the access token (spec 001 §4 Logout)',
        description: 'Revokes the session and every access token issued under it, on every site.',
        tags: ['my-account'],
        response: { 200: envelopeSchema(myAccountLogoutResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const ended = await service.logout(request.customer);
      void reply.header('cache-control', 'no-store');
      return ok(ended);
    },
  );

  typed.post(
    MY_ACCOUNT_ROUTES.getCustomerDetails,
    {
      preHandler: customerAuth.signedIn({ claimedBy: customerIdInBody }),
      schema: {
        summary: "The signed-in customer's contact details (spec 001 §9 myAccount/getCustomerDetails)",
        description: "Body {customerId}: must be the access token's own customer, else tokenNotValidated.",
        tags: ['my-account'],
        body: customerDetailsBodySchema,
        response: { 200: envelopeSchema(customerDetailsResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const details = await service.customerDetails(request.customer);
      void reply.header('cache-control', 'no-store');
      return ok(details);
    },
  );
}
