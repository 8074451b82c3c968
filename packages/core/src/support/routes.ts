/**
 * Paths of Support (spec 001 §2 support tabs), zod-free so the dashboard can name them
 * without carrying zod (schemas.ts has the shapes).
 *
 * - spec 001 §7 names MSP myAccount/getSupport, BSP myAccount/supportMail and GRIDSP
 *   chat/chatAllocation without methods or payloads. They are POST here: getSupport carries the
 *   customer's own search words, which stay out of URLs and logs; the other two are writes.
 * - supportTickets and chat/release are ours (the spec shows no call to read one's queries or to
 *   leave a chat).
 * - The "Submit A Query" product picker is fed by the add-ons module's MSP myAccount/productList
 *   (ADD_ON_ROUTES.productList); Support has no list of its own.
 */
export const SUPPORT_ROUTES = {
  /** spec 001 §7: the FAQs grouped by category, searchable, and the chat switch of §9. */
  getSupport: '/MSP/api/v1/myAccount/getSupport',
  /** spec 001 §7: a query from the customer, stored as a ticket with a reference number and mailed. */
  supportMail: '/BSP/api/v1/myAccount/supportMail',
  /** Ours: the customer's own recent queries. */
  supportTickets: '/BSP/api/v1/myAccount/supportTickets',
  /** spec 001 §7: an agent for a waiting customer, or their place in the queue. */
  chatAllocation: '/GRIDSP/api/v1/chat/chatAllocation',
  /** Ours: the customer leaves the queue or ends the chat; the agent's place goes to the next in line. */
  chatRelease: '/GRIDSP/api/v1/chat/release',
  /** Ours (live chat): the chat's messages so far, and its state. */
  chatMessages: '/GRIDSP/api/v1/chat/messages',
  /** Ours: a message from the customer (their own message id: a resend is stored once). */
  chatSend: '/GRIDSP/api/v1/chat/send',
  /** Ours: "the customer is typing", passed on to the agent, never stored. */
  chatTyping: '/GRIDSP/api/v1/chat/typing',
  /** Ours: the chat's events as they happen (Server-Sent Events). */
  chatEvents: '/GRIDSP/api/v1/chat/events',
  /** Ours: the customer's rating of an ended chat. */
  chatRate: '/GRIDSP/api/v1/chat/rate',
  /** Ours: the transcript mailed to the account's verified email. */
  chatTranscript: '/GRIDSP/api/v1/chat/transcript',
  /** Ours: no agent on duty: the chat becomes a query (a support ticket) and ends. */
  chatLeaveMessage: '/GRIDSP/api/v1/chat/leaveMessage',
} as const;
export type SupportRoute = keyof typeof SUPPORT_ROUTES;

export const SUPPORT_ROUTE_METHODS: Readonly<Record<SupportRoute, 'GET' | 'POST'>> = {
  getSupport: 'POST',
  supportMail: 'POST',
  supportTickets: 'GET',
  chatAllocation: 'POST',
  chatRelease: 'POST',
  chatMessages: 'POST',
  chatSend: 'POST',
  chatTyping: 'POST',
  chatEvents: 'GET',
  chatRate: 'POST',
  chatTranscript: 'POST',
  chatLeaveMessage: 'POST',
};

/**
 * The support desk's calls (agents, not customers): no pass token, no customer token; the desk's
 * own session cookie (DESK_SESSION_COOKIE), SameSite=Strict and HttpOnly.
 */
export const DESK_ROUTES = {
  signIn: '/desk/api/v1/signIn',
  signOut: '/desk/api/v1/signOut',
  me: '/desk/api/v1/me',
  queue: '/desk/api/v1/queue',
  accept: '/desk/api/v1/accept',
  messages: '/desk/api/v1/messages',
  send: '/desk/api/v1/send',
  typing: '/desk/api/v1/typing',
  handBack: '/desk/api/v1/handBack',
  end: '/desk/api/v1/end',
  events: '/desk/api/v1/events',
} as const;
export type DeskRoute = keyof typeof DESK_ROUTES;

/** The support desk's console (apps/accounts src/desk.tsx), served by the API server like the accounts pages. */
export const DESK_PAGE = '/desk';

/** The desk session cookie; the `__Host-` prefix (RFC 6265bis §4.1.3.2) outside `local`, which runs over http. */
export const DESK_SESSION_COOKIE = { secure: '__Host-pravesh-desk', local: 'pravesh-desk' } as const;
