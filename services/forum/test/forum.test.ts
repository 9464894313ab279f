import { randomBytes, randomUUID } from 'node:crypto';
import { eventStream, ForumPostCreated, ForumPostSchema, ForumPostViewed, ForumReplyCreated, ForumReplySchema, makeEvent, parseEvent, VISITOR_HEADER } from '@cp/contracts';
import { outboxModel, publishEvent, streamMessages } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { itRefusesForeignBodies } from '../../../packages/service-kit/test/support/body-refusals.ts';
import { BROWSER, call, postBody, startForum, until } from './helpers.ts';

const h = harnessForFile(startForum);
let alice: { cookie: string; userId: string; username: string };
let bob: { cookie: string; userId: string; username: string };

beforeAll(async () => {
  alice = await h.newSession();
  bob = await h.newSession();
});

const createPost = (body: unknown, cookie: string | null = alice.cookie) => call(h.base, 'POST', '/api/forum/posts', { body, cookie: cookie ?? undefined });
const reply = (postId: string, content: unknown, cookie: string | null = bob.cookie) => call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content }, cookie: cookie ?? undefined });
const view = (postId: string, headers: Record<string, string> = { 'user-agent': BROWSER }, cookie?: string) => call(h.base, 'GET', `/api/forum/posts/${postId}`, { headers, cookie });
const viewCount = async (postId: string) => (await h.deps.posts.findById(postId))!.viewCount;

