import type { ClientSession } from 'mongoose';
import type { Emit } from '@cp/service-kit';
import { ForumPostDeleted } from '@cp/contracts';
import type { ForumDeps } from './deps.ts';

/**
 * Deletes a post and its replies, with its post-deleted event (consumers that keep a copy, search, drop it; it names
 * the post's image, which the forum no longer shows), in the caller's transaction: a moderator's removal (issue 21;
 * the forum has no delete route). False when there is no such post.
 */
export async function deletePost(deps: ForumDeps, postId: string, session: ClientSession, emit: Emit): Promise<boolean> {
  const post = await deps.posts.deleteById(postId, session);
  if (!post) return false;
  await deps.replies.deleteForPost(postId, session);
  await emit(ForumPostDeleted, { postId, userId: post.userId, ...(post.imageUrl ? { imageUrl: post.imageUrl } : {}) });
  return true;
}
