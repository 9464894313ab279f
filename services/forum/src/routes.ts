import { LIST_PAGE_SIZES } from '@cp/contracts';
import { answerList, createRouter, type Auth, type AuthUser } from '@cp/service-kit';
import type { Context } from 'koa';
import type { ForumDeps } from './use-cases/deps.ts';
import { listPosts } from './use-cases/list-posts.ts';
import { viewPost } from './use-cases/view-post.ts';
import { listReplies } from './use-cases/list-replies.ts';
import { createPost } from './use-cases/create-post.ts';
import { createReply } from './use-cases/create-reply.ts';
import { contentSnapshot } from './use-cases/content-snapshot.ts';

const user = (ctx: Context) => ctx.state.user as AuthUser;

/** The forum calls of spec §7, plus GET /api/forum/posts/:id (one post; opening it counts a view). */
export function forumRoutes(deps: ForumDeps, auth: Auth) {
  const router = createRouter();

  router.get('/api/forum/posts', async (ctx) => {
    const { page, bare } = await listPosts(deps, ctx.query);
    answerList(ctx, page, bare, LIST_PAGE_SIZES.forumPosts.max);
  });

  router.get('/api/forum/posts/:id', async (ctx) => {
    // A logged-in reader is counted by user id; when the session cannot be checked, as a visitor: reading never fails on it.
    const reader = await auth.verify(ctx).catch(() => null);
    ctx.body = await viewPost(deps, ctx.params.id ?? '', { userId: reader?.id, cookie: ctx.get('cookie') || undefined, ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined });
  });

  router.get('/api/forum/posts/:id/replies', async (ctx) => {
    // Public; a logged-in viewer also gets their own replies moderation hides (marked). A session that cannot be
    // checked only costs that: the list is answered as to a visitor.
    const reader = await auth.verify(ctx).catch(() => null);
    const { page, bare } = await listReplies(deps, ctx.params.id ?? '', ctx.query, reader?.id);
    answerList(ctx, page, bare, LIST_PAGE_SIZES.forumReplies.max);
  });

  // Internal (the gateway never routes /internal): a post or reply as the moderation service describes it.
  router.get('/internal/content/:kind/:id', async (ctx) => {
    ctx.body = await contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '');
  });

  router.post('/api/forum/posts', auth.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createPost(deps, user(ctx), ctx.request.body);
  });

  router.post('/api/forum/posts/:id/replies', auth.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createReply(deps, user(ctx), ctx.params.id ?? '', ctx.request.body);
  });

  return router;
}
