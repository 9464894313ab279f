import { MESSAGE_MAIL_UNSUBSCRIBE_PATH } from '@cp/contracts';
import type { ConversationPage, ConversationSummary, Listing, Message, MessagePage, OpenConversationAnswer } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The messages calls (issue 23), injected into the page's one API when a page of this remote loads. Its cache tags are
 * its own (added here, not in web-core): the inbox, a conversation, its messages.
 */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Conversation', 'ConversationMessages'] });

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the inbox, newest activity first; `cursor` null is the first page. */
    getConversations: build.query<ConversationPage, string | null>({
      query: (cursor) => (cursor ? `/api/conversations?cursor=${encodeURIComponent(cursor)}` : '/api/conversations'),
      providesTags: [{ type: 'Conversation', id: 'LIST' }],
    }),
    getConversation: build.query<ConversationSummary, string>({
      query: (id) => path(id),
      providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
    }),
    /** The newest messages older than `before` (null: the newest), oldest first. */
    getMessages: build.query<MessagePage, { id: string; before: string | null }>({
      query: ({ id, before }) => `${path(id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
      providesTags: (_result, _error, { id }) => [{ type: 'ConversationMessages', id }],
    }),
    sendMessage: build.mutation<Message, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `${path(id)}/messages`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ConversationMessages', id }, { type: 'Conversation', id }, { type: 'Conversation', id: 'LIST' }],
    }),
    /** The first message about a listing: opens (or continues) the viewer's conversation about it. */
    openConversation: build.mutation<OpenConversationAnswer, { listingId: string; text: string }>({
      query: (body) => ({ url: '/api/conversations', method: 'POST', body }),
      invalidatesTags: [{ type: 'Conversation', id: 'LIST' }],
    }),
    /** Marks the other person's messages read (204). */
    markRead: build.mutation<null, string>({
      query: (id) => ({ url: `${path(id)}/read`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Conversation', id: 'LIST' }, { type: 'Conversation', id }],
    }),
    blockUser: build.mutation<null, { userId: string; conversationId: string }>({
      query: ({ userId }) => ({ url: '/api/blocks', method: 'POST', body: { userId } }),
      invalidatesTags: (_result, _error, { conversationId }) => [{ type: 'Conversation', id: conversationId }, { type: 'Conversation', id: 'LIST' }],
    }),
    unblockUser: build.mutation<null, { userId: string; conversationId: string }>({
      query: ({ userId }) => ({ url: `/api/blocks/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { conversationId }) => [{ type: 'Conversation', id: conversationId }, { type: 'Conversation', id: 'LIST' }],
    }),
    /** The unread-message mails' unsubscribe link (comms): `{ message }`, or 400 for a link that is not valid. */
    unsubscribeMessageMails: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: MESSAGE_MAIL_UNSUBSCRIBE_PATH, method: 'POST', body: { token } }),
    }),
    /** The listing a first message is about: its title (GET /api/listings/:id, public). */
    getListingTitle: build.query<Pick<Listing, 'id' | 'title' | 'userId'>, string>({
      query: (id) => `/api/listings/${encodeURIComponent(id)}`,
      transformResponse: (data: Listing) => ({ id: data.id, title: data.title, userId: data.userId }),
    }),
  }),
});

export const {
  useGetConversationsQuery,
  useGetConversationQuery,
  useGetMessagesQuery,
  useSendMessageMutation,
  useOpenConversationMutation,
  useMarkReadMutation,
  useBlockUserMutation,
  useUnblockUserMutation,
  useGetListingTitleQuery,
  useUnsubscribeMessageMailsMutation,
} = messagesApi;
