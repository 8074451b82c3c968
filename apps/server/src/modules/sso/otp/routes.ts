import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_OTP_MESSAGES,
  OTP_MESSAGES,
  SSO_ROUTES,
  emailOtpSendBodySchema,
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
import { checkAuthorizationKey, checkEmailAuthorizationKey } from './authorization-key.ts';
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

/**
 * JOURNEY_EMAIL_OTP (issue 4; ours, beside spec 000 §7's customer/otp): POST customer/emailOtp sends
 * the code by email under the same rules. It is verified by oauth/authorize's otp method with
 * `email` instead of `mobileNo`. Bad addresses answer invalidEmail.
 */
export function emailOtpRoutes(
  app: FastifyInstance,
  deps: { otp: OtpService; keyring: Keyring; kids: readonly string[]; now: () => number },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    SSO_ROUTES.emailOtp,
    {
      attachValidation: true,
      schema: {
        summary: 'Send a sign-in OTP by email (JOURNEY_EMAIL_OTP)',
        description:
          'Headers: site-id and authorization-key = sealForSite(siteKey, "authorization-key", {siteId, timestamp ' +
          '(epoch ms, ±2 min), email}). Body {email, visitorId, visitId}; the address must pass the strict rule of ' +
          'spec 001 §5 and is compared lower-cased. 6 digits, valid 5 minutes; one send per 30 s and 5 per hour per ' +
          'address, and the per-IP limit shared with SMS. Verify with POST oauth/authorize {email, otp}.',
        tags: ['sso'],
        headers: otpSendHeadersSchema,
        body: emailOtpSendBodySchema,
        response: { 200: envelopeSchema(otpSendResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      refuseInvalidInput(request);
      const siteId = checkSiteIdHeader(request, request.headers['site-id']);
      await checkEmailAuthorizationKey({
        sealed: request.headers['authorization-key'],
        siteKeys: await callerSiteKeys(request, deps.keyring, deps.kids),
        siteId,
        email: request.body.email,
        nowMs: deps.now(),
      });
      const sent = await deps.otp.sendEmail(request.body.email, clientIp(request));
      void reply.header('cache-control', 'no-store');
      const response = {
        resendAfterSeconds: sent.resendAfterSeconds,
        expiresInSeconds: sent.expiresInSeconds,
        otpLength: sent.otpLength,
      };
      return sent.resent ? ok(response, EMAIL_OTP_MESSAGES.resent) : ok(response);
    },
  );
}
