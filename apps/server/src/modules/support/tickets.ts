import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CROCKFORD_ALPHABET,
  PRODUCT_TILES,
  PraveshError,
  SUPPORT_QUERY_LIMIT,
  SUPPORT_TOPICS,
  normaliseEmail,
  normaliseQueryText,
  supportQueryProblems,
  type SupportMailBody,
  type SupportMailResponse,
  type SupportTicket,
} from '@pravesh/core';
import type { RateLimiter } from '../../lib/rate-limit/index.ts';
import { maskEmail, type EmailMessage, type EmailProvider } from '../../providers/email/index.ts';
import { acknowledgement, deskMail, type QueryMailFacts } from './mails.ts';
import type { TicketMail, TicketRow, TicketStore } from './ticket-store.ts';

/**
 * Submit A Query (spec 001 §2 support tab, §7 BSP myAccount/supportMail): a query is
 * validated (core supportQueryProblems, the messages the form shows), stored as a ticket with a
 * reference number, limited per customer, and mailed through the email provider.
 */

const PRODUCT_NAMES = new Map<string, string>([
  ...SUPPORT_TOPICS.map((topic) => [topic.key, topic.name] as const),
  ...PRODUCT_TILES.map((tile) => [tile.redirectKey, tile.name] as const),
]);
const isKnownProduct = (key: string) => PRODUCT_NAMES.has(key);

/** How many of the customer's queries the list shows. */
export const RECENT_TICKETS = 20;

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** SR-<YYMMDD in IST>-<6 random Crockford base32 characters>: 32^6 (about a billion) per day. */
export function ticketReference(at: Date, pick: (size: number) => number = randomInt): string {
  const day = new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(2, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += CROCKFORD_ALPHABET[pick(CROCKFORD_ALPHABET.length)];
  return `SR-${day}-${tail}`;
}

interface NormalisedQuery {
  product: string;
  subject: string;
  message: string;
  email: string;
}

function contentHash(query: NormalisedQuery): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('hex');
}

function toTicket(row: TicketRow): SupportTicket {
  return {
    reference: row.reference,
    status: row.status === 'RESOLVED' ? 'RESOLVED' : 'OPEN',
    product: row.product,
    productName: PRODUCT_NAMES.get(row.product) ?? row.product,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    replyTo: row.replyEmailMasked,
  };
}

export interface TicketServiceDeps {
  store: TicketStore;
  limiter: RateLimiter;
  email: EmailProvider | undefined;
  /** Opens a sealed account email (auth/pii-cipher.ts). */
  openEmail: (sealed: string) => string;
  deskEmail: string | undefined;
  now: () => number;
  log: FastifyBaseLogger;
  /** Test seam: the reference generator (a real one collides about once in a billion a day). */
  reference?: (at: Date) => string;
}

export function createTicketService(deps: TicketServiceDeps) {
  const { store, limiter, now, log } = deps;
  const reference = deps.reference ?? ((at: Date) => ticketReference(at));

  /** Sends one mail unless it has gone (or is going) already; answers whether it has gone. */
  async function mailOnce(row: TicketRow, mail: TicketMail, message: EmailMessage | undefined): Promise<boolean> {
    if (row[mail]) return true;
    if (!message || !deps.email) return false;
    if (!(await store.claim(row.ticketId, mail, new Date(now())))) return true;
    try {
      await deps.email.send(message);
      return true;
    } catch (error) {
      // The ticket stands; a retry of the same request sends what is missing. No address or text logged.
      log.warn(
        { support: { mail, template: message.templateId, err: (error as Error).message } },
        'support mail not sent',
      );
      await store.unclaim(row.ticketId, mail);
      return false;
    }
  }

  /**
   * The acknowledgement goes only to the account's own verified email, never to the address the
   * body names: else supportMail would mail Kosh's words, quoting a subject of the sender's
   * choosing, to any address (an open relay). The body's address is where the desk replies.
   */
  async function acknowledgementAddress(customerId: string): Promise<string | undefined> {
    const sealed = await store.accountEmailOf(customerId);
    return sealed ? deps.openEmail(sealed) : undefined;
  }

  async function deliver(row: TicketRow, query: NormalisedQuery, customerId: string): Promise<SupportMailResponse> {
    const accountEmail = await acknowledgementAddress(customerId);
    const facts: QueryMailFacts = {
      reference: row.reference,
      productName: PRODUCT_NAMES.get(row.product) ?? row.product,
      subject: row.subject,
      message: row.message,
      replyTo: query.email,
      customerId,
      receivedAt: row.createdAt,
    };
    const acknowledged = await mailOnce(
      row,
      'acknowledgedAt',
      accountEmail ? acknowledgement(facts, accountEmail) : undefined,
    );
    await mailOnce(row, 'deskNotifiedAt', deps.deskEmail ? deskMail(facts, deps.deskEmail) : undefined);
    return {
      ticket: toTicket(row),
      acknowledged,
      ...(acknowledged && accountEmail ? { acknowledgedTo: maskEmail(accountEmail) } : {}),
    };
  }

  /** A retry of a stored query answers that ticket; the same request id with other content is refused. */
  function replay(existing: TicketRow, hash: string): TicketRow {
    if (existing.contentHash !== hash) throw new PraveshError('supportRequestReused');
    return existing;
  }

  return {
    async submit(customerId: string, body: SupportMailBody): Promise<SupportMailResponse> {
      const problems = supportQueryProblems(body, isKnownProduct);
      const first = problems.product ?? problems.subject ?? problems.message ?? problems.email;
      if (first) throw new PraveshError(first);
      const query: NormalisedQuery = {
        product: body.product.trim(),
        subject: normaliseQueryText(body.subject),
        message: normaliseQueryText(body.message),
        email: normaliseEmail(body.email),
      };
      const hash = contentHash(query);

      const existing = await store.byRequest(customerId, body.requestId);
      if (existing) return deliver(replay(existing, hash), query, customerId);

      const limit = await limiter.consume(
        `support:query:${customerId}`,
        SUPPORT_QUERY_LIMIT.perHour,
        SUPPORT_QUERY_LIMIT.windowMs,
      );
      if (!limit.allowed) throw new PraveshError('supportQueryLimit');

      const createdAt = new Date(now());
      // A reference already taken (about once in a billion a day) is drawn again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await store.insert({
          ticketId: randomUUID(),
          reference: reference(createdAt),
          customerId,
          requestId: body.requestId,
          contentHash: hash,
          product: query.product,
          subject: query.subject,
          message: query.message,
          replyEmailMasked: maskEmail(query.email),
          createdAt,
        });
        if (inserted) return deliver(inserted, query, customerId);
        // The same request arriving twice at once: the other one stored it.
        const raced = await store.byRequest(customerId, body.requestId);
        if (raced) return deliver(replay(raced, hash), query, customerId);
      }
      throw new Error('no free ticket reference after 5 draws');
    },

    async recent(customerId: string): Promise<SupportTicket[]> {
      return (await store.recent(customerId, RECENT_TICKETS)).map(toTicket);
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
