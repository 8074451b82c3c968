import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CREDIT_ACCESS_TOKEN_HEADER,
  CREDIT_ALERT_ROUTES,
  CREDIT_ALERT_ROUTE_METHODS,
  PraveshError,
  creditBureauQuerySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  subscribeBureauAlertsBodySchema,
  subscribeBureauAlertsResponseSchema,
  updateAlertStateBodySchema,
  updateAlertStateResponseSchema,
  userAlertSegmentResponseSchema,
  userAllAlertsResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { CreditAlertsService } from './service.ts';

export interface CreditAlertRouteDeps {
  service: CreditAlertsService;
  customerAuth: CustomerAuth;
}

const TOKEN_NOTE =
  `Needs the signed-in customer's access token (pass token sso strategy or the ${CREDIT_ACCESS_TOKEN_HEADER} ` +
  'header) issued to the calling site; answers for that customer only, else tokenNotValidated ("Token not validated").';

const RESPONSES = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } as const;

/**
 * spec 001 §7 creditAlerts, paths and methods from core CREDIT_ALERT_ROUTES. Like the
 * credit routes, no customer id is ever named: the access token's customer is the only one a
 * request can read or mark, and an alert id of someone else's answers as an unknown one.
 */
export function creditAlertRoutes(app: FastifyInstance, { service, customerAuth }: CreditAlertRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = customerAuth.signedIn();

  typed.route({
    method: CREDIT_ALERT_ROUTE_METHODS.getUserAlertSegment,
    url: CREDIT_ALERT_ROUTES.getUserAlertSegment,
    preHandler: signedIn,
    schema: {
      summary: "creditAlerts/getUserAlertSegment: the customer's alerts at a glance (spec 001 §3 userAlertSegment)",
      description:
        'Unread and total alerts, each bureau with a pull and whether its alerts are on, and scoreChange: the ' +
        'latest score move (first bureau by spec 000 §9 priority whose latest pull moved it) with its ranked ' +
        `reasons, or null. Alerts come from each pair of consecutive stored pulls per bureau. ${TOKEN_NOTE}`,
      tags: ['credit-alerts'],
      response: { 200: envelopeSchema(userAlertSegmentResponseSchema), ...RESPONSES },
    },
    handler: async (request) => ok(await service.segment(request.customer.customerId)),
  });

  typed.route({
    method: CREDIT_ALERT_ROUTE_METHODS.getUserAllAlerts,
    url: CREDIT_ALERT_ROUTES.getUserAllAlerts,
    // The only query field is creditBureau: its refusal is the catalogue's invalidCreditBureau.
    attachValidation: true,
    preHandler: signedIn,
    schema: {
      summary: "creditAlerts/getUserAllAlerts: the customer's credit alerts (spec 001 §3 userAllAlerts)",
      description:
        'Alerts not dismissed, of subscribed bureaus, newest pull first and by rank within a pull (a score move ' +
        'first); creditBureau narrows them to one bureau. Each is one change between two stored pulls: new ' +
        'account, account closed, new enquiry, missed payment, utilisation up or down, score up or down, with ' +
        `a plain-English explanation and its impact. ${TOKEN_NOTE}`,
      tags: ['credit-alerts'],
      querystring: creditBureauQuerySchema,
      response: { 200: envelopeSchema(userAllAlertsResponseSchema), ...RESPONSES },
    },
    handler: async (request) => {
      const customerId = request.customer.customerId;
      if (request.validationError) {
        const raw = (request.query as Record<string, unknown> | undefined)?.creditBureau;
        throw new PraveshError('invalidCreditBureau', { bureau: String(raw).slice(0, 40) });
      }
      return ok(await service.allAlerts(customerId, request.query.creditBureau));
    },
  });

  typed.route({
    method: CREDIT_ALERT_ROUTE_METHODS.createUpdateUserAlertState,
    url: CREDIT_ALERT_ROUTES.createUpdateUserAlertState,
    preHandler: signedIn,
    schema: {
      summary: 'creditAlerts/createUpdateUserAlertState: mark alerts read or dismissed (spec 001 §7)',
      description:
        'Idempotent: marking again keeps the first time. DISMISSED also reads the alert and takes it off the list. ' +
        "When any id is not one of the customer's alerts nothing is marked: creditAlertNotFound (404), the same " +
        `answer for an unknown id and someone else's. ${TOKEN_NOTE}`,
      tags: ['credit-alerts'],
      body: updateAlertStateBodySchema,
      response: { 200: envelopeSchema(updateAlertStateResponseSchema), ...RESPONSES },
    },
    handler: async (request) => ok(await service.updateState(request.customer.customerId, request.body)),
  });

  typed.route({
    method: CREDIT_ALERT_ROUTE_METHODS.subscribeBureauAlerts,
    url: CREDIT_ALERT_ROUTES.subscribeBureauAlerts,
    preHandler: signedIn,
    schema: {
      summary: "creditAlerts/subscribeBureauAlerts: turn one bureau's alerts on or off (spec 001 §7)",
      description:
        'Stored per customer and bureau; the latest choice stands and repeating it changes nothing. Alerts of a ' +
        `bureau turned off stay stored but are not listed or counted. ${TOKEN_NOTE}`,
      tags: ['credit-alerts'],
      body: subscribeBureauAlertsBodySchema,
      response: { 200: envelopeSchema(subscribeBureauAlertsResponseSchema), ...RESPONSES },
    },
    handler: async (request) => {
      const customerId = request.customer.customerId;
      return ok(await service.subscribe(customerId, request.body.creditBureau, request.body.subscribe));
    },
  });
}
