import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSENT_ROUTES,
  PraveshError,
  SUCCESS_CODE,
  consentCheckBodySchema,
  consentCheckResponseSchema,
  consentHistoryBodySchema,
  consentHistoryResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  isLatestContractVersionBodySchema,
  isLatestContractVersionResponseSchema,
  ok,
  userConsentBodySchema,
  userConsentResponseSchema,
  withdrawConsentBodySchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { ConsentCheckResult, ConsentService, RequestContext } from './service.ts';

/**
 * spec 000 §5 "Consent requires contractId, visitId and a shield configuration", with the messages
 * of §8 ("puckar contractId is required", "puckar visitId is required"): a body without them gets
 * those, as the SDK's consent client says them, instead of the generic "[list] is required". Any
 * other validation failure goes on to the app's error handler unchanged.
 */
function puckarValidationError(error: FastifyError): Error {
  if (!error.validation || !hasZodFastifySchemaValidationErrors(error)) return error;
  const missing = new Set(
    error.validation
      .filter((issue) => issue.keyword === 'invalid_type' && (issue.message ?? '').endsWith('received undefined'))
      .map((issue) => issue.instancePath),
  );
  if (missing.has('/contractId')) return new PraveshError('puckarContractIdRequired');
  if (missing.has('/visitId')) return new PraveshError('puckarVisitIdRequired');
  return error;
}

// Thrown from a route's error handler, the error goes on to the app's handler (plugins/errors.ts).
const puckarErrors = (error: FastifyError) => {
  throw puckarValidationError(error);
};

/** The markup bytes' JSON per published version (versions never change, so the text is kept). */
const contractTextJson = new WeakMap<object, string>();

/**
 * puckar/check's answer written by hand: the contract's markup travels as a byte list (spec 000 §3
 * "contractText.data as a byte buffer"), a few thousand numbers that JSON.stringify and the
 * response schema would otherwise walk on every check. Its JSON is made once per
 * version; the rest is small. Every other answer (the error envelopes) is JSON.stringify'd.
 */
function checkReplyJson(data: unknown): string {
  const reply = data as Partial<ConsentCheckResult['response'] & { isLatestVersion: boolean }> & {
    response?: ConsentCheckResult['response'];
    isLatestVersion?: boolean;
    status?: boolean;
  };
  const response = reply.response;
  if (reply.status !== true || !response?.contractData) return JSON.stringify(data);
  const { contractText, ...ref } = response.contractData;
  let text = contractTextJson.get(contractText);
  if (text === undefined) {
    text = JSON.stringify(contractText);
    contractTextJson.set(contractText, text);
  }
  const refJson = JSON.stringify(ref);
  return (
    `{"status":true,"statusCode":${JSON.stringify(SUCCESS_CODE)},"response":{` +
    `"alreadyVerified":${response.alreadyVerified === true},"alreadyResponsed":${response.alreadyResponsed === true},` +
    `"contractData":${refJson.slice(0, -1)},"contractText":${text}},` +
    `"respPayload":${JSON.stringify(response.respPayload)}},"isLatestVersion":${reply.isLatestVersion === true}}`
  );
}

export interface ConsentRouteOptions {
  service: ConsentService;
  customerAuth: CustomerAuth;
}

const CUSTOMER_NOTE =
  "A body that names a customerId must carry that customer's access token (the pass token's sso " +
  'strategy, or the pb-access-token header); otherwise tokenNotValidated (401) and nothing is stored.';

