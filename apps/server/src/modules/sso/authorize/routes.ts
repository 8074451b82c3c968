import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MFA_REQUIRED_CODE,
  PraveshError,
  SSO_ROUTES,
  authorizeBodySchema,
  authorizeResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  mfaRequiredEnvelopeSchema,
  ok,
} from '@pravesh/core';
import type { Keyring } from '../../../lib/keyring.ts';
import { callerSite, callerSiteKeys, type SessionCookies } from '../http.ts';
import { refuseInvalidInput } from '../validation.ts';
import type { DeviceTrust } from '../customers/trusted-devices.ts';
import type { AuthorizeService } from './service.ts';
import { describeDevice } from '../sessions/device-description.ts';

export function authorizeRoutes(
  app: FastifyInstance,
  deps: {
    authorize: AuthorizeService;
    cookies: SessionCookies;
    deviceTrust: DeviceTrust;
    keyring: Keyring;
    kids: readonly string[];
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    SSO_ROUTES.authorize,
    {
      attachValidation: true,
      schema: {
        summary: 'Sign in and get an authorization code (spec 000 §3 "Authorize request", §4 method priority)',
        description:
          'Methods in priority order: user_credential (username+password), otp (mobileNo+otp), mobile_credential ' +
          '(mobileNo+password), glss_key (glss_key+siteId), auth_token, glss_token (body or PB_GLSS_TOKEN cookie), ' +
          'social_truecaller (social_token = approved requestNonce). Sets PB_GLSS_TOKEN (HttpOnly) and ' +
          'PB_GLSS_TOKEN_EXISTS. An OTP sign-in also sets the HttpOnly trusted-device cookie PB_DEVICE_TRUST. A ' +
          'password sign-in from a browser without that cookie for the customer (or their live session) answers ' +
          '401 mfaRequired with the mobile number masked (******3210); retry after the OTP step (force_redirect=1).',
        tags: ['sso'],
        body: authorizeBodySchema,
        response: {
          200: envelopeSchema(authorizeResponseSchema),
          401: z.union([mfaRequiredEnvelopeSchema, errorEnvelopeSchema]),
          '4xx': errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      refuseInvalidInput(request);
      void reply.header('cache-control', 'no-store');
      const outcome = await deps.authorize.authorize(request.body, {
        siteId: callerSite(request),
        deviceHash: request.pass?.device.hash ?? null,
        device: describeDevice(request.headers['user-agent'], request.pass?.device.components),
        cookieToken: deps.cookies.read(request),
        deviceToken: deps.deviceTrust.read(request),
        siteKeys: () => callerSiteKeys(request, deps.keyring, deps.kids),
      });
      if (outcome.kind === 'mfa') {
        return reply.code(401).send({
          status: false,
          statusCode: MFA_REQUIRED_CODE,
          statusMessage: new PraveshError('mfaRequired').message,
          response: { mobileNo: outcome.maskedMobileNo, journey_type: 'JOURNEY_OTP', force_redirect: 1 },
        });
      }
      if (outcome.setSessionToken) deps.cookies.set(reply, outcome.setSessionToken);
      if (outcome.setDeviceToken) deps.deviceTrust.set(reply, outcome.setDeviceToken);
      return ok(outcome.response);
    },
  );
}