describe('POST /api/forum/posts', () => {
  it('creates a post by the logged-in user, signed with their username, with server-set id, counters and times', async () => {
    const res = await createPost(postBody({ title: '  Diwali potluck plans  ', category: 'Events' }));
    expect(res.status).toBe(201);
    const post = ForumPostSchema.parse(res.body);
    expect(post).toMatchObject({ userId: alice.userId, username: alice.username, category: 'Events', title: 'Diwali potluck plans', replyCount: 0, viewCount: 0 });
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.createdAt).toBe(post.updatedAt);
  });

  it('answers 401 when logged out', async () => {
    const res = await createPost(postBody(), null);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it.each([
    ['title: Hey', { title: 'Hey' }, 'Title must be at least 5 characters'],
    ['title of spaces around 4 letters', { title: '   Hiya   ' }, 'Title must be at least 5 characters'],
    ['title missing', { title: undefined }, 'Title must be at least 5 characters'],
    ['content too short', { content: 'Too short text' }, 'Content must be at least 20 characters'],
    ['content missing', { content: undefined }, 'Content must be at least 20 characters'],
    ['category missing', { category: undefined }, 'Please select a category'],
    ['category not in the list', { category: 'Politics' }, 'Please select a category'],
    ['an external image', { imageUrl: 'https://tracker.example/p.gif' }, 'Images must be uploaded through this site'],
    ['an image path out of the uploads', { imageUrl: '/uploads/../../api/logout' }, 'Images must be uploaded through this site'],
  ])('refuses %s with the spec message', async (_label, override, message) => {
    const res = await createPost(postBody(override));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  itRefusesForeignBodies({
    create: createPost,
    body: postBody,
    stored: () => h.deps.posts.model.countDocuments(),
    serverFields: [['id', randomUUID()], ['userId', randomUUID()], ['username', 'someone_else'], ['replyCount', 99], ['viewCount', 1e6], ['createdAt', '2020-01-01T00:00:00Z']],
    operatorFields: ['title', 'category'],
  });

  it('keeps an image stored on this site', async () => {
    const imageUrl = `/uploads/img/${randomUUID()}.webp`;
    const res = await createPost(postBody({ imageUrl }));
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toBe(imageUrl);
  });
});

describe('GET /api/forum/posts and /api/forum/posts/:id', () => {
  it('lists every post newest first, as a bare array (the list the client filters)', async () => {
    const first = (await createPost(postBody({ title: 'Older post of the two' }))).body.id as string;
    const second = (await createPost(postBody({ title: 'Newer post of the two' }), bob.cookie)).body.id as string;
    const list = await fetch(`${h.base}/api/forum/posts`).then((r) => r.json() as Promise<unknown[]>);
    expect(Array.isArray(list)).toBe(true);
    const ids = list.map((p) => ForumPostSchema.parse(p).id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const times = list.map((p) => (p as { createdAt: string }).createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers one post, and 404 for an unknown or malformed id', async () => {
    const id = (await createPost(postBody())).body.id as string;
    const res = await view(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, username: alice.username });
    for (const bad of [randomUUID(), 'not-a-uuid', '%00', '..%2f..%2finternal']) {
      const missing = await call(h.base, 'GET', `/api/forum/posts/${bad}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Post not found');
    }
  });
});

describe('replies', () => {
  it('posts a reply by the logged-in user (trimmed), lists replies oldest first, counts them on the post', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    const r1 = await reply(postId, '   First reply, long enough.   ');
    expect(r1.status).toBe(201);
    expect(ForumReplySchema.parse(r1.body)).toMatchObject({ postId, userId: bob.userId, username: bob.username, content: 'First reply, long enough.' });
    const r2 = await reply(postId, 'Second reply, also long enough.', alice.cookie);
    expect(r2.status).toBe(201);
    const list = await call(h.base, 'GET', `/api/forum/posts/${postId}/replies`);
    expect((list.body as unknown as Array<{ id: string }>).map((r) => r.id)).toEqual([r1.body.id, r2.body.id]);
    expect((await view(postId)).body.replyCount).toBe(2);
  });

  it.each([
    ['empty', '', 'Please enter a reply before submitting.'],
    ['only spaces', '        ', 'Please enter a reply before submitting.'],
    ['short after trimming', '   too short   ', 'Reply must be at least 10 characters long.'],
    ['not text', 12345678901, 'Please enter a reply before submitting.'],
  ])('refuses a reply that is %s with the spec message', async (_label, content, message) => {
    const postId = (await createPost(postBody())).body.id as string;
    const res = await reply(postId, content);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await view(postId)).body.replyCount).toBe(0);
  });

  it('answers 401 logged out, 404 for an unknown post, 400 for extra fields', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    expect((await reply(postId, 'A reply from nobody at all', null)).status).toBe(401);
    expect((await reply(randomUUID(), 'A reply to no post at all')).status).toBe(404);
    expect((await call(h.base, 'GET', `/api/forum/posts/${randomUUID()}/replies`)).status).toBe(404);
    const extra = await call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content: 'Long enough reply here', userId: alice.userId }, cookie: bob.cookie });
    expect(extra.status).toBe(400);
  });

  it('keeps replyCount exact under 50 concurrent replies', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => reply(postId, `Concurrent reply number ${i}`, i % 2 ? alice.cookie : bob.cookie)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect((await view(postId)).body.replyCount).toBe(50);
    expect(await h.deps.replies.model.countDocuments({ postId })).toBe(50);
  });
});

describe('views (counted off the request path, once per viewer per post per 24 h)', () => {
  it('counts a visitor once, another browser once more, a logged-in reader once, and no bots', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    await view(postId);
    await view(postId); // the same visitor again
    await until('the first view counted', async () => (await viewCount(postId)) === 1);
    await view(postId, { 'user-agent': `${BROWSER} Edg/156.0` }); // another browser on the same address
    await view(postId, { 'user-agent': BROWSER }, bob.cookie);
    await view(postId, { 'user-agent': `${BROWSER} Firefox` }, bob.cookie); // bob again, on another browser
    for (const bot of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'curl/8.5.0', '']) await view(postId, { 'user-agent': bot });
    await until('three views counted', async () => (await viewCount(postId)) === 3);
    // Nothing more arrives: every further event was a repeat or a bot.
    await new Promise((r) => setTimeout(r, 500));
    expect(await viewCount(postId)).toBe(3);
    expect((await view(postId, { 'user-agent': 'Googlebot' })).body.viewCount).toBe(3);
  });

  it('a visitor is the id of its signed cp_vid (the gateway passes it): one id with 30 browsers counts once, another id once more; without one, address and browser', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    const vid = () => randomBytes(16).toString('base64url');
    const one = vid();
    for (let i = 0; i < 30; i += 1) await view(postId, { 'user-agent': `${BROWSER} Variant/${i}`, [VISITOR_HEADER]: one });
    await view(postId, { 'user-agent': BROWSER, [VISITOR_HEADER]: vid() }); // another visitor on the same address and browser
    const plain = `${BROWSER} NoCookie/1`;
    await view(postId, { 'user-agent': plain }); // no visitor id: address and browser
    await view(postId, { 'user-agent': plain });
    await view(postId, { 'user-agent': plain, [VISITOR_HEADER]: 'not-a-visitor-id' }); // malformed: address and browser again
    await view(postId, { 'user-agent': plain }, `cp_vid=${vid()}`); // a cookie the gateway did not vouch for: address and browser again
    await view(postId, { 'user-agent': BROWSER }, bob.cookie); // the last view: a logged-in reader
    // One consumer handles the stream in order: once the last reader's view is recorded, every view before it was.
    await until('the last view handled', async () => (await h.deps.views.model.countDocuments({ _id: `${postId}:u:${bob.userId}` })) === 1);
    expect(await viewCount(postId)).toBe(4);
    const keys = (await h.deps.views.model.collection.find({ _id: { $regex: `^${postId}:` } } as never).toArray()).map((d) => String(d._id).slice(postId.length + 1, postId.length + 3));
    expect(keys.sort()).toEqual(['a:', 'c:', 'c:', 'u:']);
  });

  it('counts a view event once, however often it is delivered or published', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    for (let i = 0; i < 3; i += 1) await publishEvent(h.nats.js, ForumPostViewed, { postId, viewer: 'u:same-reader' });
    await publishEvent(h.nats.js, ForumPostViewed, { postId, viewer: 'u:other-reader' });
    await until('two views counted', async () => (await viewCount(postId)) === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await viewCount(postId)).toBe(2);
  });

  it('counts a viewer again only once 24 hours passed since their counted view (the view times, not the TTL cleanup)', async () => {
    const postId = (await createPost(postBody())).body.id as string;
    const hour = 3_600_000;
    const t0 = Date.now();
    const viewAt = async (viewer: string, at: number) => {
      const event = makeEvent(ForumPostViewed, { postId, viewer }, { occurredAt: new Date(at) });
      await h.nats.js.publish(ForumPostViewed.subject, JSON.stringify(event), { msgID: event.id });
    };
    await viewAt('u:returning-reader', t0); // counted
    await viewAt('u:returning-reader', t0 + 24 * hour - 1); // inside the window: not counted
    await viewAt('u:returning-reader', t0 + 24 * hour); // the window has passed: counted, a new window starts
    await viewAt('u:returning-reader', t0 + 47 * hour); // inside the new window: not counted
    await viewAt('u:last-reader', t0 + 47 * hour);
    // One consumer handles the stream in order: once the last reader's view is recorded, every view before it was.
    await until('the last view handled', async () => (await h.deps.views.model.countDocuments({ _id: `${postId}:u:last-reader` })) === 1);
    expect(await viewCount(postId)).toBe(3);
    expect((await h.deps.views.model.findById(`${postId}:u:returning-reader`).lean())?.at.getTime()).toBe(t0 + 24 * hour);
  });
});

describe('events through the outbox', () => {
  it('publishes forum.post-created and forum.reply-created with what their consumers need', async () => {
    const post = await createPost(postBody({ title: 'Events test post title' }));
    const postId = post.body.id as string;
    const long = `A helpful reply ${'x'.repeat(400)}`;
    const r = await reply(postId, long);
    const outbox = outboxModel(h.conn);
    await until('the outbox is published', async () => (await outbox.countDocuments({ status: 'pending' })) === 0);
    const events = (await streamMessages(h.nats.jsm, eventStream('forum').name))
      .map((m) => parseEvent(m.json()))
      .filter((p) => p.ok && (p.event.data as { postId?: string }).postId === postId)
      .map((p) => (p.ok ? p.event : null)!);
    const created = events.find((e) => e.type === ForumPostCreated.type);
    expect(created?.data).toEqual({ postId, userId: alice.userId, category: 'General', title: 'Events test post title', post: post.body });
    const replied = events.find((e) => e.type === ForumReplyCreated.type);
    expect(replied?.data).toEqual({ replyId: r.body.id, postId, userId: bob.userId, username: bob.username, postUserId: alice.userId, postTitle: 'Events test post title', excerpt: long.slice(0, 200) });
  });
});
