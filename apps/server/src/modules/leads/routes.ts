import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEAD_ROUTES,
  PARTNER_KEY_HEADER,
  applyOfferBodySchema,
  applyOfferResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  getLeadsResponseSchema,
  leadDetailsQuerySchema,
  leadDetailsResponseSchema,
  ok,
  partnerLeadQuerySchema,
  partnerLeadResponseSchema,
  partnerLeadStatusBodySchema,
  quoteApplyBodySchema,
  withdrawLeadBodySchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { LeadsService } from './service.ts';

/**
 * Leads over HTTP (spec 000 §3, §7; spec 001 §3, §7). Customer routes speak only for
 * the customer of the access token (pass token sso strategy or pb-access-token): the bodies name no
 * customer, so nobody can apply or read as another; no token or a bad one is tokenNotValidated
 * (spec 001 §8 "Token not validated"). Partner routes are server to server: no pass token (no
 * browser sends them), the partner key in a header instead.
 */
export interface LeadRouteDeps {
  service: LeadsService;
  customerAuth: CustomerAuth;
}

const partnerHeadersSchema = z.object({ [PARTNER_KEY_HEADER]: z.string().max(512).optional() });

export function leadRoutes(app: FastifyInstance, { service, customerAuth }: LeadRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = customerAuth.signedIn();

  typed.post(
    LEAD_ROUTES.applyOffer,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Apply to a pre-approved offer; answers the partner continue URL (spec 000 §3 "Apply-offer", §7)',
        description:
          "POST (method not shown in the spec). Needs the signed-in customer's access token; mobileNo must be " +
          "that customer's and the offer one pre-approved for them. One lead per customer and offer: a retry " +
          '(or a concurrent apply) answers the same lead and redirectUrl with created false. The URL carries ' +
          'only an opaque lead reference (`ref`), never personal data or a token. The lead also appears in ' +
          "the customer's recent activity (pbguc/getApplicationData).",
        tags: ['leads'],
        body: applyOfferBodySchema,
        response: { 200: envelopeSchema(applyOfferResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const customer = request.customer;
      const { mobileNo, payload, offerId } = request.body;
      return ok(
        await service.apply(customer.customerId, {
          offerId,
          mobileNo,
          visitId: payload.visitId,
          siteId: request.siteId,
        }),
      );
    },
  );

  typed.post(
    LEAD_ROUTES.quoteApply,
    {
      preHandler: signedIn,
      schema: {
        summary: "The dashboard's apply (spec 001 §7 partner/quoteApply): the same lead as PCO/applyOffer",
        description:
          "POST (payload not shown in the spec). Needs the signed-in customer's access token; mobileNo is " +
          "optional and, when sent, must be the customer's. Same answer and exactly-once rule as PCO/applyOffer.",
        tags: ['leads'],
        body: quoteApplyBodySchema,
        response: { 200: envelopeSchema(applyOfferResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const customer = request.customer;
      const { offerId, mobileNo, visitId } = request.body;
      return ok(await service.apply(customer.customerId, { offerId, mobileNo, visitId, siteId: request.siteId }));
    },
  );

  typed.get(
    LEAD_ROUTES.getLeads,
    {
      preHandler: signedIn,
      schema: {
        summary: "The signed-in customer's leads, newest first (spec 001 §7 myAccount/getLeads)",
        description: 'GET (method not shown in the spec), access token as for every customer read.',
        tags: ['leads'],
        response: { 200: envelopeSchema(getLeadsResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.list(request.customer.customerId)),
  );

  typed.get(
    LEAD_ROUTES.getUpdatedLeadDetails,
    {
      preHandler: signedIn,
      schema: {
        summary: 'One lead with its status history (spec 001 §7 myAccount/getUpdatedLeadDetails)',
        description: "GET with the lead id in the query. Another customer's lead answers leadNotFound.",
        tags: ['leads'],
        querystring: leadDetailsQuerySchema,
        response: { 200: envelopeSchema(leadDetailsResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.details(request.customer.customerId, request.query.leadId)),
  );

  typed.post(
    LEAD_ROUTES.withdrawLead,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Withdraw an application the lender has not decided (ours; My Account)',
        description:
          "POST with the lead id in the body. Only the signed-in customer's own lead (another's answers " +
          'leadNotFound); only while it is started, submitted or waiting for the customer (else ' +
          'leadNotWithdrawable). The lead becomes WITHDRAWN, its history records it and the partner reads ' +
          'WITHDRAWN at partner/lead; withdrawing a withdrawn lead again answers it unchanged.',
        tags: ['leads'],
        body: withdrawLeadBodySchema,
        response: { 200: envelopeSchema(leadDetailsResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.withdraw(request.customer.customerId, request.body.leadId)),
  );

  typed.get(
    LEAD_ROUTES.partnerLead,
    {
      config: { shield: false },
      schema: {
        summary: 'Partner: the lead behind a continue URL reference (ours; server to server)',
        description:
          `The partner that received a customer at its continue URL reads what was applied to with the \`ref\` ` +
          `of that URL and its partner key in \`${PARTNER_KEY_HEADER}\`. No personal data is answered: the ` +
          "customer identifies themself to the lender. A key reads only its own lenders' leads.",
        tags: ['partner'],
        headers: partnerHeadersSchema,
        querystring: partnerLeadQuerySchema,
        response: { 200: envelopeSchema(partnerLeadResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.partnerRead(request.headers[PARTNER_KEY_HEADER], request.query.ref)),
  );

  typed.post(
    LEAD_ROUTES.partnerLeadStatus,
    {
      config: { shield: false },
      schema: {
        summary: "Partner: report a lead's status, its own word beside ours (ours; server to server)",
        description:
          'status moves only as the lead lifecycle allows (created → submitted ⇄ action required → sanctioned → ' +
          'disbursed or card issued → completed; rejected, expired, withdrawn end it): else leadTransitionRefused. ' +
          'The same status with a new partnerStatus is recorded; an exact repeat changes nothing.',
        tags: ['partner'],
        headers: partnerHeadersSchema,
        body: partnerLeadStatusBodySchema,
        response: { 200: envelopeSchema(partnerLeadResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.partnerReport(request.headers[PARTNER_KEY_HEADER], request.body)),
  );
}
