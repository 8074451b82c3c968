import type { FastifyPluginAsync } from 'fastify';
import { CHAT_LIVENESS } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import { createChatStore } from './chat-store.ts';
import { createChatBus } from './chat/bus.ts';
import { liveChatRoutes } from './chat/routes.ts';
import { createChatService } from './chat/service.ts';
import { createLiveChatStore } from './chat/store.ts';
import { createFaqService, createFaqStore } from './faqs.ts';
import { supportRoutes } from './routes.ts';
import { createTicketStore } from './ticket-store.ts';
import { createTicketService } from './tickets.ts';

export { supportDataRightsPart } from './data-rights.ts';

/**
 * Support (spec 001 §2 support tabs, §7 getSupport, supportMail, chat/chatAllocation, §9 "Chat
 * enabled"): FAQs from the database, queries stored as tickets and mailed, and live chat between
 * customers and the support desk (chat/). The demo agents come from the seed step (demo-agents.ts).
 */
export const supportModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const { db, config, now } = deps;
  const ticketStore = createTicketStore(db);
  const tickets = createTicketService({
    store: ticketStore,
    limiter: deps.limiter,
    email: deps.providers.email,
    openEmail: (sealed) => deps.pii.decrypt('email', sealed),
    deskEmail: config.support.deskEmail,
    now,
    log: deps.log,
  });
  const bus = createChatBus(deps.database);
  app.addHook('onClose', () => bus.close());
  const chat = createChatService({
    chats: createChatStore(db, { idleMs: CHAT_LIVENESS.idleMs }),
    live: createLiveChatStore(db),
    bus,
    limiter: deps.limiter,
    tickets,
    email: deps.providers.email,
    async accountEmail(customerId) {
      const sealed = await ticketStore.accountEmailOf(customerId);
      return sealed ? deps.pii.decrypt('email', sealed) : undefined;
    },
    now,
    enabled: config.support.chatEnabled,
  });
  supportRoutes(app, {
    faqs: createFaqService({ store: createFaqStore(db), chatEnabled: config.support.chatEnabled }),
    tickets,
    chat,
    customerAuth: deps.customerAuth,
  });
  liveChatRoutes(app, { chat, bus, customerAuth: deps.customerAuth, environment: config.environment });
  return Promise.resolve();
};
export { seedDemoAgents } from './demo-agents.ts';
export { SUPPORT_ROUTE_ERRORS } from './openapi.ts';
/** The desk's agents, for the desk-agent CLI (cli/desk-agent.ts). */
export { removeDeskSignIn, saveDeskAgent } from './chat/agents.ts';
