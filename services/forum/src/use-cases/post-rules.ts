import type { ClientSession } from 'mongoose';
import { notFound } from '@cp/service-kit';
import { IdSchema, POST_NOT_FOUND } from '@cp/contracts';
import { isVisible, type PostDoc } from '../data/posts-repository.ts';
import type { ForumDeps } from './deps.ts';

/**
 * The post a reader may see: 404 when there is none, and for everyone but its author when moderation hides it or its
 * author is banned (issue 21: gone, as if it did not exist). A path id that is not a uuid cannot name a post: 404
 * without asking the database.
 */
export async function existingPost(deps: ForumDeps, rawId: string, viewerId?: string): Promise<PostDoc> {
  const id = IdSchema.safeParse(rawId);
  const post = id.success ? await deps.posts.findById(id.data) : null;
  if (!post || !(isVisible(post) || (viewerId !== undefined && post.userId === viewerId))) throw notFound(POST_NOT_FOUND);
  return post;
}

/**
 * Sets a post's replyCount to the replies everyone may see, after moderation changed which ones are (in its
 * transaction). A concurrent reply's `$inc` writes the same post document, so the two conflict and one is retried:
 * the count stays exact.
 */
export async function recountReplies(deps: ForumDeps, postId: string, session: ClientSession): Promise<void> {
  await deps.posts.setReplyCount(postId, await deps.replies.countVisible(postId, session), session);
}
