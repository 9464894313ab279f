import { randomUUID } from 'node:crypto';
import { jsonObject, notFound, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import { ForumReplyCreated, ForumReplyInsertSchema, IdSchema, POST_NOT_FOUND, type ForumReply } from '@cp/contracts';
import type { ReplyDoc } from '../data/replies-repository.ts';
import { toReply } from '../data/forum-mapper.ts';
import type { ForumDeps } from './deps.ts';

/** How much of a reply its notice quotes. */
export const EXCERPT_LENGTH = 200;

/**
 * POST /api/forum/posts/:id/replies (spec §5: 'Please enter a reply before submitting.', 'Reply must be at least 10
 * characters long.'). The reply, the post's replyCount + 1 and the reply-created event are one transaction, so the
 * count is exact under any number of concurrent replies (write conflicts are retried by the transaction). A post hidden
 * by moderation takes replies only from its author (404 for the rest, as for reading it). The user's posting limit for
 * replies (issue 21 §5) is taken in the same transaction, once the post is found: 429 past it.
 */
export async function createReply(deps: ForumDeps, user: AuthUser, rawPostId: string, body: unknown): Promise<ForumReply> {
  const postId = IdSchema.safeParse(rawPostId);
  if (!postId.success) throw notFound(POST_NOT_FOUND);
  const input = ForumReplyInsertSchema.parse(jsonObject(body));
  const username = usernameOf(user);
  const doc: ReplyDoc = { _id: randomUUID(), postId: postId.data, userId: user.id, username, content: input.content, createdAt: deps.now() };
  // The user's posting limit first, apart from the transaction; a reply refused below (no such post) gives it back.
  await deps.limits.run(user, 'forum-reply', async () => {
    const stored = await runInTransaction(deps.conn, async (session, emit) => {
      const post = await deps.posts.countReply(postId.data, user.id, doc.createdAt, session);
      if (!post) return false;
      await deps.replies.insert(doc, session);
      await emit(ForumReplyCreated, {
        replyId: doc._id,
        postId: post._id,
        userId: user.id,
        username,
        postUserId: post.userId,
        postTitle: post.title,
        excerpt: doc.content.slice(0, EXCERPT_LENGTH),
      });
      return true;
    });
    if (!stored) throw notFound(POST_NOT_FOUND);
  });
  return toReply(doc);
}
