/**
 * Paths of Support (spec 001 §2 support tabs; issue 16 §1), zod-free so the dashboard can name them
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
} as const;
export type SupportRoute = keyof typeof SUPPORT_ROUTES;

export const SUPPORT_ROUTE_METHODS: Readonly<Record<SupportRoute, 'GET' | 'POST'>> = {
  getSupport: 'POST',
  supportMail: 'POST',
  supportTickets: 'GET',
  chatAllocation: 'POST',
  chatRelease: 'POST',
};
