import { SUPPORT_ROUTES, SUPPORT_ROUTE_METHODS, type ERRORS, type SupportRoute } from '@pravesh/core';

/** What the support routes add to the OpenAPI document (openapi.ts spreads these in): their catalogue codes. */
type Key = keyof typeof ERRORS;
const CHAT: readonly Key[] = ['chatDisabled', 'chatNotFound'];
const EXTRA: Record<SupportRoute, readonly Key[]> = {
  getSupport: ['faqQueryTooLong'],
  supportMail: ['supportQueryLimit', 'supportRequestReused'],
  supportTickets: [],
  chatAllocation: ['chatDisabled'],
  chatRelease: CHAT,
  chatMessages: CHAT,
  chatSend: [...CHAT, 'chatMessageInvalid', 'chatMessageLimit', 'chatNotActive'],
  chatTyping: [...CHAT, 'chatNotActive'],
  chatEvents: CHAT,
  chatRate: [...CHAT, 'chatRatingInvalid'],
  chatTranscript: [...CHAT, 'chatTranscriptNoEmail', 'chatMessageLimit'],
  chatLeaveMessage: [...CHAT, 'supportQueryLimit'],
};

export const SUPPORT_ROUTE_ERRORS: Record<string, readonly Key[]> = Object.fromEntries(
  (Object.keys(SUPPORT_ROUTES) as SupportRoute[]).map((route) => [
    `${SUPPORT_ROUTE_METHODS[route]} ${SUPPORT_ROUTES[route]}`,
    ['tokenNotValidated', ...EXTRA[route]],
  ]),
);
