import { isDuplicateKey, nameBasedId, runInTransaction } from '@cp/service-kit';
import { DEMO_ACCOUNTS, ForumPostCreated, ForumPostInsertSchema, ForumReplyInsertSchema } from '@cp/contracts';
import type { PostDoc } from '../data/posts-repository.ts';
import { toPost } from '../data/forum-mapper.ts';
import type { ReplyDoc } from '../data/replies-repository.ts';
import type { ForumDeps } from '../use-cases/deps.ts';
import { DEMO_POSTS } from './demo-posts.ts';

/** The same demo post or reply always has the same id, so two instances seeding collide harmlessly. */
export const demoId = (kind: string, slug: string): string => nameBasedId(`cp-demo-forum:${kind}:${slug}`);

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * The demo forum for a newcomer's first `npm start`: when there is no post, the demo posts and their replies by the
 * demo accounts, validated like the API's, in one transaction with the posts' post-created events. Replies are history,
 * not news: no reply-created event (nobody is mailed about them). Returns the posts inserted (0 when any post exists).
 */
export async function seedDemoPosts(deps: ForumDeps): Promise<number> {
  if ((await deps.posts.model.countDocuments({}, { limit: 1 })) > 0) return 0;
  const now = deps.now();
  const posts: PostDoc[] = [];
  const replies: ReplyDoc[] = [];
  for (const demo of DEMO_POSTS) {
    const input = ForumPostInsertSchema.parse({ category: demo.category, title: demo.title, content: demo.content });
    const author = DEMO_ACCOUNTS[demo.author];
    const postId = demoId('post', demo.slug);
    const last = demo.replies.reduce((t, r) => Math.min(t, r.hoursAgo), demo.hoursAgo);
    posts.push({ _id: postId, userId: author.id, username: author.username, ...input, replyCount: demo.replies.length, viewCount: 3 + demo.replies.length * 4, createdAt: hoursBefore(now, demo.hoursAgo), updatedAt: hoursBefore(now, last) });
    demo.replies.forEach((r, i) => {
      const { content } = ForumReplyInsertSchema.parse({ content: r.content });
      const replier = DEMO_ACCOUNTS[r.author];
      replies.push({ _id: demoId('reply', `${demo.slug}:${i}`), postId, userId: replier.id, username: replier.username, content, createdAt: hoursBefore(now, r.hoursAgo) });
    });
  }
  try {
    await runInTransaction(deps.conn, async (session, emit) => {
      for (const post of posts) {
        await deps.posts.insert(post, session);
        await emit(ForumPostCreated, { postId: post._id, userId: post.userId, category: post.category, title: post.title, post: toPost(post) });
      }
      for (const reply of replies) await deps.replies.insert(reply, session);
    });
  } catch (err) {
    if (isDuplicateKey(err)) return 0; // another instance seeded at the same moment
    throw err;
  }
  return posts.length;
}
