import { randomUUID } from 'node:crypto';
import { POSTING_LIMIT_DEFAULTS } from '@cp/contracts';
import { call, postBody, startForum, type ForumHarness } from './helpers.ts';
import { makeKeys } from '../../identity/test/helpers.ts';
import { loadForumConfig } from '../src/config.ts';

// The forum with the contracts' default limits; its test accounts are new (younger than a day): the tighter limits.
let h: ForumHarness;
beforeAll(async () => {
  h = await startForum({ postingLimits: {} });
});
afterAll(async () => {
  await h?.close();
});

describe('posting limits (issue 21 §5)', () => {
  it('lets a new account write 5 posts a day, then answers 429 saying when it can post again; others still post', async () => {
    const asha = await h.newSession();
    const allowed = POSTING_LIMIT_DEFAULTS['forum-post'].newAccountLimit;
    for (let i = 0; i < allowed; i += 1) expect((await call(h.base, 'POST', '/api/forum/posts', { body: postBody({ title: `Post number ${i}` }), cookie: asha.cookie })).status).toBe(201);
    const refused = await call(h.base, 'POST', '/api/forum/posts', { body: postBody({ title: 'One post too many' }), cookie: asha.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(`New accounts (for their first 24 hours) can post up to ${allowed} forum posts a day. You can post again in about 24 hours.`);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await h.deps.posts.model.countDocuments({ userId: asha.userId })).toBe(allowed);
    // A body refused as invalid takes no slot, and another user is counted apart.
    const ravi = await h.newSession();
    expect((await call(h.base, 'POST', '/api/forum/posts', { body: postBody({ title: 'Hi' }), cookie: ravi.cookie })).status).toBe(400);
    for (let i = 0; i < allowed; i += 1) expect((await call(h.base, 'POST', '/api/forum/posts', { body: postBody(), cookie: ravi.cookie })).status).toBe(201);
  });

  it('lets a new account write 20 replies an hour, then 429; a reply to no post takes no slot', async () => {
    const asha = await h.newSession();
    const owner = await h.newSession();
    const postId = (await call(h.base, 'POST', '/api/forum/posts', { body: postBody(), cookie: owner.cookie })).body.id as string;
    const allowed = POSTING_LIMIT_DEFAULTS['forum-reply'].newAccountLimit;
    expect((await call(h.base, 'POST', `/api/forum/posts/${randomUUID()}/replies`, { body: { content: 'A reply to nothing at all' }, cookie: asha.cookie })).status).toBe(404);
    for (let i = 0; i < allowed; i += 1) expect((await call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content: `Reply number ${i} here` }, cookie: asha.cookie })).status).toBe(201);
    const refused = await call(h.base, 'POST', `/api/forum/posts/${postId}/replies`, { body: { content: 'One reply too many' }, cookie: asha.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(`New accounts (for their first 24 hours) can post up to ${allowed} replies an hour. You can post again in about 1 hour.`);
    expect((await call(h.base, 'GET', `/api/forum/posts/${postId}`)).body.replyCount).toBe(allowed);
  });

  it('reads POSTING_LIMITS overrides from the environment, and refuses bad ones at start', () => {
    const base = { IDENTITY_URL: 'http://127.0.0.1:4001', JWT_PUBLIC_KEY: makeKeys().publicKey, MONGO_URL: 'mongodb://127.0.0.1:27017', NATS_URL: 'nats://127.0.0.1:4222' };
    expect(loadForumConfig(base).POSTING_LIMITS).toEqual({});
    expect(loadForumConfig({ ...base, POSTING_LIMITS: '{"forum-post":{"limit":3}}' }).POSTING_LIMITS).toEqual({ 'forum-post': { limit: 3 } });
    expect(() => loadForumConfig({ ...base, POSTING_LIMITS: '{"forum-post":{"limit":0}}' })).toThrow(/POSTING_LIMITS/);
  });
});
