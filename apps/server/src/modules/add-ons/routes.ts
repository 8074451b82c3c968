import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADD_ON_ROUTES,
  accountUserInformationResponseSchema,
  confirmPaymentBodySchema,
  creditHealthReportPdfResponseSchema,
  creditHealthReportResponseSchema,
  createOrderBodySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  orderStatusQuerySchema,
  productListResponseSchema,
  purchaseSchema,
  stepUpCardResponseSchema,
  addOnTransactionsResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import { sendPdf } from '../../lib/pdf/reply.ts';
import { healthReportFileName, renderHealthReportPdf } from './health-report-pdf.ts';
import type { AddOnsService } from './service.ts';

/**
 * Paid add-ons, purchases, step-up card and product tiles over HTTP (spec 001 §1, §3, §4, §7,
 * §9). Customer routes speak only for the customer of the access token (pass
 * token sso strategy or pb-access-token): no body or query names a customer, so nobody can read
 * or buy as another; a purchase id of another customer is purchaseNotFound. Answers carry personal
 * data and are never cached.
 */
export interface AddOnRouteDeps {
  service: AddOnsService;
  customerAuth: CustomerAuth;
}

const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

export function addOnRoutes(app: FastifyInstance, { service, customerAuth }: AddOnRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = customerAuth.signedIn();

  typed.get(
    ADD_ON_ROUTES.accountUserInformation,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Which paid add-ons the customer may buy, and why (spec 001 §3 eligibility objects, §4 rules)',
        description:
          'GET (method not shown in the spec). Decided from the customer’s stored bureau pulls and purchases: ' +
          'creditAdvisor (rankFactors[0].criteria / SCORE_LEVEL, lastPaymentDetails.paymentStatus, paidUser), ' +
          'creditHealth (lastPaymentDetails.paymentStatus), collection (accountList), rectification ' +
          '(crosssellable.products.product.COLLECTIONS.subProductList, quoteDetails.order.orderStatus). Each has ' +
          'eligible, subscribed, reason and the product with its GST-inclusive price in paise.',
        tags: ['add-ons'],
        response: { 200: envelopeSchema(accountUserInformationResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.accountUserInformation(request.customer.customerId);
      noStore(reply);
      return ok(answer);
    },
  );

  typed.post(
    ADD_ON_ROUTES.createOrder,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Start buying a paid add-on: store the purchase and make the gateway order (path ours)',
        description:
          'Body {addOn, idempotencyKey}. The same key answers the same purchase (and makes its order if an earlier ' +
          'try could not reach the gateway); an open purchase of the same add-on is answered instead of a second ' +
          'one. addOnNotEligible when the eligibility object says no, addOnAlreadySubscribed once bought, ' +
          'idempotencyKeyReused for a key used on another add-on, paymentUnavailable (503, nothing charged) when ' +
          'the gateway is off or does not answer.',
        tags: ['add-ons'],
        body: createOrderBodySchema,
        response: { 200: envelopeSchema(purchaseSchema), '4xx': errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const purchase = await service.start(request.customer.customerId, request.body);
      noStore(reply);
      return ok(purchase);
    },
  );

  typed.post(
    ADD_ON_ROUTES.confirmPayment,
    {
      preHandler: signedIn,
      schema: {
        summary: 'The checkout finished: confirm the payment with the gateway (path ours)',
        description:
          'Body {purchaseId, gatewayResponse?}. Answers the purchase with status SUCCESS, FAILED or PENDING (the ' +
          'gateway is not sure yet: ask orderStatus later). A settled purchase answers as it is; another ' +
          'customer’s purchase id is purchaseNotFound.',
        tags: ['add-ons'],
        body: confirmPaymentBodySchema,
        response: { 200: envelopeSchema(purchaseSchema), '4xx': errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const purchase = await service.confirm(request.customer.customerId, request.body);
      noStore(reply);
      return ok(purchase);
    },
  );

  typed.get(
    ADD_ON_ROUTES.orderStatus,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Where a purchase stands; a pending payment is asked of the gateway again (path ours)',
        description: 'GET ?purchaseId=…; another customer’s purchase id is purchaseNotFound.',
        tags: ['add-ons'],
        querystring: orderStatusQuerySchema,
        response: { 200: envelopeSchema(purchaseSchema), '4xx': errorEnvelopeSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const purchase = await service.status(request.customer.customerId, request.query.purchaseId);
      noStore(reply);
      return ok(purchase);
    },
  );

  typed.get(
    ADD_ON_ROUTES.transactions,
    {
      preHandler: signedIn,
      schema: {
        summary: "The customer's add-on purchases, newest first (spec 001 §7 myAccount/transactions)",
        description: 'GET (method not shown in the spec). Account slice transactionsDetails.',
        tags: ['add-ons'],
        response: { 200: envelopeSchema(addOnTransactionsResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.transactions(request.customer.customerId);
      noStore(reply);
      return ok(answer);
    },
  );

  typed.get(
    ADD_ON_ROUTES.getStepUpCardDetails,
    {
      preHandler: signedIn,
      schema: {
        summary: "A secured-card holder's way to an unsecured card (spec 001 §7 myAccount/getStepUpCardDetails)",
        description:
          'GET (method and shape not shown in the spec). From the customer’s leads: a secured-card offer whose ' +
          'lead reached CARD_ISSUED; after 6 months, and with the band the unsecured card asks, stepUp.eligible.',
        tags: ['add-ons'],
        response: { 200: envelopeSchema(stepUpCardResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.stepUpCard(request.customer.customerId);
      noStore(reply);
      return ok(answer);
    },
  );

  typed.get(
    ADD_ON_ROUTES.creditHealthReport,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'The Credit Health Report the customer bought: an analysis across every bureau (spec 001 §1, §4; path ours)',
        description:
          'GET. Only for the access token’s customer, and only once their last payment for the Credit Health ' +
          'Report succeeded (spec 001 §4 "subscribed when the last payment status is success"); otherwise ' +
          'creditHealthNotSubscribed (403). Per bureau: score, the report’s own date, the factors in plain words ' +
          'and what changed since the report before; then the next steps across bureaus, costliest first.',
        tags: ['add-ons'],
        response: { 200: envelopeSchema(creditHealthReportResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.healthReport(request.customer.customerId);
      noStore(reply);
      return ok(answer);
    },
  );

  typed.get(
    ADD_ON_ROUTES.creditHealthReportPdf,
    {
      preHandler: signedIn,
      schema: {
        summary: 'The Credit Health Report as a PDF (spec 001 §1; path ours)',
        description:
          'GET. The same analysis as creditHealthReport, as application/pdf (an attachment); a client whose Accept ' +
          'names application/json and not application/pdf gets the envelope with the PDF in base64, as invoices. ' +
          'creditHealthNotSubscribed (403) without a successful payment.',
        tags: ['add-ons'],
        produces: ['application/pdf', 'application/json'],
        response: { 200: envelopeSchema(creditHealthReportPdfResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const report = await service.healthReport(request.customer.customerId);
      const file = { fileName: healthReportFileName(report), pdf: await renderHealthReportPdf(report) };
      return sendPdf(request, reply, file, (pdfBase64) => ({
        fileName: file.fileName,
        contentType: 'application/pdf' as const,
        pdfBase64,
      }));
    },
  );

  typed.get(
    ADD_ON_ROUTES.productList,
    {
      schema: {
        summary: "The marketplace's product tiles with their redirect keys (spec 001 §7 productList, §9)",
        description:
          'GET. Not customer data: the same for everyone, so it needs no access token (the shield still applies). ' +
          'Keys productCC, productPL, productBL, productHL, productLAP, productLAC, productHLBT, productPBMoney, ' +
          'productCapLoan, productBONDS, productFD and six insurance keys; url is the product page on its site.',
        tags: ['add-ons'],
        response: { 200: envelopeSchema(productListResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    () => ok(service.productList()),
  );
}
