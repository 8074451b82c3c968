import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_LIVENESS,
  FAQ_SEARCH,
  SUPPORT_QUERY_LIMIT,
  SUPPORT_ROUTES,
  chatAllocationBodySchema,
  chatAllocationResponseSchema,
  chatReleaseBodySchema,
  chatReleaseResponseSchema,
  envelopeResponses,
  getSupportBodySchema,
  getSupportResponseSchema,
  ok,
  supportMailBodySchema,
  supportMailResponseSchema,
  supportTicketsResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { LiveChatService } from './chat/service.ts';
import type { FaqService } from './faqs.ts';
import type { TicketService } from './tickets.ts';

export interface SupportRouteDeps {
  faqs: FaqService;
  tickets: TicketService;
  chat: LiveChatService;
  customerAuth: CustomerAuth;
}

/**
 * Support's routes (spec 001 §2 support tabs, §7). Every route but getSupport answers
 * for the access token's customer only: no body names a customer, so no one reaches another's
 * queries or chat.
 */
export function supportRoutes(app: FastifyInstance, deps: SupportRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { faqs, tickets, chat, customerAuth } = deps;
  const signedIn = customerAuth.signedIn();

  typed.post(
    SUPPORT_ROUTES.getSupport,
    {
      schema: {
        summary: 'The FAQs, grouped by category and searchable (spec 001 §7 myAccount/getSupport, §2 FAQs tab)',
        description:
          `Body {query?, limit?}: the customer's search words (at most ${FAQ_SEARCH.maxQueryLength} characters, else ` +
          `faqQueryTooLong) and a result limit (1 to ${FAQ_SEARCH.maxLimit}, default ${FAQ_SEARCH.defaultLimit}). ` +
          'POST so the words stay out of URLs and logs. No query lists every FAQ in the tab’s order; a query finds ' +
          'FAQs with all its words (as prefixes), else any, best first, grouped by category. total counts matches ' +
          'before the limit. chatEnabled is spec 001 §9 "Chat enabled". Not customer data: no access token.',
        tags: ['support'],
        body: getSupportBodySchema,
        response: envelopeResponses(getSupportResponseSchema),
      },
    },
    async (request) => ok(await faqs.getSupport(request.body)),
  );

  typed.post(
    SUPPORT_ROUTES.supportMail,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Send a query: a ticket with a reference number, mailed (spec 001 §7 myAccount/supportMail)',
        description:
          'Body {requestId, product, subject, message, email}; needs the access token. product is a productList ' +
          'redirectKey or a support topic (supportProductRequired), subject 5 to 120 characters ' +
          '(supportSubjectInvalid), message 20 to 2,000 (supportMessageInvalid), email by the strict rule of ' +
          'spec 001 §5 (invalidEmail), the address the desk replies to. Stored as a ticket with a reference ' +
          'SR-YYMMDD-XXXXXX; the acknowledgement goes only to the account’s verified email (acknowledgedTo, masked; ' +
          'none, and acknowledged false, when the account has no email), never to the body’s address, and the ' +
          'query to the support desk through the email provider. The same requestId ' +
          'answers the same ticket (a retry), or supportRequestReused (409) for other content. At most ' +
          `${SUPPORT_QUERY_LIMIT.perHour} new queries per customer per hour: supportQueryLimit (429).`,
        tags: ['support'],
        body: supportMailBodySchema,
        response: envelopeResponses(supportMailResponseSchema),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const claims = request.customer;
      return ok(await tickets.submit(claims.customerId, request.body));
    },
  );

  typed.get(
    SUPPORT_ROUTES.supportTickets,
    {
      preHandler: signedIn,
      schema: {
        summary: 'The signed-in customer’s recent queries with their reference numbers (ours; spec 001 §2 support)',
        description:
          'Newest first, at most 20; only the access token’s customer’s own. The reply address is masked (spec 001 §5).',
        tags: ['support'],
        response: envelopeResponses(supportTicketsResponseSchema),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const claims = request.customer;
      return ok({ tickets: await tickets.recent(claims.customerId) });
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatAllocation,
    {
      preHandler: signedIn,
      schema: {
        summary:
          'An agent for the waiting customer, or their place in the queue (spec 001 §7 GRIDSP chat/chatAllocation)',
        description:
          'Body {} or {chatId}; needs the access token. The customer’s one live chat: ASSIGNED with the agent’s name once an ' +
          'agent has taken it at the support desk, else QUEUED with queuePosition (1 = next; agents take chats ' +
          'first come, first served) and agentsOnDuty (0: no one is at the desk; the chat can be left as a query). ' +
          `Asking again is the same chat: the page asks every ${CHAT_LIVENESS.pollMs / 1000} s with the ` +
          `chatId on its screen while the chat is live, and a chat not asked about for ${CHAT_LIVENESS.idleMs / 60_000} ` +
          'minutes is ended (a closed tab keeps no place). An ask with a chatId never starts a new chat: one that ' +
          'ended is answered ENDED; another customer’s is chatNotFound (404). chatDisabled (403) when spec 001 §9 ' +
          '"Chat enabled" is off.',
        tags: ['support'],
        body: chatAllocationBodySchema,
        response: envelopeResponses(chatAllocationResponseSchema),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const claims = request.customer;
      return ok(await chat.allocate(claims.customerId, request.body.chatId));
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatRelease,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Leave the chat queue or end the chat, freeing the agent’s place (ours; spec 001 §7 chat)',
        description:
          'Body {chatId}; needs the access token. Only the customer’s own live chat (chatNotFound otherwise). ' +
          'The agent’s freed place goes at once to the next customer in the queue.',
        tags: ['support'],
        body: chatReleaseBodySchema,
        response: envelopeResponses(chatReleaseResponseSchema),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const claims = request.customer;
      await chat.release(claims.customerId, request.body.chatId);
      return ok({ released: true as const });
    },
  );
}
