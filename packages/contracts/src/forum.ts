import './zod-config.ts';
import { z } from 'zod';
import { ModerationStateSchema } from './moderation.ts';
import { CursorPageSchema, cursorQuery, IdSchema, IsoDateTimeSchema, StoredImageUrlSchema } from './common.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import { LIMITS, MIN_POST_CONTENT, MIN_POST_TITLE, MIN_REPLY } from './constants.ts';
import { FORUM_CATEGORIES } from './forum-values.ts';

export const ForumCategorySchema = z.enum(FORUM_CATEGORIES, { error: 'Please select a category' });

/** forum_posts (spec §3), with the author's username (the screens show it: a raw user id means nothing to readers). */
export const ForumPostSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  username: z.string(),
  category: ForumCategorySchema,
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable().optional(),
  replyCount: z.number().int().nonnegative().default(0),
  viewCount: z.number().int().nonnegative().default(0),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** Issue 21: 'under-review' when hidden pending review; only the author gets it then (absent when visible to all). */
  moderation: ModerationStateSchema.optional(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

/** Forum post insert (spec §5): omits id, replyCount, viewCount, timestamps; userId is set by the server. */
export const ForumPostInsertSchema = z
  .object({
    category: ForumCategorySchema,
    title: z.string({ error: 'Title must be at least 5 characters' }).trim().min(MIN_POST_TITLE, 'Title must be at least 5 characters').max(LIMITS.titleMax),
    content: z.string({ error: 'Content must be at least 20 characters' }).trim().min(MIN_POST_CONTENT, 'Content must be at least 20 characters').max(LIMITS.contentMax),
    /** An image uploaded to this site (POST /api/upload's `url`); nothing else can be shown. */
    imageUrl: StoredImageUrlSchema.optional(),
  })
  .strict();
export type ForumPostInsert = z.input<typeof ForumPostInsertSchema>;

/** The 404 of a post that does not exist or that the reader may not see (the web shows 'Post Not Found'). */
export const POST_NOT_FOUND = 'Post not found';

/** forum_replies (spec §3), with the author's username. */
export const ForumReplySchema = z.object({
  id: IdSchema,
  postId: IdSchema,
  userId: IdSchema,
  username: z.string(),
  content: z.string(),
  createdAt: IsoDateTimeSchema,
  /** Issue 21: 'under-review' when hidden pending review; only the author gets it then (absent when visible to all). */
  moderation: ModerationStateSchema.optional(),
});
export type ForumReply = z.infer<typeof ForumReplySchema>;

/** Reply insert: content only (postId from the path, userId from the session). Spec §5 messages. */
export const ForumReplyInsertSchema = z
  .object({
    content: z
      .string({ error: 'Please enter a reply before submitting.' })
      .trim()
      .min(1, 'Please enter a reply before submitting.')
      .min(MIN_REPLY, 'Reply must be at least 10 characters long.')
      .max(LIMITS.contentMax),
  })
  .strict();
export type ForumReplyInsert = z.input<typeof ForumReplyInsertSchema>;

/**
 * GET /api/forum/posts query: an optional category; `limit`/`cursor` ask for a cursor page (ForumPostPageSchema) of
 * the posts newest first, without them the answer is the bare list (bounded by FULL_LIST_MAX).
 */
export const ForumPostsQuerySchema = z.object({ category: ForumCategorySchema.optional(), ...cursorQuery(LIST_PAGE_SIZES.forumPosts) }).strict();
export type ForumPostsQuery = z.input<typeof ForumPostsQuerySchema>;
export const ForumPostPageSchema = CursorPageSchema(ForumPostSchema);

/** GET /api/forum/posts/{id}/replies query: `limit`/`cursor` ask for a cursor page of the replies oldest first. */
export const ForumRepliesQuerySchema = z.object(cursorQuery(LIST_PAGE_SIZES.forumReplies)).strict();
export const ForumReplyPageSchema = CursorPageSchema(ForumReplySchema);
