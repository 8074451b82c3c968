import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CREDIT_ACCESS_TOKEN_HEADER,
  CREDIT_REPORT_ENVIRONMENTS,
  CREDIT_ROUTES,
  CREDIT_ROUTE_METHODS,
  CREDIT_SCOPES,
  PraveshError,
  parseScope,
  bureauScoreResponseSchema,
  creditBureauQuerySchema,
  creditReportSchema,
  creditScoresResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  pullReportBodySchema,
  reportStatusResponseSchema,
  scoreMeterResponseSchema,
  type CreditRoute,
  type Environment,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import { rememberedAnswersSerializer } from '../../lib/remembered-answers.ts';
import type { CreditService } from './service.ts';

export interface CreditRouteDeps {
  service: CreditService;
  customerAuth: CustomerAuth;
  environment: Environment;
}

/**
 * The credit routes of spec 000 §7 and spec 001 §7. Paths and methods are core's
 * CREDIT_ROUTES / CREDIT_ROUTE_METHODS: reads are GET, the bureau asked for in the `creditBureau`
 * query, the pull is POST. Each answers for the customer whose access token the request carries
 * (the pass token's sso strategy or the pb-access-token header, customer-auth.ts), issued to the
 * calling site: there is no customer id to name, so one customer's token can only ever read that
 * customer's scores. A request without one, or with a bad, revoked or other site's token, is
 * refused with tokenNotValidated ("Token not validated", spec 001 §8).
 */
