import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PROFILE_ROUTES,
  cityListResponseSchema,
  customerProfileUpdateBodySchema,
  customerProfileUpdateResponseSchema,
  employerSearchQuerySchema,
  employerSearchResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  institutionListResponseSchema,
  institutionParamsSchema,
  ok,
  turnoverRangeListResponseSchema,
} from '@pravesh/core';
import { customerIdInBody, type CustomerAuth } from '../../auth/customer-auth.ts';
import type { ProfileService } from './service.ts';

/**
 * Reference lists change with a release, not per request: browsers and shared caches may keep them
 * an hour. They hold no personal data (an employer search term is a company's name), so they need
 * the pass token (the shield) but no access token.
 */
function cacheable(reply: FastifyReply): void {
  void reply.header('cache-control', 'public, max-age=3600');
}

/**
 * spec 001 §7 BSP utility/* and customerProfile/update. The update answers for the
 * access token's customer only: the body's customerId must be that customer's (tokenNotValidated
 * otherwise), so no one can change another's details, email or number.
 */
export function profileRoutes(
  app: FastifyInstance,
  deps: { service: ProfileService; customerAuth: CustomerAuth },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { service, customerAuth } = deps;
  const tags = ['profile'];

  typed.get(
    PROFILE_ROUTES.employer,
    {
      schema: {
        summary: 'Search employers by name (spec 001 §7 utility/employer)',
        description:
          'Query q: at least 2 letters. Matches names whose words start with each word of q ("tata cons"), ' +
          'names starting with q first, then larger employers; at most `limit` (20), `more` when others match.',
        tags,
        querystring: employerSearchQuerySchema,
        response: { 200: envelopeSchema(employerSearchResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const found = await service.searchEmployers(request.query.q);
      cacheable(reply);
      return ok(found);
    },
  );

  typed.get(
    PROFILE_ROUTES.city,
    {
      schema: {
        summary: 'Indian cities with their state (spec 001 §7 utility/city)',
        description: 'Every city of the address picker (spec 001 §3 utility slice cityList), by name.',
        tags,
        response: { 200: envelopeSchema(cityListResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const cities = await service.cities();
      cacheable(reply);
      return ok({ cities });
    },
  );

  typed.get(
    PROFILE_ROUTES.getTopCity,
    {
      schema: {
        summary: 'The cities shown first (spec 001 §7 utility/getTopCity)',
        description: 'spec 001 §3 utility slice topCityList: the cities most customers live in, most first.',
        tags,
        response: { 200: envelopeSchema(cityListResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const cities = await service.topCities();
      cacheable(reply);
      return ok({ cities });
    },
  );

  typed.get(
    PROFILE_ROUTES.getTopInstitution,
    {
      schema: {
        summary: 'The banks shown first (spec 001 §7 utility/getTopInstitution)',
        description: 'spec 001 §3 topBankList; spec 001 §9 "Top banks: five (HDFC, SBI, ICICI, Axis, Kotak)".',
        tags,
        response: { 200: envelopeSchema(institutionListResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const institutions = await service.topInstitutions();
      cacheable(reply);
      return ok({ institutions });
    },
  );

  typed.get(
    PROFILE_ROUTES.institution,
    {
      schema: {
        summary: 'Financial institutions of a category (spec 001 §7 utility/institution/4)',
        description:
          'Category 4: banks (spec 001 §3 bankList), by name. Another category is unknownInstitutionCategory (404).',
        tags,
        params: institutionParamsSchema,
        response: { 200: envelopeSchema(institutionListResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const institutions = await service.institutions(request.params.category);
      cacheable(reply);
      return ok({ institutions });
    },
  );

  typed.get(
    PROFILE_ROUTES.getAnnualTurnoverRange,
    {
      schema: {
        summary: 'Annual turnover bands (spec 001 §7 utility/getAnnualTurnoveRange)',
        description:
          'spec 001 §3 utility slice annualSalesTurnover: bands in whole rupees, lowest first; and ' +
          'specialAnnualTurnOverKeys, the rangeIds (from ₹50 lakh a year) at which a self-employed ' +
          "customer's bank is required too (bankRequiredForTurnover otherwise).",
        tags,
        response: { 200: envelopeSchema(turnoverRangeListResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const answer = await service.turnoverRanges();
      cacheable(reply);
      return ok(answer);
    },
  );

  typed.post(
    PROFILE_ROUTES.update,
    {
      preHandler: customerAuth.signedIn({ claimedBy: customerIdInBody }),
      schema: {
        summary: 'Update personal details, email or mobile number (spec 001 §7 customerProfile/update)',
        description:
          'updateType personalDetails: saved at once (spec 001 §3 lists; PAN masked in the answer). A new email ' +
          'or mobile number needs a proof of the current one first (ASVS 5.0 V7.5.1): updateType reauthenticate ' +
          'without otp sends a code to the CURRENT number (the email of an account without one), with it answers ' +
          'reauthenticated and a reauthToken good for 10 minutes in this session (else reauthenticationRequired, ' +
          '403). Then updateType email or mobileNo with the reauthToken: without otp a code is sent to the NEW ' +
          'address or number (outcome otpSent; sent again, "re-sent"; the same answer for one another account ' +
          'holds; 5 an hour per customer, then contactChangeRateLimited), with it the code is checked, a taken ' +
          'one is refused (emailInUse, mobileNumberInUse), and the new one replaces the old (outcome verified): ' +
          'the other sessions are signed out and the old number and email told. Emails must pass the loose and ' +
          'strict rules of spec 001 §5; OTP failures answer the spec 001 §5 texts. customerId must be the ' +
          'access token’s own customer.',
        tags,
        body: customerProfileUpdateBodySchema,
        response: { 200: envelopeSchema(customerProfileUpdateResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const claims = request.customer;
      void reply.header('cache-control', 'no-store');
      if (body.updateType === 'personalDetails') {
        return ok(await service.savePersonalDetails(claims.customerId, body.personalDetails));
      }
      const caller = { customerId: claims.customerId, sessionId: claims.sessionId, ip: request.ip || 'unknown' };
      if (body.updateType === 'reauthenticate') return ok(await service.proveCurrentFactor(caller, body.otp));
      return ok(
        await service.changeContact(caller, {
          kind: body.updateType === 'email' ? 'email' : 'mobile',
          value: body.updateType === 'email' ? body.email : body.mobileNo,
          otp: body.otp,
          reauthToken: body.reauthToken,
        }),
      );
    },
  );
}
