import type { ForumReply } from '@cp/contracts';
import { toReply } from '../data/forum-mapper.ts';
import type { ForumDeps } from './deps.ts';
import { existingPost } from './post-rules.ts';

/**
 * GET /api/forum/posts/:id/replies: the post's replies everyone may see, oldest first, and a logged-in viewer's own
 * hidden ones (marked under review); 404 for an unknown post or one the viewer may not see (post-rules).
 */
export async function listReplies(deps: ForumDeps, rawPostId: string, viewerId?: string): Promise<ForumReply[]> {
  const post = await existingPost(deps, rawPostId, viewerId);
  return (await deps.replies.forPost(post._id, viewerId)).map(toReply);
}
