import { readContentSnapshot, snapshotOf } from '@cp/service-kit';
import { CONTENT_EXCERPT_MAX, type ContentSnapshot } from '@cp/contracts';
import type { ForumDeps } from './deps.ts';

/** Where a post is seen on the site (a reply: on its post's page). */
export const postPath = (postId: string) => `/forum/post/${postId}`;

/**
 * GET /internal/content/{kind}/{id} (the moderation service, issue 21): a post or a reply as ContentSnapshotSchema
 * describes it, hidden ones and those of banned authors too. 404 for another kind, a malformed id or nothing there.
 */
export function contentSnapshot(deps: ForumDeps, kind: string, rawId: string): Promise<ContentSnapshot> {
  return readContentSnapshot({
    'forum-post': async (id) => {
      const post = await deps.posts.findById(id);
      return post && snapshotOf('forum-post', post, {
        authorName: post.username,
        title: post.title,
        excerpt: post.content.slice(0, CONTENT_EXCERPT_MAX),
        path: postPath(post._id),
      });
    },
    'forum-reply': async (id) => {
      const reply = await deps.replies.findById(id);
      if (!reply) return null;
      const post = await deps.posts.findById(reply.postId);
      return snapshotOf('forum-reply', reply, {
        authorName: reply.username,
        title: `Reply to: ${post?.title ?? 'a deleted post'}`,
        excerpt: reply.content.slice(0, CONTENT_EXCERPT_MAX),
        path: postPath(reply.postId),
      });
    },
  }, kind, rawId);
}
