import {
  ContentSnapshotSchema,
  ForumPostInsertSchema,
  ForumPostPageSchema,
  ForumPostSchema,
  ForumPostsQuerySchema,
  ForumRepliesQuerySchema,
  ForumReplyInsertSchema,
  ForumReplyPageSchema,
  ForumReplySchema,
  IdSchema,
} from '@cp/contracts';
import { defineServiceApi, LIST_OR_PAGE_DESCRIPTION, listOrPageAnswer } from '@cp/contracts/openapi';
import { z } from 'zod';

/** The forum's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const forumApi = defineServiceApi({
  service: 'forum',
  title: 'Forum',
  description: 'Forum posts and replies (spec §5, §7), reply and view counts.',
  operations: [
    {
      method: 'get', path: '/api/forum/posts', id: 'listPosts', summary: 'Forum posts, newest first', auth: 'none', query: ForumPostsQuerySchema,
      description: LIST_OR_PAGE_DESCRIPTION,
      responses: { 200: listOrPageAnswer('The posts', ForumPostSchema, ForumPostPageSchema) }, errors: [400],
    },
    {
      method: 'get', path: '/api/forum/posts/:id', id: 'getPost', summary: 'One post (opening it counts a view)', auth: 'optional', params: { id: IdSchema },
      responses: { 200: { description: 'The post.', schema: ForumPostSchema } }, errors: [404],
    },
    {
      method: 'get', path: '/api/forum/posts/:id/replies', id: 'listReplies', summary: 'A post\'s replies, oldest first', auth: 'optional', params: { id: IdSchema }, query: ForumRepliesQuerySchema,
      description: LIST_OR_PAGE_DESCRIPTION,
      responses: { 200: listOrPageAnswer('The replies (the caller\'s own hidden ones marked)', ForumReplySchema, ForumReplyPageSchema) }, errors: [400, 404],
    },
    {
      method: 'post', path: '/api/forum/posts', id: 'createPost', summary: 'Start a discussion', auth: 'user', postingLimit: 'forum-post',
      body: ForumPostInsertSchema, responses: { 201: { description: 'The new post.', schema: ForumPostSchema } }, errors: [400, 403],
    },
    {
      method: 'post', path: '/api/forum/posts/:id/replies', id: 'createReply', summary: 'Reply to a post', auth: 'user', postingLimit: 'forum-reply', params: { id: IdSchema },
      body: ForumReplyInsertSchema, responses: { 201: { description: 'The new reply.', schema: ForumReplySchema } }, errors: [400, 403, 404],
    },
    {
      method: 'get', path: '/internal/content/:kind/:id', id: 'contentSnapshot', summary: 'A reported post or reply as moderation describes it', auth: 'internal',
      params: { kind: z.string(), id: z.string() }, responses: { 200: { description: 'The snapshot.', schema: ContentSnapshotSchema } }, errors: [400, 404],
    },
  ],
});
