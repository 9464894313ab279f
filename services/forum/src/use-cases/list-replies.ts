import type { ForumReply } from '@cp/contracts';
import { toReply } from '../data/forum-mapper.ts';
import type { ForumDeps } from './deps.ts';
import { existingPost } from './post-rules.ts';

/** GET /api/forum/posts/:id/replies: the post's replies, oldest first; 404 for an unknown post. */
export async function listReplies(deps: ForumDeps, rawPostId: string): Promise<ForumReply[]> {
  const post = await existingPost(deps, rawPostId);
  return (await deps.replies.forPost(post._id)).map(toReply);
}
