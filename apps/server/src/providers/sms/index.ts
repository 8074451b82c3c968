import type { FastifyBaseLogger } from 'fastify';
import type { SmsProviderConfig } from '../../config/sso.ts';
import { createHttpSmsProvider } from './http.ts';
import { createOutboxSmsProvider, type OutboxStore } from './outbox.ts';
import type { SmsProvider } from './types.ts';

// The implementations import their interface from types.ts, not from here (no circle).
export type { SmsMessage, SmsProvider } from './types.ts';

export function createSmsProvider(
  config: SmsProviderConfig,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  store?: OutboxStore,
): SmsProvider {
  if (config.kind === 'http') return createHttpSmsProvider(config, log);
  return createOutboxSmsProvider({ log, now, ...(store ? { store } : {}) });
}

export { createDatabaseOutboxStore, createOutboxStore, keptMessage } from './outbox.ts';
export type { SmsOutbox, OutboxEntry, OutboxStore } from './outbox.ts';
