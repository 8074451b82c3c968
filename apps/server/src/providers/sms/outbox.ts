import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './index.ts';

/**
 * The local SMS simulator: messages are kept in memory (the newest `capacity`) for the dev outbox
 * page, and the server log records that one was sent — to whom (masked) and which template, never
 * the text, since it carries the code.
 */
export interface OutboxEntry {
  id: string;
  to: string;
  text: string;
  templateId: string;
  sentAt: string;
}

export interface SmsOutbox {
  /** Newest first. */
  list(limit?: number): OutboxEntry[];
}

export interface OutboxOptions {
  log: FastifyBaseLogger;
  now?: () => number;
  capacity?: number;
}

export function createOutboxSmsProvider(options: OutboxOptions): SmsProvider & { outbox: SmsOutbox } {
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? 200;
  const entries: OutboxEntry[] = [];
  return {
    kind: 'outbox',
    send(message: SmsMessage) {
      entries.unshift({
        id: randomUUID(),
        to: message.to,
        text: message.text,
        templateId: message.templateId,
        sentAt: new Date(now()).toISOString(),
      });
      entries.length = Math.min(entries.length, capacity);
      const masked = `${message.to.slice(0, 2)}******${message.to.slice(-2)}`;
      options.log.info({ sms: { to: masked, templateId: message.templateId } }, 'SMS kept in the local outbox');
      return Promise.resolve();
    },
    outbox: {
      list: (limit = capacity) => entries.slice(0, limit),
    },
  };
}
