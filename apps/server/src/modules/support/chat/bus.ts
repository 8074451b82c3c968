import { sql } from 'drizzle-orm';
import type { ChatEvent } from '@pravesh/core';
import type { DatabaseHandle } from '../../../db/client.ts';

/**
 * Live chat's fan-out across instances (ARCHITECTURE.md "support/chat"): an event is sent with
 * pg_notify on one channel, and every instance, this one too, hears it on its one LISTEN and hands
 * it to its own streams. A customer on one instance and their agent on another hear each other; no
 * instance keeps what another needs. PostgreSQL and PGlite both have LISTEN/NOTIFY, so the
 * embedded default needs nothing more. A NOTIFY is delivered when its transaction commits, and a
 * payload is at most 8,000 bytes (PostgreSQL §NOTIFY): a message of CHAT_MESSAGE_LIMITS.maxLength
 * characters (4 bytes each at most) fits.
 */
export const CHAT_CHANNEL = 'pravesh_support_chat';

/** An event with who may hear it: the chat's customer, and its agent (null while it waits). */
export interface ChatEnvelope {
  customerId: string | null;
  agentId: string | null;
  event: ChatEvent;
}

export type ChatListener = (envelope: ChatEnvelope) => void;

export interface ChatBus {
  publish(envelope: ChatEnvelope): Promise<void>;
  /** Hears every envelope, once this instance listens; answers the unsubscribe. */
  subscribe(listener: ChatListener): Promise<() => void>;
  close(): Promise<void>;
}

export function createChatBus(database: DatabaseHandle): ChatBus {
  const listeners = new Set<ChatListener>();
  let unlisten: Promise<() => Promise<void>> | undefined;

  function deliver(payload: string): void {
    let envelope: ChatEnvelope;
    try {
      envelope = JSON.parse(payload) as ChatEnvelope;
    } catch {
      return;
    }
    for (const listener of listeners) listener(envelope);
  }

  return {
    async publish(envelope) {
      await database.db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(envelope)})`);
    },
    async subscribe(listener) {
      // The LISTEN starts with the first stream, so an instance nobody chats on holds no connection.
      unlisten ??= database.listen(CHAT_CHANNEL, deliver);
      listeners.add(listener);
      try {
        await unlisten;
      } catch (error) {
        listeners.delete(listener);
        unlisten = undefined;
        throw error;
      }
      return () => void listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      const stop = await unlisten?.catch(() => undefined);
      await stop?.();
    },
  };
}
