import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_OTP_MESSAGES,
  OTP_MESSAGES,
  SSO_ROUTES,
  emailOtpSendBodySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  failure,
  ok,
  otpSendBodySchema,
  otpSendHeadersSchema,
  otpSendErrorEnvelopeSchema,
  otpSendResponseSchema,
  type OtpProofOfWork,
} from '@pravesh/core';
import type { Keyring } from '../../../lib/keyring.ts';
import { callerSiteKeys, checkSiteIdHeader, clientIp } from '../http.ts';
import { refuseInvalidInput } from '../validation.ts';
import { checkAuthorizationKey, checkEmailAuthorizationKey } from './authorization-key.ts';
import { noteRefusal } from '../../../observability/plugin.ts';
import { ChallengedError } from '../../../lib/otp/proof-of-work.ts';
import type { OtpSent, OtpService } from '../../../lib/otp/service.ts';

interface OtpRouteDeps {
  otp: OtpService;
  keyring: Keyring;
  kids: readonly string[];
  now: () => number;
}

/**
 * The SMS and email send handlers differ only in the subject they send to: how its
 * authorization-key is checked, how the code goes out, and the "re-sent" message.
 */
function sendHandler<Body>(
  deps: OtpRouteDeps,
  subject: {
    checkKey(input: {
      sealed: string;
      siteKeys: Uint8Array<ArrayBuffer>[];
      siteId: number;
      body: Body;
      nowMs: number;
    }): Promise<unknown>;
    send(body: Body, ip: string): Promise<OtpSent>;
    resentMessage: string;
  },
) {
  return async (
    request: FastifyRequest<{ Body: Body; Headers: { 'site-id': string; 'authorization-key': string } }>,
    reply: FastifyReply,
  ) => {
    refuseInvalidInput(request);
    const siteId = checkSiteIdHeader(request, request.headers['site-id']);
    // Validated by the route's body schema (refuseInvalidInput threw otherwise).
    const body = request.body as Body;
    await subject.checkKey({
      sealed: request.headers['authorization-key'],
      siteKeys: await callerSiteKeys(request, deps.keyring, deps.kids),
      siteId,
      body,
      nowMs: deps.now(),
    });
    void reply.header('cache-control', 'no-store');
    let sent: OtpSent;
    try {
      sent = await subject.send(body, clientIp(request));
    } catch (error) {
      if (!(error instanceof ChallengedError)) throw error;
      // The refusal carries its challenge (README "OTP"), for the client to solve and send again.
      noteRefusal(request, error.code);
      return reply
        .status(error.status)
        .send({ ...failure(error.code, error.message), response: { proofOfWork: error.challenge } });
    }
    const response = {
      resendAfterSeconds: sent.resendAfterSeconds,
      expiresInSeconds: sent.expiresInSeconds,
      otpLength: sent.otpLength,
    };
    return sent.resent ? ok(response, subject.resentMessage) : ok(response);
  };
}

export function otpRoutes(app: FastifyInstance, deps: OtpRouteDeps): void {
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
          'your mobile number". While an SMS budget (per number prefix, or the whole deployment) is under ' +
          'pressure, a send without proofOfWork answers 428 otpProofOfWorkRequired with response.proofOfWork ' +
          '{challenge, difficulty, expiresInSeconds}: find a nonce such that SHA-256("challenge:nonce") starts ' +
          'with difficulty zero bits and send again with proofOfWork {challenge, nonce}. A wrong, stale or ' +
          'reused proof answers 400 otpProofOfWorkInvalid with a fresh challenge.',
        tags: ['sso'],
        headers: otpSendHeadersSchema,
        body: otpSendBodySchema,
        response: { 200: envelopeSchema(otpSendResponseSchema), '4xx': otpSendErrorEnvelopeSchema },
      },
    },
    sendHandler<{ mobileNo: string; proofOfWork?: OtpProofOfWork | null | undefined }>(deps, {
      checkKey: ({ body, ...input }) => checkAuthorizationKey({ ...input, mobileNo: body.mobileNo }),
      send: (body, ip) => deps.otp.send(body.mobileNo, ip, body.proofOfWork),
      resentMessage: OTP_MESSAGES.resent,
    }),
  );
}

/**
 * JOURNEY_EMAIL_OTP (ours, beside spec 000 §7's customer/otp): POST customer/emailOtp sends
 * the code by email under the same rules. It is verified by oauth/authorize's otp method with
 * `email` instead of `mobileNo`. Bad addresses answer invalidEmail.
 */
export function emailOtpRoutes(app: FastifyInstance, deps: OtpRouteDeps): void {
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
    sendHandler<{ email: string }>(deps, {
      checkKey: ({ body, ...input }) => checkEmailAuthorizationKey({ ...input, email: body.email }),
      send: (body, ip) => deps.otp.sendEmail(body.email, ip),
      resentMessage: EMAIL_OTP_MESSAGES.resent,
    }),
  );
}
