import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OTP_MESSAGES,
  SSO_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  otpSendBodySchema,
  otpSendHeadersSchema,
  otpSendResponseSchema,
} from '@pravesh/core';
import type { Keyring } from '../../shield/keyring.ts';
import { callerSiteKeys, checkSiteIdHeader, clientIp } from '../http.ts';
import { refuseInvalidInput } from '../validation.ts';
import { checkAuthorizationKey } from './authorization-key.ts';
import type { OtpService } from './service.ts';

export function otpRoutes(
  app: FastifyInstance,
  deps: { otp: OtpService; keyring: Keyring; kids: readonly string[]; now: () => number },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    SSO_ROUTES.otp,
    {
      attachValidation: true,
      schema: {
        summary: 'Send a sign-in OTP by SMS (spec 000 §3 "OTP send payload", §7)',
        description:
          'Headers: site-id (the calling site) and authorization-key = sealForSite(siteKey, "authorization-key", ' +
          '{siteId, timestamp (epoch ms, ±2 min), mobileNo}). 6 digits, valid 5 minutes; one send per 30 s and ' +
          '5 per hour per number, and a per-IP limit. A resend answers statusMessage "Please enter OTP re-sent to ' +
          'your mobile number".',
        tags: ['sso'],
        headers: otpSendHeadersSchema,
        body: otpSendBodySchema,
        response: { 200: envelopeSchema(otpSendResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      refuseInvalidInput(request);
      const siteId = checkSiteIdHeader(request, request.headers['site-id']);
      await checkAuthorizationKey({
        sealed: request.headers['authorization-key'],
        siteKeys: await callerSiteKeys(request, deps.keyring, deps.kids),
        siteId,
        mobileNo: request.body.mobileNo,
        nowMs: deps.now(),
      });
      const sent = await deps.otp.send(request.body.mobileNo, clientIp(request));
      void reply.header('cache-control', 'no-store');
      const response = {
        resendAfterSeconds: sent.resendAfterSeconds,
        expiresInSeconds: sent.expiresInSeconds,
        otpLength: sent.otpLength,
      };
      return sent.resent ? ok(response, OTP_MESSAGES.resent) : ok(response);
    },
  );
}
