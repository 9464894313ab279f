/**
 * Forum read benchmark (issue 11, issue 24 §2): GET /api/forum/posts as the forum screen asks for it — cursor pages of
 * 20, newest first — with 10k posts in MongoDB: the first page, a page deep in the list (by its cursor) and a
 * category's first page, three ways in the same run: through the gateway, the forum service directly, and a bare
 * node:http server running the very same query (the same keyset from the cursor, sort, limit and the service's own
 * mapper) on the raw driver with no framework. Each row set prints the goal beside the gateway's figures (p50 ≤ 20 ms,
 * ≥ 0.6× bare). Loopback only; bounded in time (the caller's `measure`).
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { FORUM_CATEGORIES, ForumPostsQuerySchema } from '@cp/contracts';
import { cursorAfter, sortOf } from '@cp/service-kit';
import { POST_ORDER, type PostDoc } from '../../services/forum/src/data/posts-repository.ts';
import { toPost } from '../../services/forum/src/data/forum-mapper.ts';
import type { Measure } from './measure.ts';
import { answerCursorPage, listenBare, printPagedGoal, printThreeWayHeader, threeWays, type BareServer } from './bare-server.ts';

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

function makePost(i: number, now: number): PostDoc {
  const created = new Date(now - i * 60_000);
  return {
    _id: randomUUID(),
    userId: randomUUID(),
    username: `member_${i % 500}`,
    category: pick(FORUM_CATEGORIES, i),
    title: `Question number ${i} about ${pick(['rentals', 'jobs', 'temples', 'schools', 'groceries'], i)}`,
    content: `Post ${i}: does anyone know a good place near Mechanicsburg or Camp Hill? Thanks in advance for any pointers.`,
    replyCount: i % 7,
    viewCount: (i * 13) % 400,
    createdAt: created,
    updatedAt: created,
  };
}

async function seedPosts(col: Collection<PostDoc>, target: number): Promise<void> {
  const have = await col.countDocuments();
  const now = Date.now() - 86_400_000; // older than the demo posts
  for (let start = have; start < target; start += 5_000) {
    const end = Math.min(target, start + 5_000);
    await col.insertMany(Array.from({ length: end - start }, (_, k) => makePost(start + k, now)));
  }
}

/** The same page as the service: the query checked by the contract, the keyset after the cursor, limit + 1 read. */
function barePostsServer(col: Collection<PostDoc>): Promise<BareServer> {
  return listenBare(async (req, res) => {
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://bare').searchParams);
    const q = ForumPostsQuerySchema.parse(query);
    await answerCursorPage(res, col, q.category ? { category: q.category } : {}, q, POST_ORDER, toPost);
  });
}

export async function benchForum(opts: { mongoUrl: string; gatewayUrl: string; forumUrl: string; measure: Measure; size?: number }): Promise<void> {
  const size = opts.size ?? 10_000;
  const client = new MongoClient(opts.mongoUrl, { maxPoolSize: 20 });
  const col = client.db('forum').collection<PostDoc>('forum_posts');
  const bare = await barePostsServer(col);
  try {
    const t0 = Date.now();
    await seedPosts(col, size);
    const total = await col.countDocuments();
    console.log(`\nbench: GET /api/forum/posts, cursor pages of 20, with ${total} posts (seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    // A page half-way down the list: the cursor after the post at the middle (what Load more would send there).
    const middle = await col.find({}).sort(sortOf(POST_ORDER)).skip(Math.floor(total / 2)).limit(1).next();
    const deep = middle ? cursorAfter(middle as unknown as Record<string, unknown>, POST_ORDER) : undefined;
    printThreeWayHeader();
    const bases = { gateway: opts.gatewayUrl, service: opts.forumUrl, bare };
    for (const [label, path] of [
      ['first page', '/api/forum/posts?limit=20'],
      ...(deep ? [['a page half-way down', `/api/forum/posts?limit=20&cursor=${deep}`] as const] : []),
      ['a category\'s first page', '/api/forum/posts?limit=20&category=Jobs'],
    ] as const) {
      printPagedGoal(label, await threeWays(opts.measure, label, 'forum', path, bases));
    }
  } finally {
    await bare.close();
    await client.close();
  }
}
