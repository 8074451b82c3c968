import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PraveshError,
  SSO_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  mobileNoSchema,
  ok,
  preferenceHeadersSchema,
  preferenceQuerySchema,
  preferenceResponseSchema,
  type PreferenceResponse,
} from '@pravesh/core';
import type { RateLimiter } from '../../../lib/rate-limit/index.ts';
import { checkSiteIdHeader, clientIp, type SessionCookies } from '../http.ts';
import type { SessionStore } from '../sessions/store.ts';
import { refuseInvalidInput } from '../validation.ts';
import type { PiiCipher } from '../../../auth/pii-cipher.ts';
import type { CustomerStore } from './store.ts';
import type { DeviceTrust } from './trusted-devices.ts';

const HOUR_MS = 3_600_000;

/** The answer to anyone who has not shown they are the number's customer: the same for every number. */
const UNPROVEN: PreferenceResponse = { registered: false, passwordSet: false, preferredMethod: 'otp' };

export const preferenceBodySchema = z.object({ mobileNo: mobileNoSchema });

export interface CustomerRouteDeps {
  customers: CustomerStore;
  limiter: RateLimiter;
  pii: PiiCipher;
  deviceTrust: DeviceTrust;
  sessions: SessionStore;
  cookies: SessionCookies;
  /** Lookups per client IP per hour: the OTP send limit ("limit it like OTP sends"). */
  maxPerIpPerHour: number;
}

/**
 * customer/preference (spec 000 §7: GET …/customer/preference?mobileNo, header site-id; the answer's
 * fields are ours, spec 000 says "not shown").
 *
 * Reconciling the spec with ASVS V6.3.8 / 4.0.3 V2.2.1 (no account enumeration): the route, header and fields stay, but
 * `registered` and `passwordSet` speak only to a caller that has shown it is the number's customer,
 * by this browser's live session or its trusted-device cookie (set by an OTP sign-in,
 * customers/trusted-devices.ts). To anyone else the answer is {registered: false, passwordSet:
 * false, preferredMethod: otp} for every number, registered or not: the sign-in journey then offers
 * OTP, which a password sign-in from an untrusted browser needs anyway (the second factor, §1.6),
 * so nothing the journey could offer is lost. A trusted browser gets the truth and the password
 * step first.
 *
 * The number also arrives in a POST body (ours): a number in a URL lands in access logs, proxies
 * and history. The spec's GET stays for spec clients; the logger redacts its query.
 */
export function customerRoutes(app: FastifyInstance, deps: CustomerRouteDeps): void {
  async function answer(request: FastifyRequest, reply: FastifyReply, mobileNo: string) {
    checkSiteIdHeader(request, request.headers['site-id'] as string);
    const limit = await deps.limiter.consume(`preference:ip:${clientIp(request)}`, deps.maxPerIpPerHour, HOUR_MS);
    if (!limit.allowed) throw new PraveshError('rateLimited');
    void reply.header('cache-control', 'no-store');
    const mobileHash = deps.pii.hash('mobile', mobileNo);
    const trusted = await deps.deviceTrust.trustedCustomerByMobileHash(deps.deviceTrust.read(request), mobileHash);
    let passwordHash = trusted?.passwordHash;
    let proven = trusted !== undefined;
    if (!proven) {
      const session = await deps.sessions.resolve(deps.cookies.read(request));
      const customer = session ? await deps.customers.byId(session.customerId) : undefined;
      if (customer && deps.pii.hash('mobile', customer.mobileNo) === mobileHash) {
        proven = true;
        passwordHash = customer.passwordHash;
      }
    }
    if (!proven) return ok(UNPROVEN);
    const passwordSet = Boolean(passwordHash);
    return ok({
      registered: true,
      passwordSet,
      preferredMethod: passwordSet ? ('mobile_credential' as const) : ('otp' as const),
    } satisfies PreferenceResponse);
  }

  const description =
    'Header site-id. Answers registered/passwordSet only to the number’s own customer (a live session or ' +
    'this browser’s trusted-device cookie); to anyone else {registered:false, passwordSet:false, ' +
    'preferredMethod:"otp"} for every number. Limited per client IP like OTP sends.';

  app.withTypeProvider<ZodTypeProvider>().get(
    SSO_ROUTES.preference,
    {
      attachValidation: true,
      schema: {
        summary: 'Sign-in preference of a mobile number (spec 000 §7)',
        description: `${description} Prefer the POST form: a number in a URL reaches logs and history.`,
        tags: ['sso'],
        headers: preferenceHeadersSchema,
        querystring: preferenceQuerySchema,
        response: { 200: envelopeSchema(preferenceResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      refuseInvalidInput(request);
      return answer(request, reply, request.query.mobileNo);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    SSO_ROUTES.preference,
    {
      attachValidation: true,
      schema: {
        summary: 'Sign-in preference of a mobile number, the number in the body (ours, beside spec 000 §7)',
        description,
        tags: ['sso'],
        headers: preferenceHeadersSchema,
        body: preferenceBodySchema,
        response: { 200: envelopeSchema(preferenceResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      refuseInvalidInput(request);
      return answer(request, reply, request.body.mobileNo);
    },
  );
}
