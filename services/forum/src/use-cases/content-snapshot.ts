import { notFound } from '@cp/service-kit';
import { CONTENT_NOT_FOUND, IdSchema, type ContentSnapshot } from '@cp/contracts';
import type { ForumDeps } from './deps.ts';

const TITLE_MAX = 300;
const EXCERPT_MAX = 500;

/** Where a post is seen on the site (a reply: on its post's page). */
export const postPath = (postId: string) => `/forum/post/${postId}`;

/**
 * GET /internal/content/{kind}/{id} (the moderation service, issue 21): a post or a reply as ContentSnapshotSchema
 * describes it, hidden ones and those of banned authors too. 404 for another kind, a malformed id or nothing there.
 */
export async function contentSnapshot(deps: ForumDeps, kind: string, rawId: string): Promise<ContentSnapshot> {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw notFound(CONTENT_NOT_FOUND);
  if (kind === 'forum-post') {
    const post = await deps.posts.findById(id.data);
    if (!post) throw notFound(CONTENT_NOT_FOUND);
    return {
      kind,
      itemId: post._id,
      authorId: post.userId,
      authorName: post.username,
      title: post.title.slice(0, TITLE_MAX),
      excerpt: post.content.slice(0, EXCERPT_MAX),
      path: postPath(post._id),
      createdAt: post.createdAt.toISOString(),
    };
  }
  if (kind === 'forum-reply') {
    const reply = await deps.replies.findById(id.data);
    if (!reply) throw notFound(CONTENT_NOT_FOUND);
    const post = await deps.posts.findById(reply.postId);
    return {
      kind,
      itemId: reply._id,
      authorId: reply.userId,
      authorName: reply.username,
      title: `Reply to: ${post?.title ?? 'a deleted post'}`.slice(0, TITLE_MAX),
      excerpt: reply.content.slice(0, EXCERPT_MAX),
      path: postPath(reply.postId),
      createdAt: reply.createdAt.toISOString(),
    };
  }
  throw notFound(CONTENT_NOT_FOUND);
}
