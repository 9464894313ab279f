import type { Context, Next } from 'koa';
import { MESSAGES_MESSAGES, MESSAGES_STREAM_PATH, MESSAGES_UNREAD_COUNT_PATH } from '@cp/contracts';
import { createRouter, HttpError, unauthorized, type Auth, type AuthUser } from '@cp/service-kit';
import { blockUser, listBlocks, unblockUser } from './use-cases/blocks.ts';
import { contentSnapshot } from './use-cases/content-snapshot.ts';
import type { MessagesDeps } from './use-cases/deps.ts';
import { getConversation, listConversations } from './use-cases/list-conversations.ts';
import { listMessages } from './use-cases/list-messages.ts';
import { markRead, unreadCount } from './use-cases/mark-read.ts';
import { openConversation } from './use-cases/open-conversation.ts';
import { sendMessage } from './use-cases/send-message.ts';

const user = (ctx: Context) => ctx.state.user as AuthUser;

/** Conversations, messages and blocks (every route signed in: 401 "Please log in to send messages"), and moderation's internal read. */
export function messagesRoutes(deps: MessagesDeps, auth: Auth, live?: (ctx: Context, viewerId: string) => Promise<void>) {
  const router = createRouter();
  const signedIn = async (ctx: Context, next: Next) => {
    if (ctx.state.user === undefined) ctx.state.user = await auth.verify(ctx);
    if (!ctx.state.user) throw unauthorized(MESSAGES_MESSAGES.notSignedIn);
    await next();
  };

  router.post('/api/conversations', signedIn, async (ctx) => {
    ctx.status = 201;
    ctx.body = await openConversation(deps, user(ctx), ctx.request.body);
  });
  router.get('/api/conversations', signedIn, async (ctx) => {
    ctx.body = await listConversations(deps, user(ctx), ctx.query);
  });
  router.get('/api/conversations/:id', signedIn, async (ctx) => {
    ctx.body = await getConversation(deps, user(ctx), ctx.params.id ?? '');
  });
  router.get('/api/conversations/:id/messages', signedIn, async (ctx) => {
    ctx.body = await listMessages(deps, user(ctx), ctx.params.id ?? '', ctx.query);
  });
  router.post('/api/conversations/:id/messages', signedIn, async (ctx) => {
    ctx.status = 201;
    ctx.body = await sendMessage(deps, user(ctx), ctx.params.id ?? '', ctx.request.body);
  });
  router.post('/api/conversations/:id/read', signedIn, async (ctx) => {
    await markRead(deps, user(ctx), ctx.params.id ?? '');
    ctx.status = 204;
  });
  router.get(MESSAGES_UNREAD_COUNT_PATH, signedIn, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await unreadCount(deps, user(ctx));
  });

  // Live delivery (server-sent events; live-stream.ts).
  router.get(MESSAGES_STREAM_PATH, signedIn, async (ctx) => {
    if (!live) throw new HttpError(503, 'Service Unavailable');
    await live(ctx, user(ctx).id);
  });
  router.post('/api/blocks', signedIn, async (ctx) => {
    await blockUser(deps, user(ctx), ctx.request.body);
    ctx.status = 204;
  });
  router.get('/api/blocks', signedIn, async (ctx) => {
    ctx.body = await listBlocks(deps, user(ctx), ctx.query);
  });
  router.delete('/api/blocks/:userId', signedIn, async (ctx) => {
    await unblockUser(deps, user(ctx), ctx.params.userId ?? '');
    ctx.status = 204;
  });

  // Internal (the gateway never routes /internal): moderation's view of a reported conversation.
  router.get('/internal/content/:kind/:id', async (ctx) => {
    ctx.body = await contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '', ctx.query.reporterId);
  });

  return router;
}
