/**
 * Text messages. A provider sends; what the message says is the caller's business. No
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

/** A message a local simulator kept for the dev outbox page (providers/sms/outbox.ts). */
export interface OutboxEntry {
  id: string;
  /** Which simulator kept it. */
  channel: 'sms' | 'email';
  to: string;
  /** Email only. */
  subject?: string;
  text: string;
  /** The SMS template, or the email's kind. */
  templateId: string;
  sentAt: string;
}

export interface SmsOutbox {
  /** Newest first. */
  list(limit?: number): Promise<OutboxEntry[]>;
}

/**
 * The store both simulators write to, so one page shows every code a local demo sent: the
 * database when the server builds it, so every instance's page shows every instance's messages
 * (outbox.ts).
 */
export interface OutboxStore extends SmsOutbox {
  add(entry: Omit<OutboxEntry, 'id' | 'sentAt'>): Promise<void>;
  /** Where a person reads the kept messages (GET /dev/outbox), when known. */
  readonly pageUrl?: string | undefined;
}
