import {
  BlockBodySchema,
  BlockedUserPageSchema,
  BlocksQuerySchema,
  ContentSnapshotSchema,
  ConversationPageSchema,
  ConversationsQuerySchema,
  ConversationSummarySchema,
  IdSchema,
  MessagePageSchema,
  MessageSchema,
  MessagesQuerySchema,
  OpenConversationAnswerSchema,
  OpenConversationBodySchema,
  SendMessageBodySchema,
  UnreadCountSchema,
} from '@cp/contracts';
import { defineServiceApi } from '@cp/contracts/openapi';
import { z } from 'zod';

/** The messages service's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const messagesApi = defineServiceApi({
  service: 'messages',
  title: 'Messages',
  description: 'Conversations between neighbours about a listing (one per listing and buyer), read state and unread counts, live delivery, blocks. Every call is signed in (401 "Please log in to send messages"); someone else\'s conversation is a 404.',
  operations: [
    {
      method: 'post', path: '/api/conversations', id: 'openConversation', summary: 'Open (or find) the conversation about a listing and send the first message', auth: 'user', postingLimit: 'message',
      body: OpenConversationBodySchema, responses: { 201: { description: 'The conversation and the message.', schema: OpenConversationAnswerSchema } }, errors: [400, 403, 404, 409],
    },
    {
      method: 'get', path: '/api/conversations', id: 'listConversations', summary: 'The user\'s conversations, newest activity first', auth: 'user', query: ConversationsQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` fetches the next.', schema: ConversationPageSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/api/conversations/:id', id: 'getConversation', summary: 'One conversation', auth: 'user', params: { id: IdSchema },
      responses: { 200: { description: 'The conversation.', schema: ConversationSummarySchema } }, errors: [404],
    },
    {
      method: 'get', path: '/api/conversations/:id/messages', id: 'listMessages', summary: 'A conversation\'s messages, newest first', auth: 'user', params: { id: IdSchema }, query: MessagesQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` (as `before`) fetches older ones.', schema: MessagePageSchema } }, errors: [400, 404],
    },
    {
      method: 'post', path: '/api/conversations/:id/messages', id: 'sendMessage', summary: 'Send a message', auth: 'user', postingLimit: 'message', params: { id: IdSchema },
      body: SendMessageBodySchema, responses: { 201: { description: 'The message.', schema: MessageSchema } }, errors: [400, 403, 404, 409],
    },
    {
      method: 'post', path: '/api/conversations/:id/read', id: 'markRead', summary: 'Mark a conversation read', auth: 'user', params: { id: IdSchema },
      responses: { 204: { description: 'Marked.' } }, errors: [404],
    },
    {
      method: 'get', path: '/api/messages/unread-count', id: 'unreadCount', summary: 'Unread messages of the user', auth: 'user',
      responses: { 200: { description: 'The count.', schema: UnreadCountSchema } }, errors: [],
    },
    {
      method: 'get', path: '/api/messages/stream', id: 'liveStream', summary: 'Live delivery (server-sent events)', auth: 'user',
      description: 'A long-lived `text/event-stream`: `ready` first, then `message` (LiveMessageEvent) and `read` (LiveReadEvent) events with stream positions as ids; a reconnect with `Last-Event-ID` misses nothing. Too many open streams of one user: 429; the replica\'s cap reached: 503.',
      responses: { 200: { description: 'The event stream.', content: { type: 'text/event-stream' } } }, errors: [400, 429, 503],
    },
    {
      method: 'post', path: '/api/blocks', id: 'blockUser', summary: 'Block a user (they are not told)', auth: 'user',
      body: BlockBodySchema, responses: { 204: { description: 'Blocked.' } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/api/blocks', id: 'listBlocks', summary: 'The users the user blocked', auth: 'user', query: BlocksQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` fetches the next.', schema: BlockedUserPageSchema } }, errors: [400],
    },
    {
      method: 'delete', path: '/api/blocks/:userId', id: 'unblockUser', summary: 'Unblock a user', auth: 'user', params: { userId: IdSchema },
      responses: { 204: { description: 'Unblocked.' } }, errors: [400],
    },
    {
      method: 'get', path: '/internal/content/:kind/:id', id: 'contentSnapshot', summary: 'A reported conversation as moderation reads it', auth: 'internal',
      params: { kind: z.string(), id: z.string() }, query: z.object({ reporterId: IdSchema.optional() }),
      responses: { 200: { description: 'The snapshot.', schema: ContentSnapshotSchema } }, errors: [400, 404],
    },
  ],
});
