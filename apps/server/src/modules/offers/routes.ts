import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OFFER_IMAGE_PREFIX,
  OFFER_PRODUCTS,
  OFFER_ROUTES,
  PraveshError,
  envelopeSchema,
  errorEnvelopeSchema,
  fetchQuotesQuerySchema,
  fetchQuotesResponseSchema,
  offerResponseSchema,
  offersPageResponseSchema,
  offersQuerySchema,
  ok,
  personalizationResponseSchema,
  type OfferProduct,
} from '@pravesh/core';
import { customerIdInQuery, type CustomerAuth } from '../../auth/customer-auth.ts';
import { partnerImage, productTypeImage, renderImage } from './images.ts';
import type { OffersService } from './service.ts';

/**
 * Offer reads (spec 000 §3, §4, §7; spec 001 §3, §7). Every route answers only the
 * signed-in customer whose access token the request carries (the pass token's sso strategy, into
 * which the SDK moves `sso-authentication-token`, or `pb-access-token`): without one, or with a
 * bad or foreign one, "Token not validated" (tokenNotValidated, 401). No customer id is taken from
 * the URL; an optional customerId must be the token's customer.
 */

const CUSTOMER_NOTE =
  "Needs the signed-in customer's access token: the pass token's sso strategy (the SDK moves the " +
  '`sso-authentication-token` header there) or the `pb-access-token` header; otherwise tokenNotValidated ' +
  '("Token not validated", 401). The answer is always that customer\'s; a customerId, when sent, must be theirs.';

const RULES_NOTE =
  'Pre-approved by the rules of core offers/rules.ts over the best band of the latest pull at each bureau ' +
  'and that report: no bureau data → none; NO_HIT or NEW_TO_CREDIT → a secured card; overdue, written-off or ' +
  'settled accounts, LOW and VERY_LOW → a secured card; FAIR → home loan, loan against property and entry ' +
  'cards; GOOD and better → personal loans and cards too, business loans with business credit. Products ' +
  `without offers are left out (spec 000 §5); products are ${OFFER_PRODUCTS.join(', ')}. Loans carry the RBI ` +
  'Key Facts Statement (kfs), cards their fees, limit range and rewards (cardTerms).';

/**
 * The offer reads answer offers the service validated against offerSchema when it read the
 * catalogue (service.ts), so their answers are sent as JSON without validating every offer again
 * per request (it was a third of the route's CPU); the schemas still document the answers.
 * fetchQuotes, which works out new figures per request, keeps the per-answer check.
 */
const sendValidatedOffers = () => (data: unknown) => JSON.stringify(data);

/**
 * The offer answers' envelopes as UTF-8 bytes, written once per answer object: the service hands
 * out one object per catalogue read, standing and product filter (service.ts offerResponseOf), so
 * a page view's repeated reads send the same bytes. Writing the 15 KB JSON and encoding it were
 * a third of pco/offers' server time. Held weakly: the bytes go with the answer.
 */
const answerBytes = new WeakMap<object, Buffer>();
function okBytes(response: object): Buffer {
  let bytes = answerBytes.get(response);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(ok(response)));
    answerBytes.set(response, bytes);
  }
  return bytes;
}

