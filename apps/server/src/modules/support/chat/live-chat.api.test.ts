import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_LIMITS,
  DESK_ROUTES,
  SUPPORT_ROUTES,
  type ChatAllocationResponse,
  type ChatEvent,
  type ChatMessage,
  type ChatMessagesResponse,
  type ChatState,
  type DeskChat,
  type DeskQueueResponse,
  type SupportMailResponse,
} from '@pravesh/core';
import { piiOf } from '../../../test/customers.ts';
import { ssoCustomers } from '../../../db/schema/sso.ts';
import { supportAgents, supportChatMessages, supportChats } from '../../../db/schema/support.ts';
import { createOutboxEmailProvider } from '../../../providers/email/index.ts';
import { createOutboxStore, type OutboxStore } from '../../../providers/sms/index.ts';
import { createOutboxSmsProvider } from '../../../providers/sms/outbox.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../../test/customers.ts';
import { TRANSCRIPT_TEMPLATE } from '../mails.ts';
import {
  addAgent,
  customerCall,
  deskCall,
  listening,
  readEvents,
  signInAgent,
  type DeskAgentHandle,
  type EventReader,
} from './test-support.ts';

const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
  level: 'silent',
};
const ACCOUNT_EMAIL = 'meera.iyer@example.in';
const SECRET_WORDS = 'my card ending 4242 was charged twice';

