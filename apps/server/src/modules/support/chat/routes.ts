import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MESSAGE_LIMITS,
  DESK_ROUTES,
  DESK_SESSION_COOKIE,
  DESK_SESSION_MS,
  PraveshError,
  SUPPORT_ROUTES,
  chatDoneResponseSchema,
  chatEventsQuerySchema,
  chatIdBodySchema,
  chatLeaveMessageBodySchema,
  chatMessagesBodySchema,
  chatMessagesResponseSchema,
  chatRateBodySchema,
  chatSendBodySchema,
  chatSendResponseSchema,
  chatStateSchema,
  chatTranscriptResponseSchema,
  deskAcceptResponseSchema,
  deskMeResponseSchema,
  deskQueueResponseSchema,
  deskSignInBodySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  supportMailResponseSchema,
  type ChatEvent,
  type Environment,
} from '@pravesh/core';
import type { AccessTokenClaims } from '../../../auth/access-tokens.ts';
import type { CustomerAuth } from '../../../auth/customer-auth.ts';
import { readCookie, serializeCookie } from '../../../lib/cookies.ts';
import type { AgentRow } from '../chat-store.ts';
import type { ChatBus } from './bus.ts';
import type { LiveChatService } from './service.ts';
import { openStream } from './stream.ts';

export interface LiveChatRouteDeps {
  chat: LiveChatService;
  bus: ChatBus;
  customerAuth: CustomerAuth;
  environment: Environment;
}

const responses = <T extends Parameters<typeof envelopeSchema>[0]>(schema: T) => ({
  200: envelopeSchema(schema),
  '4xx': errorEnvelopeSchema,
});

const DONE = ok({ done: true as const });
const LENGTH = `1 to ${CHAT_MESSAGE_LIMITS.maxLength} characters of plain text (chatMessageInvalid), at most ${CHAT_MESSAGE_LIMITS.perMinute} a minute (chatMessageLimit, 429)`;

/**
 * Live chat's routes (spec 001 §7 GRIDSP chat; ours beyond chatAllocation): the customer's, with
 * the access token like every support route (no body names a customer), and the support desk's,
 * with the desk's own session cookie and never a customer token (agents are not customers).
 */
