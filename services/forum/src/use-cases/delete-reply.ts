import type { ClientSession } from 'mongoose';
import type { ForumDeps } from './deps.ts';
import { recountReplies } from './post-rules.ts';

/**
 * Deletes a reply and lowers its post's replyCount accordingly, in the caller's transaction: a moderator's removal
 * (issue 21). False when there is no such reply.
 */
export async function deleteReply(deps: ForumDeps, replyId: string, session: ClientSession): Promise<boolean> {
  const reply = await deps.replies.deleteById(replyId, session);
  if (!reply) return false;
  await recountReplies(deps, reply.postId, session);
  return true;
}