/** Live chat (spec 001 §7 GRIDSP chat, §9 "Chat enabled"; modules/support/chat). */
describe.each(DATABASE_KINDS)('live chat on %s', (kind) => {
  let server: SsoTestServer;
  let outbox: OutboxStore;
  let base: string;
  let meera: SignedInCustomer;
  let other: SignedInCustomer;
  let priya: DeskAgentHandle;
  let arjun: DeskAgentHandle;
  const readers: EventReader[] = [];

  const allocate = (customer: SignedInCustomer) =>
    customerCall<ChatAllocationResponse>(server, 'POST', SUPPORT_ROUTES.chatAllocation, customer, {});
  const say = (customer: SignedInCustomer | string, chatId: string, text: string, messageId = randomUUID()) =>
    customerCall<{ message: ChatMessage }>(server, 'POST', SUPPORT_ROUTES.chatSend, customer, {
      chatId,
      messageId,
      text,
    });
  const desk = <T>(agent: DeskAgentHandle | undefined, method: 'GET' | 'POST', url: string, body?: unknown) =>
    deskCall<T>(server, method, url, agent?.cookie, body);
  async function customerStream(customer: SignedInCustomer, chatId: string): Promise<EventReader> {
    const reader = await readEvents(`${base}${SUPPORT_ROUTES.chatEvents}?chatId=${chatId}`, {
      'pb-pass-token': await server.pass(2),
      'pb-access-token': customer.accessToken,
    });
    readers.push(reader);
    return reader;
  }
  async function deskStream(agent: DeskAgentHandle): Promise<EventReader> {
    const reader = await readEvents(`${base}${DESK_ROUTES.events}`, { cookie: agent.cookie });
    readers.push(reader);
    return reader;
  }
  const isMessage = (text: string) => (event: ChatEvent) => event.type === 'message' && event.message.text === text;
  const isState = (status: ChatState['status']) => (event: ChatEvent) =>
    event.type === 'state' && event.state.status === status;

  beforeAll(async () => {
    outbox = createOutboxStore();
    server = await ssoServer(kind, {
      providers: {
        sms: createOutboxSmsProvider({ log: quiet as never, store: outbox }),
        email: createOutboxEmailProvider({ log: quiet as never, store: outbox }),
      },
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' },
    });
    base = await listening(server);
    meera = await signInCustomer(server, nextMobile('93'));
    other = await signInCustomer(server, nextMobile('93'));
    const pii = piiOf(server);
    await server.database.db
      .update(ssoCustomers)
      .set({ emailHash: pii.hash('email', ACCOUNT_EMAIL), emailEnc: pii.encrypt('email', ACCOUNT_EMAIL) })
      .where(eq(ssoCustomers.customerId, meera.customerId));
    priya = await addAgent(server, 'Priya', 2);
    arjun = await addAgent(server, 'Arjun', 1);
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.close();
  });

  it('leaves a message as a query when no agent is at the desk', async () => {
    const waiting = (await allocate(other)).body.response!;
    expect(waiting).toMatchObject({ status: 'QUEUED', queuePosition: 1, agentsOnDuty: 0 });
    expect(
      (await say(other, waiting.chatId, 'Hello, is anyone there? I need help with my credit report.')).status,
    ).toBe(200);
    const left = await customerCall<SupportMailResponse>(server, 'POST', SUPPORT_ROUTES.chatLeaveMessage, other, {
      chatId: waiting.chatId,
      requestId: randomUUID(),
      email: 'ravi@example.in',
    });
    expect(left.status).toBe(200);
    const [chat] = await server.database.db.select().from(supportChats).where(eq(supportChats.chatId, waiting.chatId));
    expect(chat).toMatchObject({ status: 'ENDED', ticketReference: left.body.response!.ticket.reference });
    expect(left.body.response!.ticket.subject).toBe('Message left in chat');
  });

  it('carries a chat both ways in real time: queue, accept, messages, typing, hand back, end, rating, transcript', async () => {
    const queued = (await allocate(meera)).body.response!;
    expect(queued).toMatchObject({ status: 'QUEUED', queuePosition: 1, agentsOnDuty: 0 });
    const { chatId } = queued;
    const customer = await customerStream(meera, chatId);
    await customer.next(isState('WAITING'));
    expect((await say(meera, chatId, SECRET_WORDS)).status).toBe(200);

    // The desk: only signed-in agents count as on duty; the queue shows the first words.
    await signInAgent(server, priya);
    expect((await allocate(meera)).body.response!.agentsOnDuty).toBe(1);
    const priyaEvents = await deskStream(priya);
    const queue = (await desk<DeskQueueResponse>(priya, 'GET', DESK_ROUTES.queue)).body.response!;
    expect(queue.waiting.map((chat) => [chat.chatId, chat.preview])).toEqual([[chatId, SECRET_WORDS]]);
    expect(queue.canned.length).toBeGreaterThan(3);
    expect(queue.agent).toMatchObject({ displayName: 'Priya', capacity: 2, activeChats: 0 });

    const accepted = await desk<{ chat: DeskChat }>(priya, 'POST', DESK_ROUTES.accept, {});
    expect(accepted.body.response!.chat).toMatchObject({ chatId, status: 'ACTIVE' });
    const active = await customer.next(isState('ACTIVE'));
    expect(active).toMatchObject({ state: { agentName: 'Priya', queuePosition: null } });
    await customer.next(isMessage('Priya has joined the chat.'));

    // Customer → agent, and agent → customer, as they happen; typing is passed on, never stored.
    expect((await say(meera, chatId, 'Can you check a payment?')).status).toBe(200);
    await priyaEvents.next(isMessage('Can you check a payment?'));
    const reply = '<b>Of course</b> — let me look.';
    const sent = await desk<{ message: ChatMessage }>(priya, 'POST', DESK_ROUTES.send, {
      chatId,
      messageId: randomUUID(),
      text: reply,
    });
    expect(sent.body.response!.message).toMatchObject({ author: 'AGENT', agentName: 'Priya', text: reply });
    await customer.next(isMessage(reply));
    await customerCall(server, 'POST', SUPPORT_ROUTES.chatTyping, meera, { chatId });
    await priyaEvents.next((event) => event.type === 'typing' && event.author === 'CUSTOMER');
    await desk(priya, 'POST', DESK_ROUTES.typing, { chatId });
    await customer.next((event) => event.type === 'typing' && event.author === 'AGENT');
    expect(customer.events.some((event) => event.type === 'typing' && event.author === 'CUSTOMER')).toBe(false);

    // A resent message is stored once.
    const messageId = randomUUID();
    await say(meera, chatId, 'Thank you', messageId);
    expect((await say(meera, chatId, 'Thank you', messageId)).body.response!.message.messageId).toBe(messageId);
    expect(await server.database.db.$count(supportChatMessages, eq(supportChatMessages.messageId, messageId))).toBe(1);

    // Hand back: first in line again; another agent takes it with its history.
    expect((await desk(priya, 'POST', DESK_ROUTES.handBack, { chatId })).status).toBe(200);
    await customer.next(
      (event) => isState('WAITING')(event) && customer.events.indexOf(event) > customer.events.indexOf(active),
    );
    await signInAgent(server, arjun);
    expect((await desk<{ chat: DeskChat }>(arjun, 'POST', DESK_ROUTES.accept, {})).body.response!.chat.chatId).toBe(
      chatId,
    );
    const history = (await desk<ChatMessagesResponse>(arjun, 'POST', DESK_ROUTES.messages, { chatId })).body.response!;
    expect(history.messages.map((message) => message.text)).toContain(SECRET_WORDS);
    // Priya no longer holds it.
    expect((await desk(priya, 'POST', DESK_ROUTES.messages, { chatId })).body.statusCode).toBe('chatNotFound');

    // Rating waits for the end; the agent ends it; the customer rates and asks for the transcript.
    const early = await customerCall(server, 'POST', SUPPORT_ROUTES.chatRate, meera, { chatId, rating: 5 });
    expect([early.status, early.body.statusCode]).toEqual([409, 'chatNotActive']);
    expect((await desk(arjun, 'POST', DESK_ROUTES.end, { chatId })).status).toBe(200);
    await customer.next(isState('ENDED'));
    for (const rating of [0, 6, 2.5]) {
      const refused = await customerCall(server, 'POST', SUPPORT_ROUTES.chatRate, meera, { chatId, rating });
      expect([refused.status, refused.body.statusMessage]).toEqual([400, 'Please choose a rating from 1 to 5']);
    }
    const rated = await customerCall<ChatState>(server, 'POST', SUPPORT_ROUTES.chatRate, meera, { chatId, rating: 4 });
    expect(rated.body.response).toMatchObject({ status: 'ENDED', rating: 4 });
    const mailed = await customerCall<{ sentTo: string }>(server, 'POST', SUPPORT_ROUTES.chatTranscript, meera, {
      chatId,
    });
    expect(mailed.status).toBe(200);
    expect(mailed.body.response!.sentTo).not.toContain('meera.iyer');
    const [mail] = (await outbox.list()).filter((message) => message.templateId === TRANSCRIPT_TEMPLATE);
    expect(mail).toMatchObject({ to: ACCOUNT_EMAIL });
    expect(mail!.text).toContain('] Priya has joined the chat.');
    expect(mail!.text).toContain(`You: ${SECRET_WORDS}`);
    expect(mail!.text).toContain(`Priya: ${reply}`);
    expect((await say(meera, chatId, 'one more thing')).body.statusCode).toBe('chatNotActive');

    // No message text in the logs.
    expect(server.logs.join('\n')).not.toContain('card ending 4242');
    const [agentRow] = await server.database.db
      .select()
      .from(supportAgents)
      .where(eq(supportAgents.email, arjun.email));
    expect(agentRow!.activeChats).toBe(0);
  });

  it('lets a customer reach only their own chat', async () => {
    const mine = (await allocate(meera)).body.response!;
    const theirs = await signInCustomer(server, nextMobile('93'));
    const calls: Array<[string, unknown]> = [
      [SUPPORT_ROUTES.chatMessages, { chatId: mine.chatId }],
      [SUPPORT_ROUTES.chatSend, { chatId: mine.chatId, messageId: randomUUID(), text: 'hello' }],
      [SUPPORT_ROUTES.chatTyping, { chatId: mine.chatId }],
      [SUPPORT_ROUTES.chatRate, { chatId: mine.chatId, rating: 1 }],
      [SUPPORT_ROUTES.chatTranscript, { chatId: mine.chatId }],
      [SUPPORT_ROUTES.chatLeaveMessage, { chatId: mine.chatId, requestId: randomUUID(), email: 'x@example.in' }],
      [SUPPORT_ROUTES.chatRelease, { chatId: mine.chatId }],
    ];
    for (const [url, body] of calls) {
      const refused = await customerCall(server, 'POST', url, theirs, body);
      expect([refused.status, refused.body.statusCode], url).toEqual([404, 'chatNotFound']);
      const anonymous = await customerCall(server, 'POST', url, undefined, body);
      expect([anonymous.status, anonymous.body.statusCode], url).toEqual([401, 'tokenNotValidated']);
    }
    const stream = await fetch(`${base}${SUPPORT_ROUTES.chatEvents}?chatId=${mine.chatId}`, {
      headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': theirs.accessToken },
    });
    expect(stream.status).toBe(404);
    expect(await server.database.db.$count(supportChatMessages, eq(supportChatMessages.chatId, mine.chatId))).toBe(0);
    expect(
      (await customerCall(server, 'POST', SUPPORT_ROUTES.chatRelease, meera, { chatId: mine.chatId })).status,
    ).toBe(200);
  });

  it('keeps messages short, plain and few', async () => {
    const { chatId } = (await allocate(other)).body.response!;
    const long = await say(other, chatId, 'x'.repeat(CHAT_MESSAGE_LIMITS.maxLength + 1));
    expect([long.status, long.body.statusCode, long.body.statusMessage]).toEqual([
      400,
      'chatMessageInvalid',
      'Please write a message of up to 1,000 characters',
    ]);
    expect((await say(other, chatId, '   \n ')).body.statusCode).toBe('chatMessageInvalid');
    expect((await say(other, chatId, 'é'.repeat(CHAT_MESSAGE_LIMITS.maxLength))).status).toBe(200);
    let limited;
    for (let i = 0; i < CHAT_MESSAGE_LIMITS.perMinute + 1; i++) limited = await say(other, chatId, `message ${i}`);
    expect([limited?.status, limited?.body.statusCode]).toEqual([429, 'chatMessageLimit']);
    server.clock.advance(CHAT_MESSAGE_LIMITS.windowMs + 1);
    expect((await say(other, chatId, 'after a minute')).status).toBe(200);
    await customerCall(server, 'POST', SUPPORT_ROUTES.chatRelease, other, { chatId });
  });

  it('opens the desk only with an agent’s own sign-in, never a customer’s token', async () => {
    const wrong = await deskCall(server, 'POST', DESK_ROUTES.signIn, undefined, {
      email: priya.email,
      password: 'guess-guess-guess',
    });
    const unknown = await deskCall(server, 'POST', DESK_ROUTES.signIn, undefined, {
      email: 'nobody@desk.example.in',
      password: 'guess',
    });
    for (const refused of [wrong, unknown]) {
      expect([refused.status, refused.body.statusCode, refused.body.statusMessage]).toEqual([
        401,
        'deskSignInFailed',
        'The email or password is not right',
      ]);
    }
    for (const [method, url] of [
      ['GET', DESK_ROUTES.queue],
      ['POST', DESK_ROUTES.accept],
      ['GET', DESK_ROUTES.events],
    ] as const) {
      const bare = await deskCall(server, method, url, undefined, method === 'POST' ? {} : undefined);
      expect([bare.status, bare.body.statusCode], url).toEqual([401, 'deskSessionRequired']);
      const asCustomer = await deskCall(server, method, url, undefined, method === 'POST' ? {} : undefined, {
        'pb-access-token': meera.accessToken,
        'pb-pass-token': await server.pass(2),
      });
      expect(asCustomer.status, url).toBe(401);
      const forged = await deskCall(
        server,
        method,
        url,
        'pravesh-desk=not-a-session',
        method === 'POST' ? {} : undefined,
      );
      expect(forged.status, url).toBe(401);
    }
    // A cross-site form cannot act with the agent's cookie.
    const crossSite = await deskCall(
      server,
      'POST',
      DESK_ROUTES.accept,
      priya.cookie,
      {},
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(401);
    // Capacity and an empty queue.
    expect((await desk(arjun, 'POST', DESK_ROUTES.accept, {})).body.statusCode).toBe('deskQueueEmpty');
    const a = (await allocate(meera)).body.response!;
    const b = (await allocate(other)).body.response!;
    expect((await desk(arjun, 'POST', DESK_ROUTES.accept, {})).status).toBe(200);
    expect((await desk(arjun, 'POST', DESK_ROUTES.accept, {})).body.statusCode).toBe('deskAgentFull');
    // Signed out: the cookie opens nothing.
    expect((await desk(arjun, 'POST', DESK_ROUTES.signOut, {})).status).toBe(200);
    expect((await desk(arjun, 'GET', DESK_ROUTES.queue)).status).toBe(401);
    for (const customer of [meera, other]) {
      await customerCall(server, 'POST', SUPPORT_ROUTES.chatRelease, customer, {
        chatId: customer === meera ? a.chatId : b.chatId,
      });
    }
  });
});