/** Consent ("puckar") services of spec 000 §7, and withdrawal and history beyond it. */
export function consentRoutes(app: FastifyInstance, { service, customerAuth }: ConsentRouteOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const refused = { '4xx': errorEnvelopeSchema };

  function context(request: FastifyRequest): RequestContext {
    // Shielded routes always know the calling site; the check keeps the type honest.
    if (request.siteId === null) throw new PraveshError('clientTokenMissing');
    const userAgent = request.headers['user-agent'];
    return { siteId: request.siteId, ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
  }

  /** A customer id in a body is a claim; the access token is the proof. */
  async function proveCustomer(request: FastifyRequest, customerId: string | null | undefined): Promise<void> {
    if (customerId) await customerAuth.requireCustomer(request, customerId);
  }

  typed.post(
    CONSENT_ROUTES.check,
    {
      schema: {
        summary: 'Whether the visitor or customer has accepted the latest version of a contract, and its text',
        description:
          'spec 000 §3 "Consent check response": isLatestVersion travels beside response. It compares ' +
          'contractVersionId (the version in the puckarContractVersion<contractId> cookie) with the latest ' +
          'version, or, without one, the version the subject accepted. ' +
          CUSTOMER_NOTE,
        tags: ['consent'],
        body: consentCheckBodySchema,
        response: {
          200: envelopeSchema(consentCheckResponseSchema).extend({ isLatestVersion: z.boolean() }),
          ...refused,
        },
      },
      serializerCompiler: () => checkReplyJson,
      errorHandler: puckarErrors,
    },
    async (request) => {
      await proveCustomer(request, request.body.customerId);
      const { response, isLatestVersion } = await service.check(request.body);
      return { ...ok(response), isLatestVersion };
    },
  );

  typed.post(
    CONSENT_ROUTES.userConsent,
    {
      schema: {
        summary: 'Record a response (Y or N) to a contract version in the consent ledger',
        description:
          'Appends a ledger entry (never changes one). A resend of the same decision (same version, ' +
          'userValue, consentState, visitorId and visitId as the latest entry) answers that entry instead ' +
          'of appending. ' +
          CUSTOMER_NOTE,
        tags: ['consent'],
        body: userConsentBodySchema,
        response: { 200: envelopeSchema(userConsentResponseSchema), ...refused },
      },
      errorHandler: puckarErrors,
    },
    async (request) => {
      await proveCustomer(request, request.body.customerId);
      return ok(await service.respond(request.body, context(request)));
    },
  );

  typed.post(
    CONSENT_ROUTES.isLatestContractVersion,
    {
      schema: {
        summary: 'Whether a contract version is the latest published one',
        description:
          'With a customer access token (pass token sso strategy or pb-access-token), also `withdrawn`: whether ' +
          "that customer's latest answer to the contract is a withdrawal, made anywhere, so a page that settled " +
          'consent earlier asks again.',
        tags: ['consent'],
        body: isLatestContractVersionBodySchema,
        response: { 200: envelopeSchema(isLatestContractVersionResponseSchema), ...refused },
      },
      errorHandler: puckarErrors,
    },
    async (request) => ok(await service.isLatest(request.body, (await customerAuth.customerOf(request))?.customerId)),
  );

  typed.post(
    CONSENT_ROUTES.withdraw,
    {
      schema: {
        summary: "Withdraw a customer's consent to a contract (a new ledger entry)",
        description:
          'DPDP Act 2023 §6(4): withdrawing is as easy as giving consent. Answers the withdrawal entry; a ' +
          'second call answers the first withdrawal; consentNotGiven (409) when nothing is accepted. ' +
          CUSTOMER_NOTE,
        tags: ['consent'],
        body: withdrawConsentBodySchema,
        response: { 200: envelopeSchema(userConsentResponseSchema), ...refused },
      },
      errorHandler: puckarErrors,
    },
    async (request) => {
      await proveCustomer(request, request.body.customerId);
      return ok(await service.withdraw(request.body, context(request)));
    },
  );

  typed.post(
    CONSENT_ROUTES.history,
    {
      schema: {
        summary: "A customer's consent history as proof: JSON, or CSV as an attachment",
        description:
          'format json (default) answers the envelope; format csv answers text/csv with a header row, ' +
          'every cell quoted, and cells starting with = + - @ prefixed with an apostrophe. ' +
          CUSTOMER_NOTE,
        tags: ['consent'],
        body: consentHistoryBodySchema,
        response: { 200: envelopeSchema(consentHistoryResponseSchema), ...refused },
      },
    },
    async (request, reply) => {
      await proveCustomer(request, request.body.customerId);
      const history = await service.history(request.body.customerId);
      if (request.body.format === 'csv') {
        // Fastify sends a string with a non-JSON content type as is, past the JSON serializer; the
        // schema's type only describes the JSON answer, hence the cast.
        const csv = service.historyCsv(history) as unknown as ReturnType<typeof ok<typeof history>>;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="consent-history-${history.customerId}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      }
      void reply.header('cache-control', 'no-store');
      return { status: true, statusCode: SUCCESS_CODE, response: history };
    },
  );
}
