import { randomUUID } from 'node:crypto';
import { desc, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { simulatorOutbox } from '../../db/schema/simulators.ts';
import type { OutboxEntry, OutboxStore, SmsMessage, SmsOutbox, SmsProvider } from './types.ts';

export type { OutboxEntry, OutboxStore, SmsOutbox } from './types.ts';

/**
 * The log line of a kept message: to whom (masked) and which template, and where to read it, so a
 * person at `npm start` finds the code without reading the README. Never the text.
 */
export function keptMessage(channel: 'SMS' | 'email', store: OutboxStore): string {
  return `${channel} kept in the local outbox${store.pageUrl ? `: read it at ${store.pageUrl}` : ''}`;
}

/** The outbox keeps its newest this many messages, none older than a day: a code is valid for minutes. */
export const OUTBOX_CAPACITY = 200;
const OUTBOX_MAX_AGE_MS = 24 * 3_600_000;

interface OutboxStoreOptions {
  now?: () => number;
  capacity?: number;
  pageUrl?: string;
}

/**
 * The local message simulators' outbox (SMS, and email for JOURNEY_EMAIL_OTP) for the dev outbox
 * page; the server log records only that one was sent — to whom (masked) and which template, never
 * the text, since it carries the code. In memory: for a simulator a test builds on its own.
 */
export function createOutboxStore(options: OutboxStoreOptions = {}): OutboxStore {
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? OUTBOX_CAPACITY;
  const entries: OutboxEntry[] = [];
  return {
    pageUrl: options.pageUrl,
    add(entry) {
      entries.unshift({ id: randomUUID(), ...entry, sentAt: new Date(now()).toISOString() });
      entries.length = Math.min(entries.length, capacity);
      return Promise.resolve();
    },
    list: (limit = capacity) => Promise.resolve(entries.slice(0, limit)),
  };
}

/**
 * The outbox in the database (schema/simulators.ts), as the server builds it: a code sent through
 * one instance is on every instance's page, and a restart keeps it. Each insert prunes the
 * messages beyond the newest `capacity` and those older than a day, so it stays small however
 * much is sent.
 */
export function createDatabaseOutboxStore(options: OutboxStoreOptions & { db: Database }): OutboxStore {
  const { db } = options;
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? OUTBOX_CAPACITY;
  return {
    pageUrl: options.pageUrl,
    async add(entry) {
      const sentAt = now();
      await db.insert(simulatorOutbox).values({
        id: randomUUID(),
        channel: entry.channel,
        recipient: entry.to,
        subject: entry.subject ?? null,
        text: entry.text,
        templateId: entry.templateId,
        sentAt: new Date(sentAt),
      });
      // The newest message beyond the kept ones: it and everything before it go.
      const newestDropped = db
        .select({ seq: simulatorOutbox.seq })
        .from(simulatorOutbox)
        .orderBy(desc(simulatorOutbox.seq))
        .limit(1)
        .offset(capacity);
      await db
        .delete(simulatorOutbox)
        .where(
          or(
            lte(simulatorOutbox.seq, sql`(${newestDropped})`),
            lt(simulatorOutbox.sentAt, new Date(sentAt - OUTBOX_MAX_AGE_MS)),
          ),
        );
    },
    async list(limit = capacity) {
      const rows = await db.select().from(simulatorOutbox).orderBy(desc(simulatorOutbox.seq)).limit(limit);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        ...(row.subject === null ? {} : { subject: row.subject }),
        text: row.text,
        templateId: row.templateId,
        sentAt: row.sentAt.toISOString(),
      }));
    },
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
    async send(message: SmsMessage) {
      await store.add({ channel: 'sms', to: message.to, text: message.text, templateId: message.templateId });
      const masked = `${message.to.slice(0, 2)}******${message.to.slice(-2)}`;
      options.log.info({ sms: { to: masked, templateId: message.templateId } }, keptMessage('SMS', store));
    },
    outbox: store,
  };
}
