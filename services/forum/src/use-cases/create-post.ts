import { randomUUID } from 'node:crypto';
import { jsonObject, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import { ForumPostCreated, ForumPostInsertSchema, type ForumPost } from '@cp/contracts';
import type { PostDoc } from '../data/posts-repository.ts';
import { toPost } from '../data/forum-mapper.ts';
import type { ForumDeps } from './deps.ts';

/**
 * POST /api/forum/posts (spec §5 rules and messages). The author is the logged-in user; id, counters and times are
 * the server's: a body that sends them is refused (the schema is strict). Stored with its post-created event. The
 * user's posting limit for forum posts (issue 21 §5) is taken in the same transaction: 429 past it, and a post that is
 * not stored gives its slot back.
 */
export async function createPost(deps: ForumDeps, user: AuthUser, body: unknown): Promise<ForumPost> {
  const input = ForumPostInsertSchema.parse(jsonObject(body));
  const now = deps.now();
  const doc: PostDoc = {
    _id: randomUUID(),
    userId: user.id,
    username: usernameOf(user),
    category: input.category,
    title: input.title,
    content: input.content,
    ...(input.imageUrl ? { imageUrl: input.imageUrl } : {}),
    replyCount: 0,
    viewCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  // The user's posting limit first, apart from the transaction (a failed write gives its slot back).
  await deps.limits.run(user, 'forum-post', () =>
    runInTransaction(deps.conn, async (session, emit) => {
      await deps.posts.insert(doc, session);
      await emit(ForumPostCreated, { postId: doc._id, userId: doc.userId, category: doc.category, title: doc.title, ...(doc.imageUrl ? { imageUrl: doc.imageUrl } : {}), post: toPost(doc) });
    }),
  );
  return toPost(doc);
}
