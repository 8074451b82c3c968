import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxEntry, OutboxStore, SmsMessage, SmsOutbox, SmsProvider } from './types.ts';

export type { OutboxEntry, OutboxStore, SmsOutbox } from './types.ts';

/**
 * The local message simulators' outbox (SMS, and email for JOURNEY_EMAIL_OTP): messages are kept
 * in memory (the newest `capacity`) for the dev outbox page, and the server log records that one
 * was sent — to whom (masked) and which template, never the text, since it carries the code.
 */
/**
 * The log line of a kept message: to whom (masked) and which template, and where to read it, so a
 * person at `npm start` finds the code without reading the README (issue 13 §4). Never the text.
 */
export function keptMessage(channel: 'SMS' | 'email', store: OutboxStore): string {
  return `${channel} kept in the local outbox${store.pageUrl ? `: read it at ${store.pageUrl}` : ''}`;
}

export function createOutboxStore(
  options: { now?: () => number; capacity?: number; pageUrl?: string } = {},
): OutboxStore {
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? 200;
  const entries: OutboxEntry[] = [];
  return {
    pageUrl: options.pageUrl,
    add(entry) {
      entries.unshift({ id: randomUUID(), ...entry, sentAt: new Date(now()).toISOString() });
      entries.length = Math.min(entries.length, capacity);
    },
    list: (limit = capacity) => entries.slice(0, limit),
  };
}

export interface OutboxOptions {
  log: FastifyBaseLogger;
  now?: () => number;
  capacity?: number;
  /** Shared with the email simulator; a store of its own by default. */
  store?: OutboxStore;
}

export function createOutboxSmsProvider(options: OutboxOptions): SmsProvider & { outbox: SmsOutbox } {
  const store = options.store ?? createOutboxStore(options);
  return {
    kind: 'outbox',
    send(message: SmsMessage) {
      store.add({ channel: 'sms', to: message.to, text: message.text, templateId: message.templateId });
      const masked = `${message.to.slice(0, 2)}******${message.to.slice(-2)}`;
      options.log.info({ sms: { to: masked, templateId: message.templateId } }, keptMessage('SMS', store));
      return Promise.resolve();
    },
    outbox: store,
  };
}
