import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIVENESS, SUPPORT_ROUTES, type ChatAllocationResponse, type GetSupportResponse } from '@pravesh/core';
import { resultRows } from '../../db/client.ts';
import { supportAgents, supportChats } from '../../db/schema/support.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';

const AGENTS = [
  { agentId: randomUUID(), displayName: 'Meena', capacity: 2 },
  { agentId: randomUUID(), displayName: 'Rohit', capacity: 3 },
];
const PLACES = AGENTS.reduce((sum, agent) => sum + agent.capacity, 0);
const CUSTOMERS = 12;

function post<T>(server: SsoTestServer, url: string, customer?: SignedInCustomer | string, body: unknown = {}) {
  const accessToken = typeof customer === 'string' ? customer : customer?.accessToken;
  return testClient(server).post<T>(url, { accessToken, body });
}

/** spec 001 §7 GRIDSP chat/chatAllocation and our chat/release, §9 "Chat enabled" (issue 16 §1). */
describe.each(DATABASE_KINDS)('chat allocation on %s', (kind) => {
  let server: SsoTestServer;
  let customers: SignedInCustomer[];

  const allocate = (customer: SignedInCustomer) =>
    post<ChatAllocationResponse>(server, SUPPORT_ROUTES.chatAllocation, customer);
  const release = (customer: SignedInCustomer | string | undefined, chatId: string) =>
    post<{ released: true }>(server, SUPPORT_ROUTES.chatRelease, customer, { chatId });

  /** Per agent: stored count, capacity and the ACTIVE chats that really point at them. */
  async function load() {
    return resultRows<{ name: string; active_chats: number; capacity: number; live: string | number }>(
      await server.database.db.execute(sql`
        select a.display_name as name, a.active_chats, a.capacity,
               (select count(*) from support_chats c where c.agent_id = a.agent_id and c.status = 'ACTIVE') as live
        from support_agents a order by a.display_name`),
    ).map((row) => ({ ...row, live: Number(row.live) }));
  }

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await signInCustomer(server, nextMobile('94')));
  });
  afterAll(() => server?.close());

  it('queues a customer while no agent is on duty, and serves them first when one is', async () => {
    const early = customers[0]!;
    const waiting = await allocate(early);
    expect(waiting.status).toBe(200);
    expect(waiting.body.response).toMatchObject({ status: 'QUEUED', queuePosition: 1, agentName: null });
    // Asking again is the same chat, the same place.
    expect((await allocate(early)).body.response).toEqual(waiting.body.response);

    const at = new Date(server.clock.now());
    await server.database.db.insert(supportAgents).values(AGENTS.map((agent) => ({ ...agent, createdAt: at })));
    const served = (await allocate(early)).body.response!;
    expect(served).toMatchObject({ chatId: waiting.body.response!.chatId, status: 'ASSIGNED', queuePosition: null });
    expect(['Meena', 'Rohit']).toContain(served.agentName);
    expect((await release(early, served.chatId)).status).toBe(200);
  });

  it('never gives an agent more chats than their capacity, however many ask at once', async () => {
    const answers = await Promise.all(customers.map((customer) => allocate(customer)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const chats = answers.map((answer) => answer.body.response!);
    const assigned = chats.filter((chat) => chat.status === 'ASSIGNED');
    const queued = chats.filter((chat) => chat.status === 'QUEUED');
    expect(assigned).toHaveLength(PLACES);
    expect(queued.map((chat) => chat.queuePosition).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: CUSTOMERS - PLACES }, (_, i) => i + 1),
    );
    expect(new Set(chats.map((chat) => chat.chatId)).size).toBe(CUSTOMERS);
    expect(await load()).toEqual([
      { name: 'Meena', active_chats: 2, capacity: 2, live: 2 },
      { name: 'Rohit', active_chats: 3, capacity: 3, live: 3 },
    ]);
  });

  it('gives a freed place to the first in the queue, and moves everyone else up', async () => {
    const byCustomer = new Map<SignedInCustomer, ChatAllocationResponse>();
    for (const customer of customers) byCustomer.set(customer, (await allocate(customer)).body.response!);
    const leaving = customers.find((customer) => byCustomer.get(customer)!.status === 'ASSIGNED')!;
    const first = customers.find((customer) => byCustomer.get(customer)!.queuePosition === 1)!;
    const second = customers.find((customer) => byCustomer.get(customer)!.queuePosition === 2)!;

    expect((await release(leaving, byCustomer.get(leaving)!.chatId)).body).toMatchObject({
      status: true,
      response: { released: true },
    });
    const served = (await allocate(first)).body.response!;
    expect(served).toMatchObject({ chatId: byCustomer.get(first)!.chatId, status: 'ASSIGNED' });
    expect(served.assignedAt).toBe(new Date(server.clock.now()).toISOString());
    expect((await allocate(second)).body.response).toMatchObject({ status: 'QUEUED', queuePosition: 1 });
    // The customer who left starts again at the back.
    const again = (await allocate(leaving)).body.response!;
    expect(again.chatId).not.toBe(byCustomer.get(leaving)!.chatId);
    expect(again).toMatchObject({ status: 'QUEUED', queuePosition: CUSTOMERS - PLACES });
  });

  it('keeps capacity when releases and new requests arrive together', async () => {
    const live = await Promise.all(
      customers.map(async (customer) => ({ customer, chat: (await allocate(customer)).body.response! })),
    );
    const leavers = live.filter(({ chat }) => chat.status === 'ASSIGNED').slice(0, 3);
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await signInCustomer(server, nextMobile('94')));
    await Promise.all([
      ...leavers.map(({ customer, chat }) => release(customer, chat.chatId)),
      ...late.map((customer) => allocate(customer)),
    ]);
    const agents = await load();
    for (const agent of agents) {
      expect(agent.active_chats).toBe(agent.live);
      expect(agent.active_chats).toBeLessThanOrEqual(agent.capacity);
    }
    // Someone was waiting throughout, so every freed place was taken again.
    expect(agents.reduce((sum, agent) => sum + agent.live, 0)).toBe(PLACES);
  });

  it('lets only the customer end their own chat', async () => {
    const [owner, other] = [customers[0]!, customers[1]!];
    const chat = (await allocate(owner)).body.response!;
    const refused = await release(other, chat.chatId);
    expect([refused.status, refused.body.statusCode, refused.body.statusMessage]).toEqual([
      404,
      'chatNotFound',
      'Chat not found',
    ]);
    for (const token of [undefined, 'not-a-token', `${owner.accessToken.slice(0, -4)}AAAA`]) {
      const mine = await post(server, SUPPORT_ROUTES.chatAllocation, token);
      const end = await release(token, chat.chatId);
      for (const { status, body } of [mine, end]) {
        expect(status).toBe(401);
        expect(body).toMatchObject({ statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' });
      }
    }
    const [row] = await server.database.db.select().from(supportChats).where(eq(supportChats.chatId, chat.chatId));
    expect(row!.status).not.toBe('ENDED');
    expect((await release(owner, chat.chatId)).status).toBe(200);
    expect((await release(owner, chat.chatId)).status).toBe(404);
    for (const body of [{ chatId: 'not-a-uuid' }, {}, { chatId: chat.chatId, customerId: owner.customerId }]) {
      expect((await post(server, SUPPORT_ROUTES.chatRelease, owner, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(server, SUPPORT_ROUTES.chatAllocation, owner, { customerId: other.customerId })).status).toBe(
      400,
    );
  });

  // Last: it moves the clock on.
  it('ends a chat whose page stopped asking, and gives its place to the next in line', async () => {
    const chats = new Map<SignedInCustomer, ChatAllocationResponse>();
    for (const customer of customers) chats.set(customer, (await allocate(customer)).body.response!);
    const gone = customers.find((customer) => chats.get(customer)!.status === 'ASSIGNED')!;
    const next = customers.find((customer) => chats.get(customer)!.queuePosition === 1)!;

    // Every page but one keeps asking.
    server.clock.advance(CHAT_LIVENESS.idleMs / 2);
    for (const customer of customers) if (customer !== gone) await allocate(customer);
    server.clock.advance(CHAT_LIVENESS.idleMs / 2 + 1000);

    expect((await allocate(next)).body.response).toMatchObject({ chatId: chats.get(next)!.chatId, status: 'ASSIGNED' });
    const [ended] = await server.database.db
      .select()
      .from(supportChats)
      .where(eq(supportChats.chatId, chats.get(gone)!.chatId));
    expect(ended).toMatchObject({ status: 'ENDED', endedAt: new Date(server.clock.now()) });
    for (const agent of await load()) {
      expect(agent.active_chats).toBe(agent.live);
      expect(agent.active_chats).toBeLessThanOrEqual(agent.capacity);
    }
  });
});

describe.each(DATABASE_KINDS)('chat switched off on %s (spec 001 §9 "Chat enabled" false)', (kind) => {
  let server: SsoTestServer;
  afterAll(() => server?.close());

  it('does not offer chat and refuses an allocation', async () => {
    server = await ssoServer(kind, { env: { PRAVESH_CHAT_ENABLED: '0' } });
    const customer = await signInCustomer(server, nextMobile('94'));
    const support = await post<GetSupportResponse>(server, SUPPORT_ROUTES.getSupport);
    expect(support.body.response!.chatEnabled).toBe(false);
    const refused = await post(server, SUPPORT_ROUTES.chatAllocation, customer);
    expect([refused.status, refused.body.statusCode, refused.body.statusMessage]).toEqual([
      403,
      'chatDisabled',
      'Chat is not available right now. Please call or write to us instead',
    ]);
    expect(await server.database.db.$count(supportChats)).toBe(0);
  });
});