export function creditRoutes(app: FastifyInstance, { service, customerAuth, environment }: CreditRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  /** spec 000 §3 sign-in scopes: credit data needs a token granted `bureau` (or `myaccount`). */
  const signedIn = [
    customerAuth.signedIn(),
    (request: FastifyRequest): Promise<void> => {
      const granted = parseScope(request.customer.scope);
      const allowed = CREDIT_SCOPES.some((scope) => granted.includes(scope));
      return allowed ? Promise.resolve() : Promise.reject(new PraveshError('creditScopeMissing'));
    },
  ];

  const TOKEN_NOTE =
    `Needs the signed-in customer's access token (pass token sso strategy or the ${CREDIT_ACCESS_TOKEN_HEADER} ` +
    'header) issued to the calling site; answers for that customer only.';

  /** One read route: GET, `creditBureau` query, the customer's answer in the spec's envelope. */
  function read<T extends z.ZodType>(
    route: CreditRoute,
    meta: { summary: string; description: string; response: T; available?: boolean },
    answer: (
      customerId: string,
      bureau: z.infer<typeof creditBureauQuerySchema>['creditBureau'],
    ) => Promise<z.infer<T>>,
  ): void {
    typed.route({
      method: CREDIT_ROUTE_METHODS[route],
      url: CREDIT_ROUTES[route],
      // The only query field is creditBureau: its refusal is the catalogue's invalidCreditBureau.
      attachValidation: true,
      // A customer's answer repeats on every page view until the next pull: each distinct answer
      // is checked against the schema once (lib/remembered-answers.ts).
      serializerCompiler: rememberedAnswersSerializer,
      // A route this environment does not offer answers as an unknown one would, token or not.
      preHandler: meta.available === false ? [] : signedIn,
      schema: {
        summary: meta.summary,
        description: `${meta.description} ${TOKEN_NOTE}`,
        tags: ['credit'],
        querystring: creditBureauQuerySchema,
        response: { 200: envelopeSchema(meta.response), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
      },
      handler: async (request) => {
        // A route this environment does not offer answers as an unknown one would, token or not.
        if (meta.available === false) throw new PraveshError('notFound');
        const customerId = request.customer.customerId;
        if (request.validationError) {
          const raw = (request.query as Record<string, unknown> | undefined)?.creditBureau;
          throw new PraveshError('invalidCreditBureau', { bureau: String(raw).slice(0, 40) });
        }
        return ok(await answer(customerId, request.query.creditBureau));
      },
    });
  }

  read(
    'getCreditScores',
    {
      summary: "The customer's bureau score records (spec 000 §3, §7)",
      description:
        'One record per bureau with a stored pull, latest dateApplied first and same-day records in the ' +
        'priority CIBIL, EXPERIAN, HIGHMARK, EQUIFAX (spec 000 §9); an empty list before any pull ("Get ' +
        'Credit Score for FREE"). A bureau without a score has score and scoreBand null and scoreState NO_HIT ' +
        'or NEW_TO_CREDIT, never a made-up number. creditBureau is ignored. Answers from stored pulls only.',
      response: creditScoresResponseSchema,
    },
    (customerId) => service.scores(customerId),
  );

  read(
    'bureauReport',
    {
      summary: "The bureau report GET (spec 000 §7): the customer's latest stored credit report",
      description:
        'Of creditBureau, else of the active bureau (the first by spec 000 §9 priority with a valid score). ' +
        'creditReportNotFound (404) when none is stored or the bureau holds no file (NO_HIT).',
      response: creditReportSchema,
    },
    (customerId, bureau) => service.report(customerId, bureau),
  );

  read(
    'scoreMeter',
    {
      summary: "The score meter (spec 000 §7): a score on its bureau's band scale (spec 001 §5)",
      description: 'Of creditBureau, else of the active bureau. creditReportNotFound (404) before any pull.',
      response: scoreMeterResponseSchema,
    },
    (customerId, bureau) => service.scoreMeter(customerId, bureau),
  );

  read(
    'getCreditReport',
    {
      summary: `myAccount/getCreditReport: the latest stored credit report, in ${CREDIT_REPORT_ENVIRONMENTS.join(' and ')} only`,
      description:
        'spec 000 §7 "test and staging only": in every other environment the path answers 404 notFound, as ' +
        'an unknown route does. Same answer as the bureau report GET.',
      response: creditReportSchema,
      available: CREDIT_REPORT_ENVIRONMENTS.includes(environment),
    },
    (customerId, bureau) => service.report(customerId, bureau),
  );

  read(
    'reportStatus',
    {
      summary: 'bureauApplication/reportStatus: every bureau with its report status (spec 001 §3)',
      description:
        'bureauList holds all four bureaus in priority order: NOT_REQUESTED before a pull, REPORT_RECEIVED ' +
        '(a new-to-credit file too: the report came, the score did not), NO_HIT without a file. ' +
        'response.creditReportInformation.score.current holds {score, lastUpdated}. creditBureau is ignored.',
      response: reportStatusResponseSchema,
    },
    (customerId) => service.reportStatus(customerId),
  );

  read(
    'getBureauScore',
    {
      summary: 'bureauApplication/getBureauScore: one bureau score record with its monthly history',
      description:
        'Of creditBureau, else of the active bureau; scoreHistory is oldest month first (12+ months for a ' +
        'scored file). creditReportNotFound (404) before any pull.',
      response: bureauScoreResponseSchema,
    },
    (customerId, bureau) => service.bureauScore(customerId, bureau),
  );

  typed.route({
    method: CREDIT_ROUTE_METHODS.pullReport,
    url: CREDIT_ROUTES.pullReport,
    preHandler: signedIn,
    schema: {
      summary: "Pull credit reports from the bureaus on the customer's recorded consent",
      description:
        "Needs the customer's acceptance of the credit report terms in the consent ledger (contract " +
        'pb-tnc-credit-report or pb-tnc-main, latest answer Y, not withdrawn), else bureauConsentRequired ' +
        '(403). creditBureaus defaults to all four. A bureau is asked only from its nextRefreshDate on; ' +
        'when none of those asked is due, bureauRefreshTooEarly (429) names the day. Each answer is stored as ' +
        'a new version (old pulls are kept). Answers reportStatus; a bureau that failed this time is ' +
        'REPORT_FAILED beside its previous score. When every bureau asked fails nothing is stored and the ' +
        `call fails: bureauTimeout (504) or bureauUnavailable (502), "Unable to fetch details". ${TOKEN_NOTE}`,
      tags: ['credit'],
      // No body, an empty one, or {}: every bureau (the bench and the nudge send none).
      body: pullReportBodySchema.nullish(),
      response: {
        200: envelopeSchema(reportStatusResponseSchema),
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    },
    // An empty body sent as JSON (fetch with content-type and no body) is no body, not a parse error.
    onRequest: (request, _reply, done) => {
      const length = request.headers['content-length'];
      const empty = request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
      if (empty) delete request.headers['content-type'];
      done();
    },
    handler: async (request) => {
      const customerId = request.customer.customerId;
      return ok(await service.pull(customerId, request.body?.creditBureaus));
    },
  });
}
