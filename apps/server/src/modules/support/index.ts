import type { FastifyPluginAsync } from 'fastify';
import { CHAT_LIVENESS } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import { createChatStore } from './chat-store.ts';
import { createChatService } from './chat.ts';
import { createFaqService, createFaqStore } from './faqs.ts';
import { supportRoutes } from './routes.ts';
import { createTicketStore } from './ticket-store.ts';
import { createTicketService } from './tickets.ts';

/**
 * Support (spec 001 §2 support tabs, §7 getSupport, supportMail, chat/chatAllocation, §9 "Chat
 * enabled"; issue 16 §1): FAQs from the database, queries stored as tickets and mailed, and chat
 * allocation from stored agent capacity. The demo agents come from the seed step (demo-agents.ts).
 */
export const supportModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const { db, config, now } = deps;
  supportRoutes(app, {
    faqs: createFaqService({ store: createFaqStore(db), chatEnabled: config.support.chatEnabled }),
    tickets: createTicketService({
      store: createTicketStore(db),
      limiter: deps.limiter,
      email: deps.providers.email,
      openEmail: (sealed) => deps.pii.decrypt('email', sealed),
      deskEmail: config.support.deskEmail,
      now,
      log: deps.log,
    }),
    chat: createChatService({
      store: createChatStore(db, { idleMs: CHAT_LIVENESS.idleMs }),
      now,
      enabled: config.support.chatEnabled,
    }),
    customerAuth: deps.customerAuth,
  });
  return Promise.resolve();
};
export { seedDemoAgents } from './demo-agents.ts';
