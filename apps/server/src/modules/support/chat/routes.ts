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
  envelopeResponses,
  ok,
  supportMailResponseSchema,
  type ChatEvent,
  type Envelope,
  type Environment,
} from '@pravesh/core';
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

const DONE = ok({ done: true as const });
/** A POST that takes no fields (an empty object, or no body). */
const EMPTY = z.strictObject({}).optional();
const LENGTH = `1 to ${CHAT_MESSAGE_LIMITS.maxLength} characters of plain text (chatMessageInvalid), at most ${CHAT_MESSAGE_LIMITS.perMinute} a minute (chatMessageLimit, 429)`;

/**
 * Live chat's routes (spec 001 §7 GRIDSP chat; ours beyond chatAllocation): the customer's, with
 * the access token like every support route (no body names a customer), and the support desk's,
 * with the desk's own session cookie and never a customer token (agents are not customers).
 */
export function liveChatRoutes(app: FastifyInstance, deps: LiveChatRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { chat, bus, customerAuth } = deps;

  /**
   * The customer routes' preHandler: the access token's customer on request.customer, and nothing
   * answered for them cached (auth/customer-auth.ts).
   */
  const customerOnly = customerAuth.signedIn({ noStore: true });
  const customer = (summary: string, description: string) => ({ summary, description, tags: ['support'] });

  /**
   * A customer's POST: signed in and never cached (customerOnly), the handler given the verified
   * customer's id, so no body can name another customer.
   */
  function customerPost<Body extends z.ZodType>(
    url: string,
    doc: { summary: string; description: string },
    body: Body,
    response: z.ZodType,
    handle: (customerId: string, body: z.output<Body>) => Promise<Envelope<unknown>>,
  ): void {
    typed.post(
      url,
      {
        preHandler: customerOnly,
        schema: { ...customer(doc.summary, doc.description), body, response: envelopeResponses(response) },
      },
      async (request) => handle(request.customer.customerId, request.body as z.output<Body>),
    );
  }

  customerPost(
    SUPPORT_ROUTES.chatMessages,
    {
      summary: 'The chat’s messages and state (ours; live chat)',
      description:
        'Body {chatId, after?}; the customer’s own chat only (chatNotFound otherwise). Messages after `after` (a seq), oldest first.',
    },
    chatMessagesBodySchema,
    chatMessagesResponseSchema,
    async (customerId, body) => ok(await chat.messages(customerId, body.chatId, body.after)),
  );

  customerPost(
    SUPPORT_ROUTES.chatSend,
    {
      summary: 'A message from the customer (ours; live chat)',
      description:
        `Body {chatId, messageId, text}: the customer’s own live chat (waiting or with an agent); text ${LENGTH}. ` +
        'messageId is the sender’s: a resend is stored once and answers the stored message.',
    },
    chatSendBodySchema,
    chatSendResponseSchema,
    async (customerId, body) => ok({ message: await chat.send(customerId, body) }),
  );

  customerPost(
    SUPPORT_ROUTES.chatTyping,
    {
      summary: 'The customer is typing (ours; live chat)',
      description: 'Body {chatId}; passed on to the agent, never stored.',
    },
    chatIdBodySchema,
    chatDoneResponseSchema,
    async (customerId, body) => {
      await chat.typing(customerId, body.chatId);
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
      const { customerId } = request.customer;
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

  customerPost(
    SUPPORT_ROUTES.chatRate,
    {
      summary: 'Rate an ended chat (ours; live chat)',
      description:
        'Body {chatId, rating}: 1 to 5 (chatRatingInvalid), the customer’s own ended chat (chatNotActive while live).',
    },
    chatRateBodySchema,
    chatStateSchema,
    async (customerId, body) => ok(await chat.rate(customerId, body.chatId, body.rating)),
  );

  customerPost(
    SUPPORT_ROUTES.chatTranscript,
    {
      summary: 'Mail the chat’s transcript (ours; live chat)',
      description:
        'Body {chatId}: to the account’s verified email only (chatTranscriptNoEmail when it has none); sentTo is masked. Three an hour.',
    },
    chatIdBodySchema,
    chatTranscriptResponseSchema,
    async (customerId, body) => ok(await chat.transcript(customerId, body.chatId)),
  );

  customerPost(
    SUPPORT_ROUTES.chatLeaveMessage,
    {
      summary: 'No agent on duty: leave the chat as a query (ours; live chat)',
      description:
        'Body {chatId, requestId, email}: what the customer wrote in the chat becomes a Submit A Query ticket ' +
        '(supportMail’s rules, limits and mails; email is where the desk replies) and the chat ends.',
    },
    chatLeaveMessageBodySchema,
    supportMailResponseSchema,
    async (customerId, body) => ok(await chat.leaveMessage(customerId, body)),
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
        response: envelopeResponses(deskMeResponseSchema),
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
        body: EMPTY,
        response: envelopeResponses(chatDoneResponseSchema),
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

  /**
   * An agent's call: the desk session's agent (agentOf: same origin for writes, no caching) handed
   * to the handler; GET without a body, POST with one.
   */
  function deskCall<Body extends z.ZodType>(
    method: 'GET' | 'POST',
    url: string,
    doc: { summary: string; description?: string },
    body: Body | undefined,
    response: z.ZodType,
    handle: (agent: AgentRow, body: z.output<Body>) => Promise<Envelope<unknown>>,
  ): void {
    typed.route({
      method,
      url,
      config,
      schema: {
        ...desk(doc.summary, doc.description),
        ...(body ? { body } : {}),
        response: envelopeResponses(response),
      },
      handler: async (request, reply) => handle(await agentOf(request, reply), request.body as z.output<Body>),
    });
  }

  deskCall(
    'GET',
    DESK_ROUTES.me,
    { summary: 'Support desk: the signed-in agent' },
    undefined,
    deskMeResponseSchema,
    (agent) => Promise.resolve(ok({ agent: chat.toAgent(agent) })),
  );

  deskCall(
    'GET',
    DESK_ROUTES.queue,
    {
      summary: 'Support desk: the queue, the agent’s chats and the canned answers',
      description: 'Waiting chats first come, first served.',
    },
    undefined,
    deskQueueResponseSchema,
    async (agent) => ok(await chat.queue(agent)),
  );

  deskCall(
    'POST',
    DESK_ROUTES.accept,
    {
      summary: 'Support desk: take the next waiting customer',
      description:
        'The oldest waiting chat (first come, first served); deskAgentFull when the agent is at capacity, deskQueueEmpty when no one waits.',
    },
    EMPTY,
    deskAcceptResponseSchema,
    async (agent) => ok({ chat: await chat.accept(agent) }),
  );

  deskCall(
    'POST',
    DESK_ROUTES.messages,
    {
      summary: 'Support desk: a held chat’s messages',
      description: 'Only a chat this agent holds (chatNotFound otherwise).',
    },
    chatIdBodySchema,
    chatMessagesResponseSchema,
    async (agent, body) => ok(await chat.agentMessages(agent, body.chatId)),
  );

  deskCall(
    'POST',
    DESK_ROUTES.send,
    { summary: 'Support desk: reply in a held chat', description: `Body {chatId, messageId, text}: text ${LENGTH}.` },
    chatSendBodySchema,
    chatSendResponseSchema,
    async (agent, body) => ok({ message: await chat.agentSend(agent, body) }),
  );

  /** The held-chat actions that answer only "done". */
  const actions: readonly [
    string,
    { summary: string; description?: string },
    (agent: AgentRow, chatId: string) => Promise<unknown>,
  ][] = [
    [
      DESK_ROUTES.typing,
      { summary: 'Support desk: the agent is typing' },
      (agent, chatId) => chat.agentTyping(agent, chatId),
    ],
    [
      DESK_ROUTES.handBack,
      {
        summary: 'Support desk: hand a chat back to the queue',
        description: 'It goes back first in line, with its messages, for the next agent.',
      },
      (agent, chatId) => chat.handBack(agent, chatId),
    ],
    [DESK_ROUTES.end, { summary: 'Support desk: end a held chat' }, (agent, chatId) => chat.agentEnd(agent, chatId)],
  ];
  for (const [url, doc, act] of actions) {
    deskCall('POST', url, doc, chatIdBodySchema, chatDoneResponseSchema, async (agent, body) => {
      await act(agent, body.chatId);
      return DONE;
    });
  }

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
