import {
  ForumPostInsertSchema,
  ForumPostPageSchema,
  ForumPostSchema,
  ForumPostsQuerySchema,
  ForumRepliesQuerySchema,
  ForumReplyInsertSchema,
  ForumReplyPageSchema,
  ForumReplySchema,
  IdSchema,
  LIST_PAGE_SIZES,
} from '@cp/contracts';
import { listOrPageAnswer } from '@cp/contracts/openapi';
import { contentSnapshotOperation, defineOperations, listOrPageOperation, signedIn, viewerOf, visitorRequest } from '@cp/service-kit';
import type { ForumDeps } from './use-cases/deps.ts';
import { listPosts } from './use-cases/list-posts.ts';
import { viewPost } from './use-cases/view-post.ts';
import { listReplies } from './use-cases/list-replies.ts';
import { createPost } from './use-cases/create-post.ts';
import { createReply } from './use-cases/create-reply.ts';
import { contentSnapshot } from './use-cases/content-snapshot.ts';

/** The forum's operations (spec §7, plus one post by id): its router, its OpenAPI document and the route test (service-kit operations.ts). */
export const forumApi = defineOperations<ForumDeps>({
  service: 'forum',
  title: 'Forum',
  description: 'Forum posts and replies (spec §5, §7), reply and view counts.',
  operations: [
    listOrPageOperation({
      method: 'get', path: '/api/forum/posts', id: 'listPosts', summary: 'Forum posts, newest first', auth: 'none', query: ForumPostsQuerySchema,
      answer: listOrPageAnswer('The posts', ForumPostSchema, ForumPostPageSchema), maxLimit: LIST_PAGE_SIZES.forumPosts.max,
      list: (ctx, deps) => listPosts(deps, ctx.query),
    }),
    {
      method: 'get', path: '/api/forum/posts/:id', id: 'getPost', summary: 'One post (opening it counts a view)', auth: 'optional', params: { id: IdSchema },
      responses: { 200: { description: 'The post.', schema: ForumPostSchema } }, errors: [404],
      handle: async (ctx, deps, auth) => {
        // A logged-in reader is counted by user id; when the session cannot be checked, as a visitor: reading never fails on it.
        const reader = await viewerOf(auth, ctx);
        return viewPost(deps, ctx.params.id ?? '', { userId: reader?.id, ...visitorRequest(ctx) });
      },
    },
    listOrPageOperation({
      method: 'get', path: '/api/forum/posts/:id/replies', id: 'listReplies', summary: 'A post\'s replies, oldest first', auth: 'optional', params: { id: IdSchema }, query: ForumRepliesQuerySchema,
      answer: listOrPageAnswer('The replies (the caller\'s own hidden ones marked)', ForumReplySchema, ForumReplyPageSchema), errors: [400, 404], maxLimit: LIST_PAGE_SIZES.forumReplies.max,
      // Public; a logged-in viewer also gets their own replies moderation hides (marked). A session that cannot be
      // checked only costs that: the list is answered as to a visitor.
      list: async (ctx, deps, auth) => {
        const reader = await viewerOf(auth, ctx);
        return listReplies(deps, ctx.params.id ?? '', ctx.query, reader?.id);
      },
    }),
    {
      method: 'post', path: '/api/forum/posts', id: 'createPost', summary: 'Start a discussion', auth: 'user', postingLimit: 'forum-post',
      body: ForumPostInsertSchema, responses: { 201: { description: 'The new post.', schema: ForumPostSchema } }, errors: [400, 403],
      handle: (ctx, deps) => createPost(deps, signedIn(ctx), ctx.request.body),
    },
    {
      method: 'post', path: '/api/forum/posts/:id/replies', id: 'createReply', summary: 'Reply to a post', auth: 'user', postingLimit: 'forum-reply', params: { id: IdSchema },
      body: ForumReplyInsertSchema, responses: { 201: { description: 'The new reply.', schema: ForumReplySchema } }, errors: [400, 403, 404],
      handle: (ctx, deps) => createReply(deps, signedIn(ctx), ctx.params.id ?? '', ctx.request.body),
    },
    contentSnapshotOperation('A reported post or reply as moderation describes it', (ctx, deps) => contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '')),
  ],
});
