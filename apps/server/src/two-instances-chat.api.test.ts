import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_ROUTES, SUPPORT_ROUTES, type ChatAllocationResponse, type ChatEvent } from '@pravesh/core';
import {
  addAgent,
  customerCall,
  deskCall,
  listening,
  readEvents,
  signInAgent,
  type EventReader,
} from './modules/support/chat/test-support.ts';
import { nextMobile, signInCustomer } from './test/customers.ts';
import { TWO_INSTANCES_AVAILABLE, startTwoInstances, type TwoInstances } from './test/two-instances.ts';

/**
 * Live chat across instances (ARCHITECTURE.md support/chat; modules/support/chat/bus.ts): the
 * customer's stream on instance A, the agent's on instance B, and every write on the instance the
 * other is not on. Each hears the other only through PostgreSQL LISTEN/NOTIFY, since the two share
 * nothing but the database and Redis.
 */
describe.skipIf(!TWO_INSTANCES_AVAILABLE)('live chat across two instances', () => {
  let servers: TwoInstances;
  const readers: EventReader[] = [];

  beforeAll(async () => {
    servers = await startTwoInstances();
  }, 180_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await servers?.close();
  });

  const isMessage = (text: string) => (event: ChatEvent) => event.type === 'message' && event.message.text === text;

  it('carries the queue, messages both ways, typing and the end between a customer on A and an agent on B', async () => {
    const { a, b } = servers;
    const [baseA, baseB] = [await listening(a), await listening(b)];
    const customer = await signInCustomer(a, nextMobile('92'));
    const agent = await signInAgent(b, await addAgent(b, 'Kavya', 2));

    const desk = await readEvents(`${baseB}${DESK_ROUTES.events}`, { cookie: agent.cookie });
    readers.push(desk);
    await desk.next((event) => event.type === 'queue');
    const firstQueueEvents = desk.events.length;

    // The customer joins the queue on A; the desk on B hears the queue move.
    const { chatId } = (
      await customerCall<ChatAllocationResponse>(a, 'POST', SUPPORT_ROUTES.chatAllocation, customer, {})
    ).body.response!;
    await desk.next((event) => event.type === 'queue' && desk.events.indexOf(event) >= firstQueueEvents);
    const stream = await readEvents(`${baseA}${SUPPORT_ROUTES.chatEvents}?chatId=${chatId}`, {
      'pb-pass-token': await a.pass(2),
      'pb-access-token': customer.accessToken,
    });
    readers.push(stream);

    // The agent takes the chat on B: the customer on A hears it.
    expect((await deskCall(b, 'POST', DESK_ROUTES.accept, agent.cookie, {})).status).toBe(200);
    await stream.next(
      (event) => event.type === 'state' && event.state.status === 'ACTIVE' && event.state.agentName === 'Kavya',
    );

    // Customer writes on B (another request, another instance): the agent hears it on B's stream.
    const question = 'Is my payment of ₹199 through?';
    const sent = await customerCall(b, 'POST', SUPPORT_ROUTES.chatSend, customer, {
      chatId,
      messageId: randomUUID(),
      text: question,
    });
    expect(sent.status).toBe(200);
    await desk.next(isMessage(question));
    await stream.next(isMessage(question));

    // The agent answers through A: the customer hears it on A.
    const answer = 'Yes, it went through on 21 November.';
    await deskCall(a, 'POST', DESK_ROUTES.send, agent.cookie, { chatId, messageId: randomUUID(), text: answer });
    await stream.next(isMessage(answer));
    await customerCall(b, 'POST', SUPPORT_ROUTES.chatTyping, customer, { chatId });
    await desk.next((event) => event.type === 'typing' && event.author === 'CUSTOMER');

    // The customer ends it on B; the agent's stream on B and the customer's on A both hear it.
    await customerCall(b, 'POST', SUPPORT_ROUTES.chatRelease, customer, { chatId });
    await stream.next((event) => event.type === 'state' && event.state.status === 'ENDED');
    await desk.next((event) => event.type === 'state' && event.state.status === 'ENDED');
  });
});
