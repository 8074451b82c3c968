import { z } from 'zod';
import { idempotencyKeySchema } from '../add-ons/schemas.ts';
import { FAQ_SEARCH } from './rules.ts';

/**
 * Shapes of Support's calls (spec 001 §7 getSupport, supportMail, chat/chatAllocation
 * §1). spec 001 §3's support slice holds supportTab, supportData and productList; supportData is
 * the getSupport answer below. The spec shows no payloads, so these are ours.
 */
export {
  DESK_PAGE,
  DESK_ROUTES,
  DESK_SESSION_COOKIE,
  SUPPORT_ROUTES,
  SUPPORT_ROUTE_METHODS,
  type DeskRoute,
  type SupportRoute,
} from './routes.ts';

/**
 * Search words and a result limit, both optional: no query lists every FAQ. The query's length is
 * checked by the service, so a long one gets the catalogue's faqQueryTooLong; the schema only bounds
 * what is read at all.
 */
export const getSupportBodySchema = z.strictObject({
  query: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(FAQ_SEARCH.maxLimit).optional(),
});
export type GetSupportBody = z.infer<typeof getSupportBodySchema>;

export const faqSchema = z.object({
  faqId: z.string(),
  question: z.string(),
  /** Plain text; a blank line separates paragraphs. */
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqCategorySchema = z.object({
  categoryId: z.string(),
  title: z.string(),
  faqs: z.array(faqSchema),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const getSupportResponseSchema = z.object({
  /** The search as the server read it (trimmed); null when every FAQ is listed. */
  query: z.string().nullable(),
  /** FAQs that match, before the limit. */
  total: z.number().int().min(0),
  /** FAQs in `categories` (at most the limit). */
  shown: z.number().int().min(0),
  /** Categories with at least one FAQ shown, in their order; best matches first within each when searching. */
  categories: z.array(faqCategorySchema),
  /** spec 001 §9 "Chat enabled" in this environment: whether "Chat with us" is offered. */
  chatEnabled: z.boolean(),
});
export type GetSupportResponse = z.infer<typeof getSupportResponseSchema>;

/**
 * A query (Submit A Query). `requestId` is made by the client once per query and sent again on a
 * retry, which answers the same ticket (ARCHITECTURE.md: every write a client may retry is
 * idempotent). Lengths and the email rule are checked by the service with the catalogue's own
 * messages (rules.ts supportQueryProblems); the schema bounds what is read at all.
 */
export const supportMailBodySchema = z.strictObject({
  requestId: idempotencyKeySchema,
  product: z.string().max(64),
  subject: z.string().max(1000),
  message: z.string().max(10_000),
  email: z.string().max(320),
});
export type SupportMailBody = z.infer<typeof supportMailBodySchema>;

export const supportTicketSchema = z.object({
  /** Human-readable and unique (rules.ts SUPPORT_REFERENCE_PATTERN), quoted on the phone and in mails. */
  reference: z.string(),
  status: z.enum(['OPEN', 'RESOLVED']),
  product: z.string(),
  /** What the product or topic is called. */
  productName: z.string(),
  subject: z.string(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
  /** The reply address, masked (spec 001 §5): "as*****@example.in". */
  replyTo: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportMailResponseSchema = z.object({
  ticket: supportTicketSchema,
  /**
   * Whether the acknowledgement with the reference number has gone. It goes only to the account's
   * verified email (never to the address in the body, which is where the desk replies), so an
   * account without one gets none.
   */
  acknowledged: z.boolean(),
  /** Where it went, masked (spec 001 §5), when it went. */
  acknowledgedTo: z.string().optional(),
});
export type SupportMailResponse = z.infer<typeof supportMailResponseSchema>;

export const supportTicketsResponseSchema = z.object({ tickets: z.array(supportTicketSchema) });
export type SupportTicketsResponse = z.infer<typeof supportTicketsResponseSchema>;

/**
 * Without a chatId: the customer's live chat, a new one at the back of the queue when they have
 * none. With the chatId of the chat on screen: the page's liveness ask, which keeps that chat (and
 * the customer's place) and never starts another; a chat that ended meanwhile (the customer's "End
 * chat" overtaking the ask, or the idle sweep) is answered ENDED, so an ask still in flight when
 * the customer ended the chat cannot queue a new one.
 */
export const chatAllocationBodySchema = z.strictObject({ chatId: z.uuid().optional() });
export type ChatAllocationBody = z.infer<typeof chatAllocationBodySchema>;

export const chatAllocationResponseSchema = z.object({
  chatId: z.uuid(),
  /**
   * ASSIGNED: an agent has the chat. QUEUED: waiting for an agent; `queuePosition` says where.
   * ENDED: only to a liveness ask (body chatId) for a chat that has ended.
   */
  status: z.enum(['ASSIGNED', 'QUEUED', 'ENDED']),
  /** The agent's first name, as they introduce themselves; null while queued. */
  agentName: z.string().nullable(),
  /** 1 = next in line; null once assigned. */
  queuePosition: z.number().int().min(1).nullable(),
  /** ISO 8601: when the customer joined the queue. */
  requestedAt: z.iso.datetime(),
  assignedAt: z.iso.datetime().nullable(),
  /** Agents signed in to the desk now: none means no one will answer soon (offer to leave a message). */
  agentsOnDuty: z.number().int().min(0),
});
export type ChatAllocationResponse = z.infer<typeof chatAllocationResponseSchema>;

export const chatReleaseBodySchema = z.strictObject({ chatId: z.uuid() });
export const chatReleaseResponseSchema = z.object({ released: z.literal(true) });
export type ChatReleaseResponse = z.infer<typeof chatReleaseResponseSchema>;

/* Live chat (ours; spec 001 §7 GRIDSP chat): messages, typing, events, rating, transcript, desk. */

const chatIdBody = { chatId: z.uuid() };

export const chatMessageSchema = z.object({
  messageId: z.uuid(),
  /** The transcript's order; a reconnecting stream resumes after the last one it had. */
  seq: z.number().int(),
  author: z.enum(['CUSTOMER', 'AGENT', 'SYSTEM']),
  /** The agent's first name on their messages; null otherwise. */
  agentName: z.string().nullable(),
  /** Plain text, shown as text (never as markup). */
  text: z.string(),
  sentAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatStateSchema = z.object({
  chatId: z.uuid(),
  status: z.enum(['WAITING', 'ACTIVE', 'ENDED']),
  agentName: z.string().nullable(),
  queuePosition: z.number().int().min(1).nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  ticketReference: z.string().nullable(),
});
export type ChatState = z.infer<typeof chatStateSchema>;

/** What a stream sends, one per Server-Sent Event (`data:` is this JSON). */
export type ChatEvent =
  | { type: 'message'; chatId: string; message: ChatMessage }
  | { type: 'typing'; chatId: string; author: 'CUSTOMER' | 'AGENT' }
  | { type: 'state'; chatId: string; state: ChatState }
  | { type: 'queue' };

export const chatMessagesBodySchema = z.strictObject({
  ...chatIdBody,
  /** Only messages after this seq (a reconnect); all when absent. */
  after: z.number().int().min(0).optional(),
});
export const chatMessagesResponseSchema = z.object({ state: chatStateSchema, messages: z.array(chatMessageSchema) });
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

export const chatSendBodySchema = z.strictObject({
  ...chatIdBody,
  messageId: z.uuid(),
  /** Checked by core chatMessageText (chatMessageInvalid); the cap here only bounds the body. */
  text: z.string().max(4000),
});
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;
export const chatSendResponseSchema = z.object({ message: chatMessageSchema });
export type ChatSendResponse = z.infer<typeof chatSendResponseSchema>;

export const chatIdBodySchema = z.strictObject(chatIdBody);
export const chatEventsQuerySchema = z.strictObject({
  chatId: z.uuid(),
  after: z.coerce.number().int().min(0).optional(),
});
export const chatDoneResponseSchema = z.object({ done: z.literal(true) });

export const chatRateBodySchema = z.strictObject({ ...chatIdBody, rating: z.number() });
export const chatTranscriptResponseSchema = z.object({ sentTo: z.string() });
export type ChatTranscriptResponse = z.infer<typeof chatTranscriptResponseSchema>;

export const chatLeaveMessageBodySchema = z.strictObject({
  ...chatIdBody,
  requestId: z.string().min(8).max(64),
  email: z.string().max(254),
});
export type ChatLeaveMessageBody = z.infer<typeof chatLeaveMessageBodySchema>;

export const deskSignInBodySchema = z.strictObject({ email: z.string().max(254), password: z.string().max(200) });
export const deskAgentSchema = z.object({
  agentId: z.uuid(),
  displayName: z.string(),
  capacity: z.number().int(),
  activeChats: z.number().int(),
});
export type DeskAgent = z.infer<typeof deskAgentSchema>;
export const deskMeResponseSchema = z.object({ agent: deskAgentSchema });

export const deskChatSchema = z.object({
  chatId: z.uuid(),
  status: z.enum(['WAITING', 'ACTIVE']),
  /** A short reference the agent can read out: the chat id's first 8 characters, upper-cased. */
  reference: z.string(),
  requestedAt: z.iso.datetime(),
  /** The customer's first message, for the queue (at most 120 characters). */
  preview: z.string().nullable(),
});
export type DeskChat = z.infer<typeof deskChatSchema>;

export const cannedAnswerSchema = z.object({ answerId: z.string(), title: z.string(), body: z.string() });
export type CannedAnswer = z.infer<typeof cannedAnswerSchema>;

export const deskQueueResponseSchema = z.object({
  agent: deskAgentSchema,
  waiting: z.array(deskChatSchema),
  mine: z.array(deskChatSchema),
  canned: z.array(cannedAnswerSchema),
});
export type DeskQueueResponse = z.infer<typeof deskQueueResponseSchema>;
export const deskAcceptResponseSchema = z.object({ chat: deskChatSchema });
