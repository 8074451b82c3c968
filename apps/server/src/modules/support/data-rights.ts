import { asc, inArray } from 'drizzle-orm';
import { supportChatMessages, supportChats, supportTickets } from '../../db/schema/support.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';
import { createChatStore } from './chat-store.ts';

/**
 * Support queries, chats and what was said in them (DPDP Act §11: a summary of the personal data
 * processed; §12 erasure). The transcripts live in support_chat_messages, keyed by chat: the
 * export reads them through the customer's chats, and the erasure takes them with their chat (the
 * foreign key cascades). A chat still live at erasure is ended first, as the customer ending it
 * would (chat-store end), so its agent's place frees instead of staying taken for good.
 */
export const supportDataRightsPart: DataRightsPartFactory = ({ db }) => {
  const rows = tablePart(db, {
    name: 'support',
    tables: [
      { key: 'chats', table: supportChats, customerColumn: supportChats.customerId },
      { key: 'tickets', table: supportTickets, customerColumn: supportTickets.customerId },
    ],
    erases: 'Your support queries and chats',
  });
  // Only `live` and `end` are used: the idle limit does not apply to them.
  const chats = createChatStore(db, { idleMs: 0 });
  return {
    name: rows.name,
    erases: rows.erases,
    async collect(customerId) {
      const out = (await rows.collect(customerId)) as { chats: { chatId: string }[] } & Record<string, unknown>;
      const chatIds = out.chats.map((chat) => chat.chatId);
      out.chatMessages =
        chatIds.length === 0
          ? []
          : await db
              .select()
              .from(supportChatMessages)
              .where(inArray(supportChatMessages.chatId, chatIds))
              .orderBy(asc(supportChatMessages.seq));
      return out;
    },
    async erase(customerId, at) {
      // At most one live chat a customer (support_chats_live_unique).
      const live = await chats.live(customerId);
      if (live) await chats.end(customerId, live.chatId, at);
      return rows.erase!(customerId, at);
    },
  };
};