export function liveChatRoutes(app: FastifyInstance, deps: LiveChatRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { chat, bus, customerAuth } = deps;

  /** The customer routes' preHandler: the access token's customer on request.customer (auth/customer-auth.ts). */
  const customerOnly = customerAuth.signedIn();
  /** The verified customer, and no caching of what is answered for them. */
  function signedIn(request: FastifyRequest, reply: FastifyReply): AccessTokenClaims {
    void reply.header('cache-control', 'no-store');
    return request.customer;
  }

  const customer = (summary: string, description: string) => ({ summary, description, tags: ['support'] });

  typed.post(
    SUPPORT_ROUTES.chatMessages,
    {
      preHandler: customerOnly,
      schema: {
        ...customer(
          'The chat’s messages and state (ours; live chat)',
          'Body {chatId, after?}; the customer’s own chat only (chatNotFound otherwise). Messages after `after` (a seq), oldest first.',
        ),
        body: chatMessagesBodySchema,
        response: responses(chatMessagesResponseSchema),
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      return ok(await chat.messages(customerId, request.body.chatId, request.body.after));
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatSend,
    {
      preHandler: customerOnly,
      schema: {
        ...customer(
          'A message from the customer (ours; live chat)',
          `Body {chatId, messageId, text}: the customer’s own live chat (waiting or with an agent); text ${LENGTH}. ` +
            'messageId is the sender’s: a resend is stored once and answers the stored message.',
        ),
        body: chatSendBodySchema,
        response: responses(chatSendResponseSchema),
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      return ok({ message: await chat.send(customerId, request.body) });
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatTyping,
    {
      preHandler: customerOnly,
      schema: {
        ...customer('The customer is typing (ours; live chat)', 'Body {chatId}; passed on to the agent, never stored.'),
        body: chatIdBodySchema,
        response: responses(chatDoneResponseSchema),
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      await chat.typing(customerId, request.body.chatId);
      return DONE;
    },
  );

  typed.get(
    SUPPORT_ROUTES.chatEvents,
    {
      preHandler: customerOnly,
      schema: {
        ...customer(
          'The chat’s events as they happen (ours; live chat, Server-Sent Events)',
          'Query {chatId, after?}: text/event-stream; each event’s data is a ChatEvent (message, typing, state). It ' +
            'starts with the messages after `after` and the chat’s state, and ends after five minutes (open it again).',
        ),
        querystring: chatEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      const { chatId, after } = request.query;
      const opened = await chat.messages(customerId, chatId, after);
      await openStream(request, reply, {
        bus,
        first: async () => {
          const { state, messages } = await chat.messages(customerId, chatId, after);
          return [
            ...messages.map((message): ChatEvent => ({ type: 'message', chatId, message })),
            { type: 'state', chatId, state },
          ];
        },
        async select({ customerId: to, event }) {
          if (event.type === 'queue') {
            // The queue moved: a waiting customer hears their new place.
            if (opened.state.status !== 'WAITING') return undefined;
            const { state } = await chat.messages(customerId, chatId, Number.MAX_SAFE_INTEGER);
            opened.state = state;
            return state.status === 'WAITING' ? { type: 'state', chatId, state } : undefined;
          }
          if (to !== customerId || event.chatId !== chatId) return undefined;
          if (event.type === 'state') opened.state = event.state;
          // The customer's own typing is not sent back to them.
          return event.type === 'typing' && event.author === 'CUSTOMER' ? undefined : event;
        },
      });
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatRate,
    {
      preHandler: customerOnly,
      schema: {
        ...customer(
          'Rate an ended chat (ours; live chat)',
          'Body {chatId, rating}: 1 to 5 (chatRatingInvalid), the customer’s own ended chat (chatNotActive while live).',
        ),
        body: chatRateBodySchema,
        response: responses(chatStateSchema),
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      return ok(await chat.rate(customerId, request.body.chatId, request.body.rating));
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatTranscript,
    {
      preHandler: customerOnly,
      schema: {
        ...customer(
          'Mail the chat’s transcript (ours; live chat)',
          'Body {chatId}: to the account’s verified email only (chatTranscriptNoEmail when it has none); sentTo is masked. Three an hour.',
        ),
        body: chatIdBodySchema,
        response: responses(chatTranscriptResponseSchema),
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      return ok(await chat.transcript(customerId, request.body.chatId));
    },
  );

  typed.post(
    SUPPORT_ROUTES.chatLeaveMessage,
    {
      preHandler: customerOnly,
      schema: {
        ...customer(
          'No agent on duty: leave the chat as a query (ours; live chat)',
          'Body {chatId, requestId, email}: what the customer wrote in the chat becomes a Submit A Query ticket ' +
            '(supportMail’s rules, limits and mails; email is where the desk replies) and the chat ends.',
        ),
        body: chatLeaveMessageBodySchema,
        response: responses(supportMailResponseSchema),
      },
    },
    async (request, reply) => {
      const { customerId } = signedIn(request, reply);
      return ok(await chat.leaveMessage(customerId, request.body));
    },
  );

  deskRoutes(app, deps);
}

/**
 * The support desk (agents): a random session token in an HttpOnly, SameSite=Strict cookie (the
 * `__Host-` prefix outside `local`), stored only as its SHA-256. No pass token and no customer
 * token is accepted here, and a desk session opens no customer route. Writes also need the
 * browser to say the call is from the desk's own origin (Sec-Fetch-Site, W3C Fetch Metadata) when
 * it says anything, against cross-site forms.
 */
function deskRoutes(app: FastifyInstance, deps: LiveChatRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { chat, bus, environment } = deps;
  const local = environment === 'local';
  const cookieName = local ? DESK_SESSION_COOKIE.local : DESK_SESSION_COOKIE.secure;
  const tokenOf = (request: FastifyRequest) => readCookie(request.headers.cookie, cookieName);
  const config = { shield: false };

  function sameOrigin(request: FastifyRequest): void {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw new PraveshError('deskSessionRequired');
  }

  async function agentOf(request: FastifyRequest, reply: FastifyReply): Promise<AgentRow> {
    if (request.method !== 'GET') sameOrigin(request);
    void reply.header('cache-control', 'no-store');
    return chat.agentOf(tokenOf(request));
  }

  const desk = (summary: string, description = '') => ({ summary, description, tags: ['support desk'] });
  const cookie = (value: string, maxAgeSeconds: number) =>
    serializeCookie(cookieName, value, { maxAgeSeconds, sameSite: 'Strict', secure: !local, httpOnly: true });

  typed.post(
    DESK_ROUTES.signIn,
    {
      config,
      schema: {
        ...desk(
          'Support desk: sign in (agents only)',
          'Body {email, password}: an agent’s desk credentials (npm run desk-agent). deskSignInFailed (401) for an ' +
            'unknown email or a wrong password alike; ten attempts per email and per address in 15 minutes ' +
            '(deskSignInLimit). Sets the desk session cookie.',
        ),
        body: deskSignInBodySchema,
        response: responses(deskMeResponseSchema),
      },
    },
    async (request, reply) => {
      sameOrigin(request);
      const { token, agent } = await chat.signIn(request.body.email, request.body.password, request.ip);
      void reply.header('set-cookie', cookie(token, DESK_SESSION_MS / 1000)).header('cache-control', 'no-store');
      return ok({ agent });
    },
  );

  typed.post(
    DESK_ROUTES.signOut,
    {
      config,
      schema: {
        ...desk('Support desk: sign out'),
        body: z.strictObject({}).optional(),
        response: responses(chatDoneResponseSchema),
      },
    },
    async (request, reply) => {
      sameOrigin(request);
      const token = tokenOf(request);
      if (token) await chat.signOut(token);
      void reply.header('set-cookie', cookie('', 0));
      return DONE;
    },
  );

  typed.get(
    DESK_ROUTES.me,
    { config, schema: { ...desk('Support desk: the signed-in agent'), response: responses(deskMeResponseSchema) } },
    async (request, reply) => ok({ agent: chat.toAgent(await agentOf(request, reply)) }),
  );

  typed.get(
    DESK_ROUTES.queue,
    {
      config,
      schema: {
        ...desk(
          'Support desk: the queue, the agent’s chats and the canned answers',
          'Waiting chats first come, first served.',
        ),
        response: responses(deskQueueResponseSchema),
      },
    },
    async (request, reply) => ok(await chat.queue(await agentOf(request, reply))),
  );

  typed.post(
    DESK_ROUTES.accept,
    {
      config,
      schema: {
        ...desk(
          'Support desk: take the next waiting customer',
          'The oldest waiting chat (first come, first served); deskAgentFull when the agent is at capacity, deskQueueEmpty when no one waits.',
        ),
        body: z.strictObject({}).optional(),
        response: responses(deskAcceptResponseSchema),
      },
    },
    async (request, reply) => ok({ chat: await chat.accept(await agentOf(request, reply)) }),
  );

  typed.post(
    DESK_ROUTES.messages,
    {
      config,
      schema: {
        ...desk('Support desk: a held chat’s messages', 'Only a chat this agent holds (chatNotFound otherwise).'),
        body: chatIdBodySchema,
        response: responses(chatMessagesResponseSchema),
      },
    },
    async (request, reply) => ok(await chat.agentMessages(await agentOf(request, reply), request.body.chatId)),
  );

  typed.post(
    DESK_ROUTES.send,
    {
      config,
      schema: {
        ...desk('Support desk: reply in a held chat', `Body {chatId, messageId, text}: text ${LENGTH}.`),
        body: chatSendBodySchema,
        response: responses(chatSendResponseSchema),
      },
    },
    async (request, reply) => ok({ message: await chat.agentSend(await agentOf(request, reply), request.body) }),
  );

  typed.post(
    DESK_ROUTES.typing,
    {
      config,
      schema: {
        ...desk('Support desk: the agent is typing'),
        body: chatIdBodySchema,
        response: responses(chatDoneResponseSchema),
      },
    },
    async (request, reply) => {
      await chat.agentTyping(await agentOf(request, reply), request.body.chatId);
      return DONE;
    },
  );

  typed.post(
    DESK_ROUTES.handBack,
    {
      config,
      schema: {
        ...desk(
          'Support desk: hand a chat back to the queue',
          'It goes back first in line, with its messages, for the next agent.',
        ),
        body: chatIdBodySchema,
        response: responses(chatDoneResponseSchema),
      },
    },
    async (request, reply) => {
      await chat.handBack(await agentOf(request, reply), request.body.chatId);
      return DONE;
    },
  );

  typed.post(
    DESK_ROUTES.end,
    {
      config,
      schema: {
        ...desk('Support desk: end a held chat'),
        body: chatIdBodySchema,
        response: responses(chatDoneResponseSchema),
      },
    },
    async (request, reply) => {
      await chat.agentEnd(await agentOf(request, reply), request.body.chatId);
      return DONE;
    },
  );

  typed.get(
    DESK_ROUTES.events,
    {
      config,
      schema: desk(
        'Support desk: events as they happen (Server-Sent Events)',
        'queue (the queue or the desk changed: read the queue again), and message, typing and state of the agent’s chats.',
      ),
    },
    async (request, reply) => {
      const agent = await agentOf(request, reply);
      await openStream(request, reply, {
        bus,
        first: () => Promise.resolve([{ type: 'queue' }]),
        select({ agentId, event }) {
          if (event.type === 'queue') return event;
          if (agentId !== agent.agentId) return undefined;
          return event.type === 'typing' && event.author === 'AGENT' ? undefined : event;
        },
      });
    },
  );
}
