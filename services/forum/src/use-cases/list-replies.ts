import { ForumRepliesQuerySchema, type ForumReply } from '@cp/contracts';
import { cursorPage, listRequest, type ListAnswer } from '@cp/service-kit';
import { toReply } from '../data/forum-mapper.ts';
import { REPLY_ORDER } from '../data/replies-repository.ts';
import type { ForumDeps } from './deps.ts';
import { existingPost } from './post-rules.ts';

/**
 * GET /api/forum/posts/:id/replies: the post's replies everyone may see, oldest first, and a logged-in viewer's own
 * hidden ones (marked under review); 404 for an unknown post or one the viewer may not see (post-rules). Asked with
 * `limit`/`cursor`: one cursor page; without them the bare list, bounded by FULL_LIST_MAX.
 */
export async function listReplies(deps: ForumDeps, rawPostId: string, query: Record<string, unknown>, viewerId?: string): Promise<ListAnswer<ForumReply>> {
  const q = ForumRepliesQuerySchema.parse(query);
  const post = await existingPost(deps, rawPostId, viewerId);
  const { bare, limit, cursor } = listRequest(query, q);
  const docs = await deps.replies.forPost(post._id, viewerId, cursor, limit + 1);
  return { page: cursorPage(docs, limit, REPLY_ORDER, toReply), bare };
}
