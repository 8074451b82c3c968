import { SUPPORT_ROUTES } from '@pravesh/core/support/routes.ts';
import type {
  ChatAllocationBody,
  ChatAllocationResponse,
  ChatLeaveMessageBody,
  ChatMessage,
  ChatMessagesResponse,
  ChatReleaseResponse,
  ChatState,
  ChatTranscriptResponse,
  GetSupportBody,
  GetSupportResponse,
  SupportMailBody,
  SupportMailResponse,
  SupportTicketsResponse,
} from '@pravesh/core/support/schemas.ts';
import { api } from '../../app/api.ts';

/**
 * Support's calls (spec 001 §7 getSupport, supportMail, GRIDSP chat/chatAllocation; modules/support).
 * spec 001 §3's support slice maps onto what already holds it: supportData is the getSupport answer
 * in this cache, productList the products feature's query (features/products/api.ts), and supportTab
 * the page's URL hash (#faqs, #query, …), so a tab survives a reload and can be linked to.
 */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    support: build.query<GetSupportResponse, GetSupportBody>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.getSupport, body }),
    }),
    supportTickets: build.query<SupportTicketsResponse, void>({
      query: () => ({ method: 'GET', path: SUPPORT_ROUTES.supportTickets }),
    }),
    sendQuery: build.mutation<SupportMailResponse, SupportMailBody>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.supportMail, body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        // The new ticket heads the list at once; a retry's ticket is already there.
        dispatch(
          supportApi.util.updateQueryData('supportTickets', undefined, (draft) => {
            if (!draft.tickets.some((ticket) => ticket.reference === data.ticket.reference)) {
              draft.tickets.unshift(data.ticket);
            }
          }),
        );
      },
    }),
    // With the chat on screen's id, the liveness ask: it keeps that chat and never starts another.
    allocateChat: build.mutation<ChatAllocationResponse, ChatAllocationBody>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatAllocation, body }),
    }),
    releaseChat: build.mutation<ChatReleaseResponse, { chatId: string }>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatRelease, body }),
    }),
    chatMessages: build.mutation<ChatMessagesResponse, { chatId: string; after?: number }>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatMessages, body }),
    }),
    sendChatMessage: build.mutation<{ message: ChatMessage }, { chatId: string; messageId: string; text: string }>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatSend, body }),
    }),
    // A lost typing signal is nothing to report.
    chatTyping: build.mutation<{ done: true }, { chatId: string }>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatTyping, body, ignoreErrors: true }),
    }),
    rateChat: build.mutation<ChatState, { chatId: string; rating: number }>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatRate, body }),
    }),
    mailTranscript: build.mutation<ChatTranscriptResponse, { chatId: string }>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatTranscript, body }),
    }),
    leaveChatMessage: build.mutation<SupportMailResponse, ChatLeaveMessageBody>({
      query: (body) => ({ method: 'POST', path: SUPPORT_ROUTES.chatLeaveMessage, body }),
    }),
  }),
});

export const {
  useSupportQuery,
  useSupportTicketsQuery,
  useSendQueryMutation,
  useAllocateChatMutation,
  useReleaseChatMutation,
  useChatMessagesMutation,
  useSendChatMessageMutation,
  useChatTypingMutation,
  useRateChatMutation,
  useMailTranscriptMutation,
  useLeaveChatMessageMutation,
} = supportApi;
