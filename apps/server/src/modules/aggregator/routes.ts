import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGGREGATOR_ROUTES,
  accountsDetailResponseSchema,
  createConsentBodySchema,
  createConsentResponseSchema,
  deactivateResponseSchema,
  decideBodySchema,
  decideResponseSchema,
  discoverBodySchema,
  discoverResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  getStateResponseSchema,
  insightsQuerySchema,
  insightsResponseSchema,
  journeyInitiateBodySchema,
  journeyInitiateResponseSchema,
  journeyStatusResponseSchema,
  linkBodySchema,
  linkConfirmBodySchema,
  linkResponseSchema,
  ok,
  refreshResponseSchema,
  stateCaptureBodySchema,
  statementPdfResponseSchema,
  statementQuerySchema,
  transactionQuerySchema,
  transactionsResponseSchema,
  userApplicationResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import { sendPdf } from '../../lib/pdf/reply.ts';
import type { AggregatorService } from './service.ts';

/**
 * The OVI consent and banking service over HTTP (spec 001 §7). Every route needs the
 * customer's access token (pass token sso strategy or pb-access-token; none or a bad one is
 * tokenNotValidated, spec 001 §8) and speaks only for that customer: no body or query names a
 * customer, and a handle, link or account of another answers aaNotFound.
 */
export interface AggregatorRouteDeps {
  service: AggregatorService;
  customerAuth: CustomerAuth;
}

