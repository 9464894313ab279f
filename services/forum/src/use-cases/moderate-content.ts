import type { ClientSession } from 'mongoose';
import type { Emit } from '@cp/service-kit';
import type { ReportKind } from '@cp/contracts';
import type { ForumDeps } from './deps.ts';
import { deletePost } from './delete-post.ts';
import { deleteReply } from './delete-reply.ts';
import { recountReplies } from './post-rules.ts';

/**
 * The moderation service's decisions applied to the forum's content (issue 21), each in the consumer's transaction
 * with its processed record, and each idempotent: applied twice it changes nothing more. Other kinds are not the
 * forum's and are ignored; an item that is gone already is nothing to do.
 */

/** content-hidden / content-restored: the post or reply is hidden from everyone but its author, or shown again. */
export async function setContentHidden(deps: ForumDeps, kind: ReportKind, itemId: string, hidden: boolean, session: ClientSession): Promise<void> {
  if (kind === 'forum-post') await deps.posts.setHidden(itemId, hidden, session);
  else if (kind === 'forum-reply') {
    const reply = await deps.replies.setHidden(itemId, hidden, session);
    // The post's count is of the replies everyone sees.
    if (reply) await recountReplies(deps, reply.postId, session);
  }
}

/** content-removed: the post (its replies with it) or the reply is deleted. */
export async function removeContent(deps: ForumDeps, kind: ReportKind, itemId: string, session: ClientSession, emit: Emit): Promise<void> {
  if (kind === 'forum-post') await deletePost(deps, itemId, session, emit);
  else if (kind === 'forum-reply') await deleteReply(deps, itemId, session);
}

/** user-banned / user-unbanned: every post and reply of the user is gone for everyone, or back; the counts follow. */
export async function setAuthorBanned(deps: ForumDeps, userId: string, banned: boolean, session: ClientSession): Promise<void> {
  await deps.posts.setAuthorBanned(userId, banned, session);
  await deps.replies.setAuthorBanned(userId, banned, session);
  for (const postId of await deps.replies.postsRepliedToBy(userId, session)) await recountReplies(deps, postId, session);
}
