import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_LIVENESS,
  DESK_ROUTES,
  SUPPORT_ROUTES,
  type ChatAllocationResponse,
  type GetSupportResponse,
} from '@pravesh/core';
import { resultRows } from '../../db/client.ts';
import { supportChats } from '../../db/schema/support.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';
import { addAgent, deskCall, signInAgent } from './chat/test-support.ts';

const AGENTS = [
  { displayName: 'Meena', capacity: 2 },
  { displayName: 'Rohit', capacity: 3 },
];
const PLACES = AGENTS.reduce((sum, agent) => sum + agent.capacity, 0);
const CUSTOMERS = 12;

function post<T>(server: SsoTestServer, url: string, customer?: SignedInCustomer | string, body: unknown = {}) {
  const accessToken = typeof customer === 'string' ? customer : customer?.accessToken;
  return testClient(server).post<T>(url, { accessToken, body });
}

/** spec 001 §7 GRIDSP chat/chatAllocation and our chat/release, §9 "Chat enabled"; agents take chats at the desk. */
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

  it('serves the queue first come, first served, and never past an agent’s capacity, however many accept at once', async () => {
    const chats: ChatAllocationResponse[] = [];
    for (const customer of customers) chats.push((await allocate(customer)).body.response!);
    expect(chats.map((chat) => chat.queuePosition)).toEqual(customers.map((_, i) => i + 1));
    // Asking again is the same chat, the same place.
    expect((await allocate(customers[0]!)).body.response).toEqual(chats[0]);

    const agents = await Promise.all(
      AGENTS.map(async (agent) => signInAgent(server, await addAgent(server, agent.displayName, agent.capacity))),
    );
    const accepts = await Promise.all(
      agents.flatMap((agent) =>
        Array.from({ length: 4 }, () => deskCall(server, 'POST', DESK_ROUTES.accept, agent.cookie, {})),
      ),
    );
    expect(accepts.filter((reply) => reply.status === 200)).toHaveLength(PLACES);
    expect(
      accepts.filter((reply) => reply.status === 409).every((reply) => reply.body.statusCode === 'deskAgentFull'),
    ).toBe(true);
    // The first PLACES customers in line were taken; the rest moved up.
    const after = await Promise.all(customers.map(async (customer) => (await allocate(customer)).body.response!));
    expect(after.slice(0, PLACES).every((chat) => chat.status === 'ASSIGNED')).toBe(true);
    expect(after.slice(PLACES).map((chat) => chat.queuePosition)).toEqual(
      Array.from({ length: CUSTOMERS - PLACES }, (_, i) => i + 1),
    );
    expect(await load()).toEqual([
      { name: 'Meena', active_chats: 2, capacity: 2, live: 2 },
      { name: 'Rohit', active_chats: 3, capacity: 3, live: 3 },
    ]);
    // Leaving frees the agent's place at once.
    await release(customers[0], after[0]!.chatId);
    const freed = await load();
    expect(freed.reduce((sum, agent) => sum + agent.active_chats, 0)).toBe(PLACES - 1);
    for (const agent of freed) expect(agent.active_chats).toBe(agent.live);
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

  it('answers an allocation that meets the chat being ended: the same chat or a new one, never an error', async () => {
    const customer = customers[2]!;
    for (let round = 0; round < 15; round++) {
      const { chatId } = (await allocate(customer)).body.response!;
      // The page's liveness ask in flight as the customer presses "End chat".
      const [asked, ended] = await Promise.all([allocate(customer), release(customer, chatId)]);
      expect([asked.status, ended.status]).toEqual([200, 200]);
      const live = await server.database.db
        .select()
        .from(supportChats)
        .where(sql`${supportChats.customerId} = ${customer.customerId} and status in ('WAITING', 'ACTIVE')`);
      expect(live.length).toBeLessThanOrEqual(1);
    }
  });

  it('keeps the chat on screen with a liveness ask and never starts another: once ended, it answers ENDED', async () => {
    const [customer, other] = [customers[3]!, customers[4]!];
    const keepAlive = (who: SignedInCustomer, chatId: string) =>
      post<ChatAllocationResponse>(server, SUPPORT_ROUTES.chatAllocation, who, { chatId });
    const liveChats = async () =>
      server.database.db
        .select()
        .from(supportChats)
        .where(sql`${supportChats.customerId} = ${customer.customerId} and status in ('WAITING', 'ACTIVE')`);

    const chat = (await allocate(customer)).body.response!;
    const kept = await keepAlive(customer, chat.chatId);
    expect([kept.status, kept.body.response?.chatId]).toEqual([200, chat.chatId]);
    expect(kept.body.response?.status).not.toBe('ENDED');
    // Another customer's chat id is nobody's to keep.
    const refused = await keepAlive(other, chat.chatId);
    expect([refused.status, refused.body.statusCode]).toEqual([404, 'chatNotFound']);

    expect((await release(customer, chat.chatId)).status).toBe(200);
    const after = await keepAlive(customer, chat.chatId);
    expect([after.status, after.body.response?.chatId, after.body.response?.status]).toEqual([
      200,
      chat.chatId,
      'ENDED',
    ]);
    expect(await liveChats()).toEqual([]);

    // The ask in flight as the customer presses "End chat", whichever lands first: no chat is left live.
    for (let round = 0; round < 10; round++) {
      const { chatId } = (await allocate(customer)).body.response!;
      const [asked, ended] = await Promise.all([keepAlive(customer, chatId), release(customer, chatId)]);
      expect([asked.status, ended.status]).toEqual([200, 200]);
      expect(await liveChats()).toEqual([]);
    }
  });

  // Last: it moves the clock on.
  it('ends a chat whose page stopped asking, and frees its agent’s place', async () => {
    const chats = new Map<SignedInCustomer, ChatAllocationResponse>();
    for (const customer of customers) chats.set(customer, (await allocate(customer)).body.response!);
    const gone = customers.find((customer) => chats.get(customer)!.status === 'ASSIGNED')!;

    // Every page but one keeps asking.
    server.clock.advance(CHAT_LIVENESS.idleMs / 2);
    for (const customer of customers) if (customer !== gone) await allocate(customer);
    server.clock.advance(CHAT_LIVENESS.idleMs / 2 + 1000);
    await allocate(customers.find((customer) => customer !== gone)!);

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
