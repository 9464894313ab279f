import {
  BlockBodySchema,
  BlockedUserPageSchema,
  BlocksQuerySchema,
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
  MESSAGES_MESSAGES,
  UnreadCountSchema,
} from '@cp/contracts';
import { contentSnapshotOperation, defineOperations, HttpError, signedIn } from '@cp/service-kit';
import { z } from 'zod';
import { blockUser, listBlocks, unblockUser } from './use-cases/blocks.ts';
import { contentSnapshot } from './use-cases/content-snapshot.ts';
import type { MessagesDeps } from './use-cases/deps.ts';
import { getConversation, listConversations } from './use-cases/list-conversations.ts';
import { listMessages } from './use-cases/list-messages.ts';
import { markRead, unreadCount } from './use-cases/mark-read.ts';
import { openConversation } from './use-cases/open-conversation.ts';
import { sendMessage } from './use-cases/send-message.ts';

/**
 * Conversations, messages and blocks (every route signed in: 401 "Please log in to send messages", the table's `signInMessage`),
 * and moderation's internal read: the service's router, its OpenAPI document and the route test (service-kit operations.ts).
 */
export const messagesApi = defineOperations<MessagesDeps>({
  service: 'messages',
  title: 'Messages',
  description: 'Conversations between neighbours about a listing (one per listing and buyer), read state and unread counts, live delivery, blocks. Every call is signed in (401 "Please log in to send messages"); someone else\'s conversation is a 404.',
  signInMessage: MESSAGES_MESSAGES.notSignedIn,
  operations: [
    {
      method: 'post', path: '/api/conversations', id: 'openConversation', summary: 'Open (or find) the conversation about a listing and send the first message', auth: 'user', postingLimit: 'message',
      body: OpenConversationBodySchema, responses: { 201: { description: 'The conversation and the message.', schema: OpenConversationAnswerSchema } }, errors: [400, 403, 404, 409],
      handle: (ctx, deps) => openConversation(deps, signedIn(ctx), ctx.request.body),
    },
    {
      method: 'get', path: '/api/conversations', id: 'listConversations', summary: 'The user\'s conversations, newest activity first', auth: 'user', query: ConversationsQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` fetches the next.', schema: ConversationPageSchema } }, errors: [400],
      handle: (ctx, deps) => listConversations(deps, signedIn(ctx), ctx.query),
    },
    {
      method: 'get', path: '/api/conversations/:id', id: 'getConversation', summary: 'One conversation', auth: 'user', params: { id: IdSchema },
      responses: { 200: { description: 'The conversation.', schema: ConversationSummarySchema } }, errors: [404],
      handle: (ctx, deps) => getConversation(deps, signedIn(ctx), ctx.params.id ?? ''),
    },
    {
      method: 'get', path: '/api/conversations/:id/messages', id: 'listMessages', summary: 'A conversation\'s messages, newest first', auth: 'user', params: { id: IdSchema }, query: MessagesQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` (as `before`) fetches older ones.', schema: MessagePageSchema } }, errors: [400, 404],
      handle: (ctx, deps) => listMessages(deps, signedIn(ctx), ctx.params.id ?? '', ctx.query),
    },
    {
      method: 'post', path: '/api/conversations/:id/messages', id: 'sendMessage', summary: 'Send a message', auth: 'user', postingLimit: 'message', params: { id: IdSchema },
      body: SendMessageBodySchema, responses: { 201: { description: 'The message.', schema: MessageSchema } }, errors: [400, 403, 404, 409],
      handle: (ctx, deps) => sendMessage(deps, signedIn(ctx), ctx.params.id ?? '', ctx.request.body),
    },
    {
      method: 'post', path: '/api/conversations/:id/read', id: 'markRead', summary: 'Mark a conversation read', auth: 'user', params: { id: IdSchema },
      responses: { 204: { description: 'Marked.' } }, errors: [404],
      handle: (ctx, deps) => markRead(deps, signedIn(ctx), ctx.params.id ?? ''),
    },
    {
      method: 'get', path: '/api/messages/unread-count', id: 'unreadCount', summary: 'Unread messages of the user', auth: 'user',
      responses: { 200: { description: 'The count.', schema: UnreadCountSchema } }, errors: [],
      handle: (ctx, deps) => {
        ctx.set('Cache-Control', 'no-store');
        return unreadCount(deps, signedIn(ctx));
      },
    },
    {
      // Live delivery (server-sent events; live-stream.ts).
      method: 'get', path: '/api/messages/stream', id: 'liveStream', summary: 'Live delivery (server-sent events)', auth: 'user',
      description: 'A long-lived `text/event-stream`: `ready` first, then `message` (LiveMessageEvent) and `read` (LiveReadEvent) events with stream positions as ids; a reconnect with `Last-Event-ID` misses nothing. Too many open streams of one user or one address: 429; the replica full and nobody holding more than a fair share: 503.',
      responses: { 200: { description: 'The event stream.', content: { type: 'text/event-stream' } } }, errors: [400, 429, 503],
      handle: async (ctx, deps) => {
        if (!deps.live) throw new HttpError(503, 'Service Unavailable');
        await deps.live(ctx, signedIn(ctx).id);
      },
    },
    {
      method: 'post', path: '/api/blocks', id: 'blockUser', summary: 'Block a user (they are not told)', auth: 'user',
      body: BlockBodySchema, responses: { 204: { description: 'Blocked.' } }, errors: [400, 404],
      handle: (ctx, deps) => blockUser(deps, signedIn(ctx), ctx.request.body),
    },
    {
      method: 'get', path: '/api/blocks', id: 'listBlocks', summary: 'The users the user blocked', auth: 'user', query: BlocksQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` fetches the next.', schema: BlockedUserPageSchema } }, errors: [400],
      handle: (ctx, deps) => listBlocks(deps, signedIn(ctx), ctx.query),
    },
    {
      method: 'delete', path: '/api/blocks/:userId', id: 'unblockUser', summary: 'Unblock a user', auth: 'user', params: { userId: IdSchema },
      responses: { 204: { description: 'Unblocked.' } }, errors: [400],
      handle: (ctx, deps) => unblockUser(deps, signedIn(ctx), ctx.params.userId ?? ''),
    },
    contentSnapshotOperation(
      'A reported conversation as moderation reads it',
      (ctx, deps) => contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '', ctx.query.reporterId),
      z.object({ reporterId: IdSchema.optional() }),
    ),
  ],
});
