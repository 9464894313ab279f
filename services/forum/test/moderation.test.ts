import { randomUUID } from 'node:crypto';
import { ForumPostDeleted, ForumPostSchema, ForumReplySchema } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { moderationEvents } from '../../../infra/src/jest/moderation-events.ts';
import { BROWSER, call, postBody, startForum, until } from './helpers.ts';

type Session = { cookie: string; userId: string; username: string };
const h = harnessForFile(startForum);
let alice: Session;
let bob: Session;
let carol: Session;

beforeAll(async () => {
  [alice, bob, carol] = [await h.newSession(), await h.newSession(), await h.newSession()];
});

const createPost = async (author: Session, title = 'A post about the temple fair') => {
  const res = await call(h.base, 'POST', '/api/forum/posts', { body: postBody({ title }), cookie: author.cookie });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const reply = async (postId: string, author: Session, content = 'A reply that is long enough.') => {
  const res = await call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content }, cookie: author.cookie });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const view = (postId: string, reader?: Session) => call(h.base, 'GET', `/api/forum/posts/${postId}`, { headers: { 'user-agent': BROWSER }, cookie: reader?.cookie });
const replies = async (postId: string, reader?: Session) => {
  const res = await call(h.base, 'GET', `/api/forum/posts/${postId}/replies`, { cookie: reader?.cookie });
  return { status: res.status, list: res.status === 200 ? (res.body as unknown as unknown[]).map((r) => ForumReplySchema.parse(r)) : [] };
};
const listedIds = async () => ((await call(h.base, 'GET', '/api/forum/posts')).body as unknown as unknown[]).map((p) => ForumPostSchema.parse(p).id);
const stored = (postId: string) => h.deps.posts.findById(postId);

// The moderation service's events, as it publishes them into its stream; the forum's own, once its outbox is published.
const { hide, restore, remove, ban, unban, handled, eventsOf, expectSnapshot, expectNoContent, expectOtherKindsIgnored } = moderationEvents({
  harness: () => h,
  until,
  domain: 'forum',
  removal: { path: '/forum', reason: 'spam', note: null },
  actorId: () => randomUUID(),
});

describe('GET /internal/content/{kind}/{id} (the moderation service asks)', () => {
  it('describes a post and a reply: author, title, excerpt, the page they are seen on', async () => {
    const postId = await createPost(alice, 'Looking for a cricket team');
    const replyId = await reply(postId, bob, 'Join us on Sundays at the park, we need a bowler.');
    await expectSnapshot('forum-post', postId, {
      authorId: alice.userId,
      authorName: alice.username,
      title: 'Looking for a cricket team',
      excerpt: postBody().content,
      path: `/forum/post/${postId}`,
    });
    await expectSnapshot('forum-reply', replyId, {
      authorId: bob.userId,
      authorName: bob.username,
      title: 'Reply to: Looking for a cricket team',
      excerpt: 'Join us on Sundays at the park, we need a bowler.',
      path: `/forum/post/${postId}`,
    });
  });

  it('answers hidden content too, and 404 for nothing there, a malformed id or a kind that is not the forum’s', async () => {
    const postId = await createPost(alice);
    await hide('forum-post', postId, alice.userId);
    await until('the post hidden', async () => (await stored(postId))?.hidden === true);
    expect((await call(h.base, 'GET', `/internal/content/forum-post/${postId}`)).status).toBe(200);
    await expectNoContent([`forum-post/${randomUUID()}`, `forum-reply/${randomUUID()}`, 'forum-post/not-a-uuid', `listing/${postId}`, `business/${postId}`, `forum-reply/${postId}`]);
  });
});

describe('a hidden post (content-hidden, content-restored)', () => {
  it('is gone for everyone but its author, who gets it under review; restored, it is back for all', async () => {
    const postId = await createPost(alice);
    await reply(postId, bob);
    await hide('forum-post', postId, alice.userId);
    await until('the post hidden', async () => (await stored(postId))?.hidden === true);

    expect(await listedIds()).not.toContain(postId);
    for (const reader of [undefined, bob]) {
      const res = await view(postId, reader);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Post not found');
      expect((await replies(postId, reader)).status).toBe(404);
    }
    // Nobody but its author can reply to it either.
    expect((await call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content: 'Replying to a hidden post' }, cookie: carol.cookie })).status).toBe(404);
    const own = await view(postId, alice);
    expect(own.status).toBe(200);
    expect(ForumPostSchema.parse(own.body)).toMatchObject({ id: postId, moderation: 'under-review' });
    expect((await replies(postId, alice)).list).toHaveLength(1);

    await restore('forum-post', postId, alice.userId);
    await until('the post restored', async () => (await stored(postId))?.hidden === undefined);
    expect(await listedIds()).toContain(postId);
    const back = await view(postId);
    expect(back.status).toBe(200);
    expect(back.body.moderation).toBeUndefined();
    expect((await replies(postId)).list).toHaveLength(1);
  });
});

