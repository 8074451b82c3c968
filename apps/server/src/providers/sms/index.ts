import type { FastifyBaseLogger } from 'fastify';
import type { SmsProviderConfig } from '../../config/sso.ts';
import { createHttpSmsProvider } from './http.ts';
import { createOutboxSmsProvider, type OutboxStore, type SmsOutbox } from './outbox.ts';

/**
 * Text messages (issue 4). A provider sends; what the message says is the caller's business. No
 * provider logs the text: it carries the one-time code.
 */
export interface SmsMessage {
  /** 10-digit Indian mobile number. */
  to: string;
  text: string;
  /** The registered (DLT) template the text follows. */
  templateId: string;
}

export interface SmsProvider {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
  /** The local outbox, when this provider is the simulator (never in production). */
  readonly outbox?: SmsOutbox;
}

export function createSmsProvider(
  config: SmsProviderConfig,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  store?: OutboxStore,
): SmsProvider {
  if (config.kind === 'http') return createHttpSmsProvider(config, log);
  return createOutboxSmsProvider({ log, now, ...(store ? { store } : {}) });
}

export { createOutboxStore, keptMessage } from './outbox.ts';
export type { SmsOutbox, OutboxEntry, OutboxStore } from './outbox.ts';
