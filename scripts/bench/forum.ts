/**
 * Forum read benchmark (issue 11): GET /api/forum/posts — every post, newest first, the list the client filters —
 * with 10k posts in MongoDB, three ways in the same run: through the gateway, the forum service directly, and a bare
 * node:http server running the very same query (sort newest first, the service's own mapper) on the raw driver with no
 * framework. Loopback only; bounded in time (the caller's `measure`).
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { FORUM_CATEGORIES } from '@cp/contracts';
import type { PostDoc } from '../../services/forum/src/data/posts-repository.ts';
import { toPost } from '../../services/forum/src/data/forum-mapper.ts';
import type { Measure } from './listings.ts';
import { listenBare, printThreeWayHeader, threeWays, type BareServer } from './bare-server.ts';

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

function barePostsServer(col: Collection<PostDoc>): Promise<BareServer> {
  return listenBare(async (_req, res) => {
    const docs = await col.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(docs.map((d) => toPost(d))));
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
    console.log(`\nbench: GET /api/forum/posts with ${await col.countDocuments()} posts (seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    printThreeWayHeader();
    await threeWays(opts.measure, 'all posts', 'forum', '/api/forum/posts', { gateway: opts.gatewayUrl, service: opts.forumUrl, bare });
  } finally {
    await bare.close();
    await client.close();
  }
}