const TAGS = ['aggregator'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

export function aggregatorRoutes(app: FastifyInstance, { service, customerAuth }: AggregatorRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = customerAuth.signedIn();

  typed.post(
    AGGREGATOR_ROUTES.journeyInitiate,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'Start the account aggregator journey: banks, top and popular lists, consent window (spec 001 §7 v2/journey/initiate, §9)',
        description:
          'POST (method not shown in the spec). Answers the aggregator (FINVU), the consent window by source ' +
          '(startDays 365, endDays 730, template id), the bank table of spec 001 §3, the top and popular banks and the ' +
          "8-digit OTP banks of §9, and where the customer's journey stands (a Finvu state id, §4).",
        tags: TAGS,
        body: journeyInitiateBodySchema,
        response: { 200: envelopeSchema(journeyInitiateResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.initiate(request.customer.customerId)),
  );

  typed.post(
    AGGREGATOR_ROUTES.consent,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'Ask FINVU for consent: a ReBIT consent request for the verified mobile number (spec 001 §7 v2/consent)',
        description:
          "mobileNo must be the signed-in customer's (aaMobileMismatch otherwise); the AA customer id is `<mobile>@finvu`. " +
          'The artefact asks STORE, PERIODIC, PROFILE/SUMMARY/TRANSACTIONS of DEPOSIT accounts, purpose 102, once an hour at ' +
          'most, valid startDays (365) with data endDays (730) back. With an ACTIVE or PAUSED consent already, answers it ' +
          'with CONSENT_ALREADY_GIVEN, unless addAnotherBank asks for a new request to link one more bank. An AA that fails answers aggregatorPageError.',
        tags: TAGS,
        body: createConsentBodySchema,
        response: { 200: envelopeSchema(createConsentResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.createConsent(
          request.customer.customerId,
          request.body.mobileNo,
          request.body.source,
          request.body.addAnotherBank,
        ),
      ),
  );

  typed.get(
    AGGREGATOR_ROUTES.userApplication,
    {
      preHandler: signedIn,
      schema: {
        summary: "The customer's consent requests and artefacts, newest first (spec 001 §7 consent/user/application)",
        description: "Each with ReBIT's consent request status and consent status, brought in step with the AA.",
        tags: TAGS,
        response: { 200: envelopeSchema(userApplicationResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.userApplication(request.customer.customerId)),
  );

  typed.get(
    AGGREGATOR_ROUTES.getState,
    {
      preHandler: signedIn,
      schema: {
        summary:
          "Where the customer's aggregator journey stands: a Finvu state id (spec 001 §7 consent/state/getState, §4)",
        tags: TAGS,
        response: { 200: envelopeSchema(getStateResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.getState(request.customer.customerId)),
  );

  typed.post(
    AGGREGATOR_ROUTES.stateCapture,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Record a Finvu state id the journey reached (spec 001 §7 consent/stateCapture, §4 the seven ids)',
        description:
          "The bank-linking journey calls it at each step it reaches (select bank AA_LOGIN, account type ACCOUNT_DISCOVERED with the bank's fipId, access permissions ACCOUNT_LINKED), " +
          "so getState brings a customer who left back to that step. consentHandle, when sent, must be one of the customer's (aaNotFound otherwise).",
        tags: TAGS,
        body: stateCaptureBodySchema,
        response: { 200: envelopeSchema(getStateResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.stateCapture(
          request.customer.customerId,
          request.body.stateId,
          request.body.consentHandle,
          request.body.fipId,
        ),
      ),
  );

  typed.post(
    AGGREGATOR_ROUTES.discover,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Discover the customer\'s accounts at a bank (ours; spec 001 §2 step 3 "discover accounts")',
        description:
          'Sets ACCOUNT_DISCOVERED or ACCOUNT_CHECKED_NOT_DISCOVERED (spec 001 §4). The journey waits 5000 ms for it (§9).',
        tags: TAGS,
        body: discoverBodySchema,
        response: { 200: envelopeSchema(discoverResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.discover(request.customer.customerId, request.body.consentHandle, request.body.fipId)),
  );

  typed.post(
    AGGREGATOR_ROUTES.link,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'Link discovered accounts: the bank texts its OTP (ours; spec 001 §2 OTP modal, §9 8 digits at two banks)',
        tags: TAGS,
        body: linkBodySchema,
        response: { 200: envelopeSchema(linkResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.link(
          request.customer.customerId,
          request.body.consentHandle,
          request.body.fipId,
          request.body.accRefNumbers,
        ),
      ),
  );

  typed.post(
    AGGREGATOR_ROUTES.linkConfirm,
    {
      preHandler: signedIn,
      schema: {
        summary: "Confirm linking with the bank's OTP (ours; spec 001 §5 OTP messages)",
        description:
          'A wrong code is otpIncorrect; an expired one, or three wrong, otpIncorrectOnResend. Sets ACCOUNT_LINKED.',
        tags: TAGS,
        body: linkConfirmBodySchema,
        response: { 200: envelopeSchema(discoverResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.confirmLink(request.customer.customerId, request.body.refNumber, request.body.otp)),
  );

  typed.post(
    AGGREGATOR_ROUTES.decide,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'Approve or reject the consent request (ours; spec 001 §2 steps 5-6 access permissions, verification status)',
        description:
          'Approve: the artefact becomes ACTIVE, the state CONSENT_GIVEN, verification VERIFIED and the first data fetch ' +
          'starts. Reject: REJECTED and verification FAILED ("Verification Incomplete", spec 001 §8).',
        tags: TAGS,
        body: decideBodySchema,
        response: { 200: envelopeSchema(decideResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.decide(request.customer.customerId, request.body.consentHandle, request.body.decision)),
  );

  for (const [route, summary] of [
    [
      AGGREGATOR_ROUTES.getAccountsDetail,
      'Linked accounts with balances and the total (spec 001 §7 FI/getAccountsDetail)',
    ],
    [
      AGGREGATOR_ROUTES.fetchUserAccountInfo,
      'Linked accounts and fetch status, polled every 20000 ms while a fetch runs (spec 001 §7 FI/fetchUserAccountInfo, §9)',
    ],
  ] as const) {
    typed.get(
      route,
      {
        preHandler: signedIn,
        schema: {
          summary,
          description:
            'Each poll moves a running fetch on (FI request → data ready → FI fetch). Account numbers show their last 4 ' +
            "(spec 001 §5); bannerState is spec 001 §4's. One retry is allowed for fetchUserAccountInfo (§7).",
          tags: TAGS,
          response: { 200: envelopeSchema(accountsDetailResponseSchema), ...errors },
        },
      },
      async (request) => ok(await service.accountsDetail(request.customer.customerId)),
    );
  }

  typed.post(
    AGGREGATOR_ROUTES.refreshData,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Fetch fresh data from the banks, at most once an hour (spec 001 §7 FI/refreshData; ReBIT Frequency)',
        description:
          'started false when a fetch is already running or the hour since the last has not passed (nextRefreshAt). ' +
          'With the refresh switch off, dataRefreshDisabled (spec 001 §8). Without an ACTIVE consent, aaConsentNotActive.',
        tags: TAGS,
        response: { 200: envelopeSchema(refreshResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.refresh(request.customer.customerId)),
  );

  typed.delete(
    AGGREGATOR_ROUTES.deActivateUserData,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'Revoke the consent at FINVU and delete the fetched data, keeping an audit record (spec 001 §7 FI/deActivateUserData)',
        description: 'The AA is asked first: if it fails (aggregatorPageError) nothing is deleted.',
        tags: TAGS,
        response: { 200: envelopeSchema(deactivateResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.deactivate(request.customer.customerId)),
  );

  typed.get(
    AGGREGATOR_ROUTES.transaction,
    {
      preHandler: signedIn,
      schema: {
        summary: "One linked account's transactions: Credit, Debit or All, paged, by date (spec 001 §7 FI/transaction)",
        description:
          'GET (method not shown). Newest first, 20 a page, with totalRecords and pageCount (the Finvu slice). from/to are ' +
          "India dates, inclusive. Another customer's account answers aaNotFound, an unlinked one aaDataDeleted, " +
          'one whose consent was revoked at the AA aaConsentNotActive (its data is no longer shown).',
        tags: TAGS,
        querystring: transactionQuerySchema,
        response: { 200: envelopeSchema(transactionsResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.transactions(request.customer.customerId, request.query)),
  );

  typed.get(
    AGGREGATOR_ROUTES.statement,
    {
      preHandler: signedIn,
      schema: {
        summary:
          "One linked account's statement as a PDF: 1, 2 or 3 months, dates YYYY/MM/DD, account number masked (spec 001 §7 fi/transaction, §5)",
        description:
          'GET (method not shown). accountId is the id of FI/transaction; months 1, 2 or 3 end on the day of the ' +
          "account's last fetch. The PDF: bank, account holder, account number showing its last 4, period, opening and " +
          'closing balance, every transaction (date, narration, reference, debit, credit, balance) with the table header on ' +
          'each page, amounts in Indian digit grouping, ₹ in an embedded font. Answers application/pdf as an attachment; a ' +
          'client whose Accept names application/json and not application/pdf gets the envelope with the same PDF in ' +
          "base64. Another customer's or an unknown account: aaNotFound; one whose data deActivateUserData deleted: " +
          'aaDataDeleted; a revoked consent: aaConsentNotActive; not fetched yet: aaDataNotReady; the spec 001 §9 ' +
          'statement download switch off: aaStatementDisabled.',
        tags: TAGS,
        querystring: statementQuerySchema,
        produces: ['application/pdf', 'application/json'],
        response: { 200: envelopeSchema(statementPdfResponseSchema), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.statement(request.customer.customerId, request.query);
      return sendPdf(request, reply, file, (base64) => ({
        fileName: file.fileName,
        contentType: 'application/pdf' as const,
        base64,
      }));
    },
  );

  typed.get(
    AGGREGATOR_ROUTES.insights,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'View Insights: money in and out by month, spending by category, from the fetched transactions (ours; spec 001 §4 data_available)',
        description:
          'GET. One linked account (accountId) or, without it, every linked account whose data is fetched and whose ' +
          'consent is not revoked. months: the last 12 calendar months up to asOf, oldest first, quiet months as 0; ' +
          'categories: debits of the 3 months up to asOf by category (salary, rent, emi, groceries, food, shopping, travel, ' +
          'utilities, transfers, cash, interest, refunds, other), largest first, share of their total. asOf: when the ' +
          "newest data stands; null with nothing fetched. An accountId answers as for fi/transaction (aaNotFound for another customer's).",
        tags: TAGS,
        querystring: insightsQuerySchema,
        response: { 200: envelopeSchema(insightsResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.insights(request.customer.customerId, request.query.accountId)),
  );

  typed.get(
    AGGREGATOR_ROUTES.journeyDataStatus,
    {
      preHandler: signedIn,
      schema: {
        summary: "The dashboard's balance banner state and button (spec 001 §7 v2/journey/data/status, §4)",
        tags: TAGS,
        response: { 200: envelopeSchema(journeyStatusResponseSchema), ...errors },
      },
    },
    async (request) => ok(await service.journeyStatus(request.customer.customerId)),
  );
}
