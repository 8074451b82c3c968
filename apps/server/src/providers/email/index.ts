import type { FastifyBaseLogger } from 'fastify';
import type { EmailProviderConfig } from '../../config/sso.ts';
import { createOutboxStore, keptMessage, type OutboxStore, type SmsOutbox } from '../sms/index.ts';

/**
 * Email (JOURNEY_EMAIL_OTP). A provider sends; what the message says is the caller's
 * business. No provider logs the text: it carries the one-time code. Outside production the
 * simulator keeps messages in the same local outbox as the SMS simulator (/dev/outbox).
 */
export interface EmailMessage {
  /** A valid, lower-cased address. */
  to: string;
  subject: string;
  text: string;
  /** What kind of message it is (the provider's template, when it has templates). */
  templateId: string;
}

export interface EmailProvider {
  readonly kind: string;
  send(message: EmailMessage): Promise<void>;
  /** The local outbox, when this provider is the simulator (never in production). */
  readonly outbox?: SmsOutbox;
}

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators, each a place a
 * mail header could be split: a CR or LF in a subject would end the header and start another one
 * (CWE-93, header injection; RFC 5322 §2.2 header fields are single lines until folded).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HEADER_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One header-safe line: each run of control characters becomes a space. */
export function headerValue(value: string): string {
  return value.replace(HEADER_BREAKERS, ' ').replace(/ {2,}/g, ' ').trim();
}

/**
 * The message as every provider sends it: the fields that become headers (to, subject, template)
 * are single lines whatever the caller built, so no caller can add a header by what it quotes.
 * The text is the body and keeps its lines.
 */
export function headerSafe(message: EmailMessage): EmailMessage {
  return {
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    text: message.text,
    templateId: headerValue(message.templateId),
  };
}

/** "de*****@example.in": enough for a log line, not the address. */
export function maskEmail(address: string): string {
  const at = address.indexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, Math.min(2, at))}*****${address.slice(at)}`;
}

export function createOutboxEmailProvider(options: {
  log: FastifyBaseLogger;
  store?: OutboxStore;
  now?: () => number;
}): EmailProvider & { outbox: SmsOutbox } {
  const store = options.store ?? createOutboxStore(options.now ? { now: options.now } : {});
  return {
    kind: 'outbox',
    async send(built) {
      const message = headerSafe(built);
      await store.add({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        text: message.text,
        templateId: message.templateId,
      });
      options.log.info(
        { email: { to: maskEmail(message.to), templateId: message.templateId } },
        keptMessage('email', store),
      );
    },
    outbox: store,
  };
}

/**
 * A mail service behind a JSON webhook: POST {to, subject, text, templateId} with a bearer token
 * (transactional mail APIs sit behind a small adapter that speaks this).
 */
export function createHttpEmailProvider(
  config: { url: string; token: string | undefined },
  log: FastifyBaseLogger,
  fetchImpl: typeof fetch = fetch,
): EmailProvider {
  return {
    kind: 'http',
    async send(built) {
      const message = headerSafe(built);
      const response = await fetchImpl(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        log.warn({ email: { status: response.status, templateId: message.templateId } }, 'email service refused');
        throw new Error(`email service answered ${response.status}`);
      }
    },
  };
}

export function createEmailProvider(
  config: EmailProviderConfig,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  store?: OutboxStore,
): EmailProvider {
  if (config.kind === 'http') return createHttpEmailProvider(config, log);
  return createOutboxEmailProvider({ log, now, ...(store ? { store } : {}) });
}
