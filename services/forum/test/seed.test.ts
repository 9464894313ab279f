import { DEMO_ACCOUNTS, eventStream, ForumPostCreated, ForumPostSchema, ForumReplyCreated, ForumReplySchema, parseEvent } from '@cp/contracts';
import { outboxModel, streamMessages } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { makeKeys } from '../../identity/test/helpers.ts';
import { loadForumConfig } from '../src/config.ts';
import { demoId, seedDemoPosts } from '../src/seed/seed.ts';
import { DEMO_POSTS } from '../src/seed/demo-posts.ts';
import { call, startForum, until } from './helpers.ts';

const h = harnessForFile(startForum);

const demoReplies = DEMO_POSTS.reduce((n, p) => n + p.replies.length, 0);

describe('the demo forum (npm start only)', () => {
  it('inserts the demo posts and replies once, by the demo accounts, with reply counts that match the replies', async () => {
    expect(await seedDemoPosts(h.deps)).toBe(DEMO_POSTS.length);

    const list = ((await call(h.base, 'GET', '/api/forum/posts')).body as unknown as unknown[]).map((p) => ForumPostSchema.parse(p));
    expect(list.map((p) => p.id).sort()).toEqual(DEMO_POSTS.map((d) => demoId('post', d.slug)).sort());
    for (const demo of DEMO_POSTS) {
      const post = list.find((p) => p.id === demoId('post', demo.slug))!;
      const author = DEMO_ACCOUNTS[demo.author];
      expect(post).toMatchObject({ userId: author.id, username: author.username, title: demo.title, category: demo.category });
      const replies = ((await call(h.base, 'GET', `/api/forum/posts/${post.id}/replies`)).body as unknown as unknown[]).map((r) => ForumReplySchema.parse(r));
      expect(post.replyCount).toBe(demo.replies.length);
      expect(replies).toHaveLength(demo.replies.length);
      expect(replies.map((r) => [r.userId, r.username])).toEqual(demo.replies.map((r) => [DEMO_ACCOUNTS[r.author].id, DEMO_ACCOUNTS[r.author].username]));
      // Every reply after its post, the post's last activity its newest reply.
      for (const r of replies) expect(Date.parse(r.createdAt)).toBeGreaterThan(Date.parse(post.createdAt));
      expect(Date.parse(post.updatedAt)).toBe(Math.max(Date.parse(post.createdAt), ...replies.map((r) => Date.parse(r.createdAt))));
    }
    // The newest first, as the forum lists it.
    expect(list.map((p) => Date.parse(p.createdAt))).toEqual(list.map((p) => Date.parse(p.createdAt)).sort((a, b) => b - a));
    expect(await h.deps.replies.model.countDocuments()).toBe(demoReplies);

    // post-created events for the posts; no reply-created (nobody is mailed about demo replies).
    await until('the outbox is published', async () => (await outboxModel(h.conn).countDocuments({ status: 'pending' })) === 0);
    const ids = new Set(list.map((p) => p.id));
    const events = (await streamMessages(h.nats.jsm, eventStream('forum').name)).map((m) => parseEvent(m.json())).flatMap((p) => (p.ok && ids.has((p.event.data as { postId: string }).postId) ? [p.event] : []));
    expect(events.filter((e) => e.type === ForumPostCreated.type)).toHaveLength(DEMO_POSTS.length);
    expect(events.filter((e) => e.type === ForumReplyCreated.type)).toHaveLength(0);

    // A second start (posts exist) seeds nothing.
    expect(await seedDemoPosts(h.deps)).toBe(0);
    expect(await h.deps.posts.model.countDocuments()).toBe(DEMO_POSTS.length);
    expect(await h.deps.replies.model.countDocuments()).toBe(demoReplies);
  });

  it('two instances starting at once on an empty forum seed it once', async () => {
    await h.deps.replies.model.deleteMany({});
    await h.deps.posts.model.deleteMany({});
    const seeded = await Promise.all([seedDemoPosts(h.deps), seedDemoPosts(h.deps)]);
    expect(seeded.sort((a, b) => a - b)).toEqual([0, DEMO_POSTS.length]);
    expect(await h.deps.posts.model.countDocuments()).toBe(DEMO_POSTS.length);
    expect(await h.deps.replies.model.countDocuments()).toBe(demoReplies);
  });

  it('config: off unless asked for, and refused in production', () => {
    const base = { MONGO_URL: 'mongodb://x', NATS_URL: 'nats://x', IDENTITY_URL: 'http://127.0.0.1:1', JWT_PUBLIC_KEY: makeKeys().publicKey };
    expect(loadForumConfig(base).SEED_DEMO_DATA).toBe(false);
    expect(loadForumConfig({ ...base, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(() => loadForumConfig({ ...base, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA: demo posts are never created in production/);
  });
});
