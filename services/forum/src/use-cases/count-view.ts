import type { ClientSession } from 'mongoose';
import type { ForumDeps } from './deps.ts';

/**
 * The view counter (a post-viewed event, in the consumer's transaction with its processed record): the first view of
 * a post by a viewer in 24 hours adds one to viewCount; the others add nothing. Returns whether it counted.
 */
export async function countView(deps: ForumDeps, postId: string, viewer: string, at: Date, session: ClientSession): Promise<boolean> {
  if (!(await deps.views.firstInWindow(postId, viewer, at, session))) return false;
  await deps.posts.countView(postId, session);
  return true;
}
