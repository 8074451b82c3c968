import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PraveshError,
  SELF_SERVICE_ROUTES,
  activeDevicesResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  accountActivityResponseSchema,
  deviceLabel,
  ok,
  revokeDeviceBodySchema,
  revokeDeviceResponseSchema,
  type ActiveDevice,
} from '@pravesh/core';
import type { CustomerAuth } from '../../../auth/customer-auth.ts';
import type { AccountActivity } from '../../../lib/account-activity.ts';
import type { SessionStore } from './store.ts';

/**
 * Active devices (spec 001 §2 active-devices, §3 user slice activeDevicesList):
 * the customer's live sign-on sessions, and signing one of them out. A device is a session of this
 * module's own records, and signing it out is this module's one revocation (SessionStore.revoke):
 * the session and every access token issued under it, on every site, stop working at once, because
 * the access-token check (auth/access-tokens.ts) reads both on every request.
 */
export function deviceRoutes(
  app: FastifyInstance,
  deps: { sessions: SessionStore; customerAuth: CustomerAuth; accountActivity: AccountActivity },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { sessions, customerAuth, accountActivity } = deps;

  const signedIn = customerAuth.signedIn();

  typed.post(
    SELF_SERVICE_ROUTES.activeDevices,
    {
      preHandler: signedIn,
      schema: {
        summary: "The signed-in customer's active devices (spec 001 §2 active-devices)",
        description:
          'Every live sign-on session of the access token’s customer, newest first: device kind, browser, ' +
          'region of the sign-in (from the browser’s time zone, never an address lookup), signed in and last ' +
          'active. current marks the calling token’s own session. Needs the access token.',
        tags: ['my-account'],
        response: { 200: envelopeSchema(activeDevicesResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const claims = request.customer;
      const live = await sessions.liveOf(claims.customerId);
      const devices: ActiveDevice[] = live.map((session) => ({
        deviceId: session.sessionId,
        deviceKind: session.deviceKind as ActiveDevice['deviceKind'],
        browser: session.browser,
        place: session.place,
        signedInAt: session.createdAt.toISOString(),
        lastActiveAt: session.lastActiveAt.toISOString(),
        current: session.sessionId === claims.sessionId,
      }));
      void reply.header('cache-control', 'no-store');
      return ok({ devices });
    },
  );

  typed.post(
    SELF_SERVICE_ROUTES.revokeDevice,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Sign one device out everywhere (spec 001 §2 active-devices)',
        description:
          'Ends the session and every access token issued under it, on every site; its next call is refused ' +
          '(tokenNotValidated). Only the access token’s own customer’s sessions: any other id is deviceNotFound ' +
          '(404). The calling session itself is currentDeviceNotRevocable (409): that is logout ' +
          '(myAccount/session/logout).',
        tags: ['my-account'],
        body: revokeDeviceBodySchema,
        response: { 200: envelopeSchema(revokeDeviceResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const claims = request.customer;
      const { deviceId } = request.body;
      if (deviceId === claims.sessionId) throw new PraveshError('currentDeviceNotRevocable');
      const session = await sessions.byId(deviceId);
      // Another customer's session, an ended one and no session at all get the same answer.
      if (
        !session ||
        session.customerId.toLowerCase() !== claims.customerId.toLowerCase() ||
        !sessions.isLive(session)
      ) {
        throw new PraveshError('deviceNotFound');
      }
      await sessions.revoke(session.sessionId);
      await accountActivity.record({
        customerId: claims.customerId,
        kind: 'deviceSignedOut',
        detail: deviceLabel(session),
      });
      void reply.header('cache-control', 'no-store');
      return ok({ revoked: true as const });
    },
  );

  typed.post(
    SELF_SERVICE_ROUTES.accountActivity,
    {
      preHandler: signedIn,
      schema: {
        summary: "The signed-in customer's recent account security events (spec 001 §2 active-devices)",
        description:
          'Newest first, at most 20: a changed mobile number or email (shown masked) and devices signed out, ' +
          'so a change the customer did not make stands out. Needs the access token; only its own customer’s.',
        tags: ['my-account'],
        response: { 200: envelopeSchema(accountActivityResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok({ items: await accountActivity.recent(request.customer.customerId) });
    },
  );
}
