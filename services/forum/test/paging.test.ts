import { randomUUID } from 'node:crypto';
import { FORUM_CATEGORIES, FULL_LIST_MAX, ForumPostPageSchema, ForumReplyPageSchema, LIST_PAGE_SIZES } from '@cp/contracts';
import { expectIndexedPage } from '../../../packages/service-kit/test/support/indexed-page.ts';
import { walkPages } from '../../../packages/service-kit/test/support/walk-pages.ts';
import { call, startForum, type ForumHarness } from './helpers.ts';

/**
 * Issue 24 §2: the forum's lists are bounded. Posts and replies are written straight into this harness's database
 * (thousands through the API would only test the API's speed); the reading is all through HTTP.
 */
let h: ForumHarness;
const USER = randomUUID();
const POSTS = FULL_LIST_MAX + 150;
const t0 = Date.parse('2026-01-01T00:00:00Z');
/** Every visible post's id, newest first (the list's order: createdAt, then _id, both descending). */
let visibleNewestFirst: string[] = [];
let hiddenId = '';
let postWithReplies = '';
let repliesOldestFirst: string[] = [];

beforeAll(async () => {
  h = await startForum();
  const posts = Array.from({ length: POSTS }, (_, i) => ({
    _id: randomUUID(),
    userId: USER,
    username: 'pager',
    category: FORUM_CATEGORIES[i % FORUM_CATEGORIES.length]!,
    title: `Post number ${i}`,
    content: 'Some content long enough for a post.',
    replyCount: 0,
    viewCount: 0,
    // Every 10 posts share a time: the _id must break the ties, or a page boundary would skip or repeat one.
    createdAt: new Date(t0 + Math.floor(i / 10) * 1000),
    updatedAt: new Date(t0),
    ...(i === 7 ? { hidden: true } : {}),
  }));
  hiddenId = posts[7]!._id;
  await h.conn.collection('forum_posts').insertMany(posts as never[]);
  const order = (a: { createdAt: Date; _id: string }, b: { createdAt: Date; _id: string }) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
  visibleNewestFirst = posts.filter((p) => !p.hidden).sort(order).map((p) => p._id);
  postWithReplies = posts[0]!._id;
  const replies = Array.from({ length: 130 }, (_, i) => ({
    _id: randomUUID(),
    postId: postWithReplies,
    userId: USER,
    username: 'pager',
    content: `Reply number ${i}, long enough.`,
    createdAt: new Date(t0 + Math.floor(i / 4) * 1000),
  }));
  await h.conn.collection('forum_replies').insertMany(replies as never[]);
  repliesOldestFirst = [...replies].sort((a, b) => -order(a, b)).map((r) => r._id);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const get = (path: string) => call(h.base, 'GET', path);

const walk = (path: string, parse: Parameters<typeof walkPages>[2]) => walkPages(h.base, path, parse);

describe('GET /api/forum/posts: bounded, paged with a cursor', () => {
  it('walks every visible post exactly once, newest first, in pages of `limit` (ties on the time broken by id)', async () => {
    const { ids, pages } = await walk('/api/forum/posts?limit=97', (b) => ForumPostPageSchema.parse(b));
    expect(ids).toEqual(visibleNewestFirst);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(hiddenId);
    expect(pages).toBe(Math.ceil(visibleNewestFirst.length / 97));
  });

  it('pages one category (the forum screen\'s filter) exactly once', async () => {
    const category = FORUM_CATEGORIES[2]!;
    const { ids } = await walk(`/api/forum/posts?category=${encodeURIComponent(category)}&limit=100`, (b) => ForumPostPageSchema.parse(b));
    const all = (await walk('/api/forum/posts?limit=100', (b) => ForumPostPageSchema.parse(b))).ids;
    const rows = await h.conn.collection('forum_posts').find({ category }, { projection: { _id: 1 } }).toArray();
    const inCategory = new Set(rows.map((r) => String(r._id)));
    expect(ids).toEqual(all.filter((id) => inCategory.has(id)));
    expect(ids.length).toBeGreaterThan(300);
  });

  it('answers the default page size without `limit`, and at most the max', async () => {
    const first = ForumPostPageSchema.parse((await get('/api/forum/posts?cursor=' + ForumPostPageSchema.parse((await get('/api/forum/posts?limit=1')).body).nextCursor)).body);
    expect(first.items).toHaveLength(LIST_PAGE_SIZES.forumPosts.default);
    const max = ForumPostPageSchema.parse((await get(`/api/forum/posts?limit=${LIST_PAGE_SIZES.forumPosts.max}`)).body);
    expect(max.items).toHaveLength(LIST_PAGE_SIZES.forumPosts.max);
  });

  it('refuses a limit past the max, a bad limit, a bad cursor and an unknown parameter with 400 { error }', async () => {
    const badCursor = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const query of [
      `limit=${LIST_PAGE_SIZES.forumPosts.max + 1}`,
      'limit=0',
      'limit=-1',
      'limit=abc',
      'limit=1&limit=2',
      'cursor=',
      'cursor=%24where',
      `cursor=${'a'.repeat(201)}`,
      `cursor=${badCursor(['2026-01-01', 'x'])}`,
      `cursor=${badCursor([1, { $gt: '' }])}`,
      `cursor=${badCursor([1])}`,
      'cursor=bm90IGpzb24',
      'category=Nope',
      'sort=oldest',
    ]) {
      const res = await get(`/api/forum/posts?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('answers the spec\'s bare list without limit or cursor, bounded by FULL_LIST_MAX, and names the next cursor page in Link', async () => {
    const res = await get('/api/forum/posts');
    expect(res.status).toBe(200);
    const list = res.body as unknown as Array<{ id: string }>;
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((p) => p.id)).toEqual(visibleNewestFirst.slice(0, FULL_LIST_MAX));
    const link = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '');
    expect(link).not.toBeNull();
    const rest = await walk(link![1]!, (b) => ForumPostPageSchema.parse(b));
    expect([...list.map((p) => p.id), ...rest.ids]).toEqual(visibleNewestFirst);
  });

  it('reads each page from an index in the page\'s order: no sort in memory, about one page of documents read', async () => {
    const firstPage = ForumPostPageSchema.parse((await get('/api/forum/posts?limit=20')).body);
    for (const [category, cursor, index] of [
      [undefined, undefined, 'newest'],
      [undefined, firstPage.nextCursor!, 'newest'],
      ['Jobs', undefined, 'category_newest'],
      ['Jobs', firstPage.nextCursor!, 'category_newest'],
    ] as const) {
      // About one page: each branch of the cursor's $or may read one ahead; never the collection (2,150 posts).
      expectIndexedPage(await h.deps.posts.explainPage(category, cursor, 21), { index, examinedAtMost: 2 * 21 });
    }
  });
});

describe('GET /api/forum/posts/:id/replies: bounded, paged with a cursor', () => {
  it('walks every reply exactly once, oldest first, and the bare list carries them all while under the bound', async () => {
    const { ids } = await walk(`/api/forum/posts/${postWithReplies}/replies?limit=17`, (b) => ForumReplyPageSchema.parse(b));
    expect(ids).toEqual(repliesOldestFirst);
    const bare = await get(`/api/forum/posts/${postWithReplies}/replies`);
    expect((bare.body as unknown as Array<{ id: string }>).map((r) => r.id)).toEqual(repliesOldestFirst);
    expect(bare.headers.get('link')).toBeNull();
  });

  it('refuses a limit past the max and a bad cursor with 400 { error }; an unknown post stays 404', async () => {
    for (const query of [`limit=${LIST_PAGE_SIZES.forumReplies.max + 1}`, 'cursor=!!', `cursor=${Buffer.from('[1,2]').toString('base64url')}`]) {
      const res = await get(`/api/forum/posts/${postWithReplies}/replies?${query}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await get(`/api/forum/posts/${randomUUID()}/replies?limit=5`)).status).toBe(404);
  });
});