describe('a hidden reply', () => {
  it('leaves the reply list and the post’s replyCount for others; its author still sees it under review; restored it counts again', async () => {
    const postId = await createPost(alice);
    const kept = await reply(postId, bob, 'A good and helpful reply.');
    const bad = await reply(postId, carol, 'A reply someone reported.');
    expect((await view(postId)).body.replyCount).toBe(2);

    await hide('forum-reply', bad, carol.userId);
    await until('the reply hidden', async () => (await h.deps.replies.findById(bad))?.hidden === true);
    expect((await view(postId)).body.replyCount).toBe(1);
    expect((await replies(postId)).list.map((r) => r.id)).toEqual([kept]);
    expect((await replies(postId, alice)).list.map((r) => r.id)).toEqual([kept]);
    const own = (await replies(postId, carol)).list;
    expect(own.map((r) => [r.id, r.moderation])).toEqual([
      [kept, undefined],
      [bad, 'under-review'],
    ]);

    // The same decision heard again (another event) changes nothing more.
    await handled(hide('forum-reply', bad, carol.userId));
    expect((await view(postId)).body.replyCount).toBe(1);

    await restore('forum-reply', bad, carol.userId);
    await until('the reply counted again', async () => (await view(postId)).body.replyCount === 2);
    expect((await replies(postId)).list.map((r) => r.id)).toEqual([kept, bad]);
    await handled(restore('forum-reply', bad, carol.userId));
    expect((await view(postId)).body.replyCount).toBe(2);
    expect((await replies(postId)).list.every((r) => r.moderation === undefined)).toBe(true);
  });
});

describe('replyCount under concurrency', () => {
  it('stays the number of visible replies when a reply is hidden while 30 others arrive', async () => {
    const postId = await createPost(alice);
    const bad = await reply(postId, carol, 'The reply that gets hidden.');
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, i) => call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content: `Concurrent reply ${i}` }, cookie: i % 2 ? alice.cookie : bob.cookie }))),
      handled(hide('forum-reply', bad, carol.userId)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect((await view(postId)).body.replyCount).toBe(30);
    expect((await replies(postId)).list).toHaveLength(30);
  });
});

describe('content-removed', () => {
  it('deletes a post with its replies, with a post-deleted event through the outbox', async () => {
    const imageUrl = `/uploads/img/${randomUUID()}.webp`;
    const created = await call(h.base, 'POST', '/api/forum/posts', { body: postBody({ imageUrl }), cookie: alice.cookie });
    expect(created.status).toBe(201);
    const postId = created.body.id as string;
    await reply(postId, bob);
    await reply(postId, carol);
    await remove('forum-post', postId, alice.userId);
    await until('the post deleted', async () => (await stored(postId)) === null);
    expect(await h.deps.replies.model.countDocuments({ postId })).toBe(0);
    expect((await view(postId, alice)).status).toBe(404);
    expect(await listedIds()).not.toContain(postId);

    const deleted = await eventsOf(ForumPostDeleted.type, { postId });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.data).toEqual({ postId, userId: alice.userId, imageUrl });

    // Removed again: nothing there, nothing more sent.
    await handled(remove('forum-post', postId, alice.userId));
    expect(await eventsOf(ForumPostDeleted.type, { postId })).toHaveLength(1);
  });

  it('deletes a reply and lowers its post’s replyCount', async () => {
    const postId = await createPost(alice);
    const kept = await reply(postId, bob);
    const bad = await reply(postId, carol);
    await remove('forum-reply', bad, carol.userId);
    await until('the reply deleted', async () => (await h.deps.replies.findById(bad)) === null);
    expect((await view(postId)).body.replyCount).toBe(1);
    expect((await replies(postId)).list.map((r) => r.id)).toEqual([kept]);
  });

  it('ignores the kinds of other services', async () => {
    const postId = await createPost(alice);
    await expectOtherKindsIgnored({ id: postId, authorId: alice.userId }, { removed: 'listing', hidden: 'business' }, stored);
  });
});

describe('a banned author (user-banned, user-unbanned)', () => {
  it('has every post and reply gone for everyone, the counts without them; unbanned, all is back', async () => {
    const dave = await h.newSession();
    const own = await createPost(dave, 'A post by the author to be banned');
    const others = await createPost(alice, 'A post dave replies to');
    await reply(others, dave, 'Dave replies here, twice over.');
    await reply(others, dave, 'Dave replies here once again.');
    const kept = await reply(others, bob);
    await reply(own, bob);
    expect((await view(others)).body.replyCount).toBe(3);

    await ban(dave.userId);
    await until('the posts flagged', async () => (await stored(own))?.authorBanned === true);
    expect(await listedIds()).not.toContain(own);
    expect((await view(own, bob)).status).toBe(404);
    expect((await view(others)).body.replyCount).toBe(1);
    expect((await replies(others)).list.map((r) => r.id)).toEqual([kept]);

    await unban(dave.userId);
    await until('the posts back', async () => (await stored(own))?.authorBanned === undefined);
    expect(await listedIds()).toContain(own);
    expect((await view(own)).body).toMatchObject({ id: own, replyCount: 1 });
    expect((await view(others)).body.replyCount).toBe(3);
    expect((await replies(others)).list).toHaveLength(3);
  });
});