const IMAGE_KINDS = ['partners', 'products', 'render'] as const;
/** The served SVGs are drawn by us and may hold no script or outside reference (images.ts). */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function offersRoutes(app: FastifyInstance, service: OffersService, customers: CustomerAuth): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The customer a request speaks for: its access token's; a customerId, when sent, must be theirs.
  const signedIn = customers.signedIn({ claimedBy: customerIdInQuery });
  const offerReads = [
    {
      url: OFFER_ROUTES.preApprovedOffers,
      summary: "The customer's pre-approved offers, keyed by product (spec 000 §3, §7 pre-approved offers GET)",
    },
    { url: OFFER_ROUTES.pcoOffers, summary: "The customer's personalised credit offers (spec 000 §7 pco/offers)" },
    { url: OFFER_ROUTES.getOffers, summary: "The dashboard's pre-approved offers (spec 001 §7 offer/getOffers v2)" },
  ];
  for (const { url, summary } of offerReads) {
    typed.get(
      url,
      {
        serializerCompiler: sendValidatedOffers,
        preHandler: signedIn,
        schema: {
          summary,
          description:
            'GET (the spec shows no method). `product` narrows to one product (else productNotAllowed). ' +
            `${RULES_NOTE}\n\n${CUSTOMER_NOTE}`,
          tags: ['offers'],
          querystring: offersQuerySchema,
          response: { 200: envelopeSchema(offerResponseSchema), '4xx': errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const customerId = request.customer.customerId;
        const bytes = okBytes(await service.offerResponse(customerId, request.query.product));
        // Bytes skip the serializer (the typed reply only takes the schema's shape): same JSON.
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(bytes);
      },
    );
  }

  typed.get(
    OFFER_ROUTES.personalization,
    {
      serializerCompiler: sendValidatedOffers,
      preHandler: signedIn,
      schema: {
        summary: 'The personalisation fetch that sets the stored offers (spec 000 §4)',
        description:
          'Path and method ours (spec 000 §4 names the fetch, not its path). What the nudge stores for the ' +
          'signed-out tile: totalOffers (uncapped, for "You have {n} Exclusive Offers") and at most 2 offers ' +
          `(spec 000 §9), keyed by product. ${RULES_NOTE}\n\n${CUSTOMER_NOTE}`,
        tags: ['offers'],
        querystring: offersQuerySchema.pick({ customerId: true }),
        response: { 200: envelopeSchema(personalizationResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const customerId = request.customer.customerId;
      return ok(await service.personalization(customerId));
    },
  );

  typed.get(
    OFFER_ROUTES.offersV3,
    {
      serializerCompiler: sendValidatedOffers,
      preHandler: signedIn,
      schema: {
        summary: 'The offers page: hasPreApprovedOffers, the count and every offer (spec 001 §3, §7 v3/offers)',
        description: `GET (the spec shows no method). ${RULES_NOTE}\n\n${CUSTOMER_NOTE}`,
        tags: ['offers'],
        querystring: offersQuerySchema.pick({ customerId: true }),
        response: { 200: envelopeSchema(offersPageResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const customerId = request.customer.customerId;
      return ok(await service.offersPage(customerId));
    },
  );

  typed.get(
    OFFER_ROUTES.fetchQuotes,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Quotes of one product for an amount and tenure (spec 001 §3 fetchQuotesList, §7 offer/fetchQuotes)',
        description:
          'GET (the spec shows no method). Each pre-approved offer of `product` (required: "[product] is ' +
          'required"), its KFS worked out for `amount` (rupees) and `tenureMonths`, each kept within the ' +
          "offer's limits (never above the pre-approved amount); the offer's own amount and default tenure " +
          `when absent. Cards quote their card terms. ${RULES_NOTE}\n\n${CUSTOMER_NOTE}`,
        tags: ['offers'],
        querystring: fetchQuotesQuerySchema,
        response: { 200: envelopeSchema(fetchQuotesResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const customerId = request.customer.customerId;
      return ok(await service.fetchQuotes(customerId, request.query));
    },
  );

  // Images load in <img> tags, which carry no pass token: served outside the service prefixes,
  // public (a lender's mark is no customer data), cacheable.
  typed.get(
    `${OFFER_IMAGE_PREFIX}:kind/:file`,
    {
      schema: {
        summary: 'Offer images (spec 000 §3 imageUrl): partner marks, product icons and offer art, as SVG',
        tags: ['offers'],
        params: z.object({
          kind: z.enum(IMAGE_KINDS),
          file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/, 'must be <id>.svg'),
        }),
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const id = file.slice(0, -'.svg'.length);
      let image: string | undefined;
      if (kind === 'products') {
        image = (OFFER_PRODUCTS as readonly string[]).includes(id) ? productTypeImage(id as OfferProduct) : undefined;
      } else {
        const entry = await service.imageSubject(kind, id);
        if (entry) {
          image =
            kind === 'partners'
              ? partnerImage(entry.lender.name, entry.lender.brandColour)
              : renderImage(entry.product, entry.productName, entry.lender.name, entry.lender.brandColour);
        }
      }
      if (image === undefined) throw new PraveshError('doesNotExist', { id });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', IMAGE_CSP)
        .send(image);
    },
  );
}
