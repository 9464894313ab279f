import { randomUUID } from 'node:crypto';
import { BusinessCreated, ForumPostCreated, SITEMAP_PAGE_SIZE_MAX, SitemapPageSchema, SitemapSummarySchema, type SitemapEntry, type SitemapPage } from '@cp/contracts';
import { publishEvent } from '@cp/service-kit';
import { call, listingBody, searchForFile, until } from './helpers.ts';

/**
 * GET /internal/sitemap/{kind}: the renderer's sitemaps read every public document of a kind from here, page by page.
 * Listings come through the real listings service and its stream; posts and businesses as their owners publish them.
 */
const env = searchForFile();

const get = async (path: string) => {
  const res = await fetch(env.search.base + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const page = async (path: string): Promise<SitemapPage> => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return SitemapPageSchema.parse(res.body);
};

/**
 * Other test files write to the same streams: a check that fails while the list changed under it is made again; one
 * that fails on a list that stayed the same fails the test.
 */
async function stable(check: (all: SitemapEntry[]) => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    const before = await page('/internal/sitemap/listings');
    try {
      await check(before.items);
      return;
    } catch (err) {
      if (JSON.stringify(before) === JSON.stringify(await page('/internal/sitemap/listings')) || i >= 20) throw err;
    }
  }
}

describe('GET /internal/sitemap/listings', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (const title of ['Sitemap desk & chair', 'Sitemap bookshelf', 'Sitemap lamp']) {
      const res = await call(env.listings.base, 'POST', '/api/listings', { cookie: env.owner.cookie, body: listingBody({ title }) });
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    await until('search has the listings', async () => ids.every((id) => env.search.deps.index.listings.get(id)));
  });

  it('names every listing held once, oldest first (then by id), each with its updatedAt', async () => {
    await stable(async (items) => {
      expect(items.length).toBe(env.search.deps.index.listings.size);
      expect(new Set(items.map((e) => e.id)).size).toBe(items.length);
      const created = items.map((e) => env.search.deps.index.listings.get(e.id)!.createdAt);
      for (let i = 1; i < items.length; i++) {
        const order = Date.parse(created[i - 1]!) - Date.parse(created[i]!) || (items[i - 1]!.id < items[i]!.id ? -1 : 1);
        expect(order).toBeLessThan(0);
      }
      for (const id of ids) expect(items.find((e) => e.id === id)).toEqual({ id, lastmod: env.search.deps.index.listings.get(id)!.updatedAt });
    });
  });

  it('pages: pages of 2 joined are the whole list, the total on each, an empty page past the end', async () => {
    await stable(async (items) => {
      const pages = Math.ceil(items.length / 2);
      const joined: SitemapEntry[] = [];
      for (let p = 1; p <= pages; p++) {
        const one = await page(`/internal/sitemap/listings?page=${p}&pageSize=2`);
        expect(one).toMatchObject({ total: items.length, page: p, pageSize: 2 });
        joined.push(...one.items);
      }
      expect(joined).toEqual(items);
      expect(await page(`/internal/sitemap/listings?page=${pages + 1}&pageSize=2`)).toEqual({ total: items.length, page: pages + 1, pageSize: 2, items: [] });
    });
  });

  it('follows a delete (gone) and an edit (a new lastmod), each read after a read that sorted the list', async () => {
    const [edited, deleted] = [ids[0]!, ids[1]!];
    expect((await page('/internal/sitemap/listings')).items.map((e) => e.id)).toContain(deleted);
    expect((await call(env.listings.base, 'DELETE', `/api/listings/${deleted}`, { cookie: env.owner.cookie })).status).toBe(200);
    await until('search has the delete', async () => !env.search.deps.index.listings.get(deleted));
    expect((await page('/internal/sitemap/listings')).items.map((e) => e.id)).not.toContain(deleted);

    const before = (await page('/internal/sitemap/listings')).items.find((e) => e.id === edited)!;
    await new Promise((r) => setTimeout(r, 5)); // updatedAt has millisecond precision
    expect((await call(env.listings.base, 'PUT', `/api/listings/${edited}`, { cookie: env.owner.cookie, body: { title: 'Sitemap desk, chair and lamp' } })).status).toBe(200);
    await until('search has the edit', async () => env.search.deps.index.listings.get(edited)?.title === 'Sitemap desk, chair and lamp');
    const after = (await page('/internal/sitemap/listings')).items.find((e) => e.id === edited)!;
    expect(after.lastmod).toBe(env.search.deps.index.listings.get(edited)!.updatedAt);
    expect(Date.parse(after.lastmod)).toBeGreaterThan(Date.parse(before.lastmod));
  });

  it('summarises: the total and, per page, the latest lastmod of its listings', async () => {
    await stable(async (items) => {
      const res = await get('/internal/sitemap/listings/summary?pageSize=2');
      expect(res.status).toBe(200);
      const summary = SitemapSummarySchema.parse(res.body);
      const latest = (page: SitemapEntry[]) => page.reduce((a, e) => (Date.parse(e.lastmod) > Date.parse(a) ? e.lastmod : a), page[0]!.lastmod);
      const expected = [];
      for (let i = 0; i < items.length; i += 2) expected.push({ lastmod: latest(items.slice(i, i + 2)) });
      expect(summary).toEqual({ total: items.length, pageSize: 2, pages: expected });
    });
  });

  it.each([
    ['an unknown kind', '/internal/sitemap/users'],
    ['page 0', '/internal/sitemap/listings?page=0'],
    ['a page that is no number', '/internal/sitemap/listings?page=two'],
    ['a page past the bound', '/internal/sitemap/listings?page=10001'],
    ['pageSize 0', '/internal/sitemap/listings?pageSize=0'],
    ['pageSize past 50,000', `/internal/sitemap/listings?pageSize=${SITEMAP_PAGE_SIZE_MAX + 1}`],
    ['a fractional pageSize', '/internal/sitemap/listings?pageSize=1.5'],
    ['an unknown parameter', '/internal/sitemap/listings?sort=newest'],
    ['a repeated parameter', '/internal/sitemap/listings?page=1&page=2'],
    ['a summary of an unknown kind', '/internal/sitemap/users/summary'],
    ['a summary with pageSize 0', '/internal/sitemap/listings/summary?pageSize=0'],
    ['a summary with a page', '/internal/sitemap/listings/summary?page=1'],
  ])('answers 400 with a JSON error for %s', async (_what, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  it('takes pageSize 50,000 (a sitemap file\'s limit) and defaults to it', async () => {
    expect((await page(`/internal/sitemap/listings?pageSize=${SITEMAP_PAGE_SIZE_MAX}`)).pageSize).toBe(SITEMAP_PAGE_SIZE_MAX);
    expect((await page('/internal/sitemap/listings')).pageSize).toBe(SITEMAP_PAGE_SIZE_MAX);
  });
});

describe('GET /internal/sitemap/posts and /businesses', () => {
  it('names posts with their updatedAt and businesses with their last event time', async () => {
    const at = new Date().toISOString();
    const post = { id: randomUUID(), userId: randomUUID(), username: 'priya', category: 'General' as const, title: 'Sitemap: best chai in town?', content: 'Looking for a quiet place with good chai.', replyCount: 0, viewCount: 0, createdAt: at, updatedAt: at };
    const business = { id: randomUUID(), userId: randomUUID(), name: 'Sitemap Spices', category: 'Grocers', mainCategory: 'Grocers', subCategory: null, description: 'Spices and lentils.', address: '1 Market St', phone: '(717) 555-0101', email: null, website: null, logoUrl: null, rating: 0, reviewCount: 0, verified: false, premium: false, createdAt: at };
    await publishEvent(env.listings.nats.js, ForumPostCreated, { postId: post.id, userId: post.userId, category: post.category, title: post.title, post });
    const created = await publishEvent(env.listings.nats.js, BusinessCreated, { businessId: business.id, name: business.name, mainCategory: 'Grocers', business });
    await until('search has the post and the business', async () => !!env.search.deps.index.getPost(post.id) && !!env.search.deps.index.getBusiness(business.id));
    const posts = await page('/internal/sitemap/posts');
    expect(posts.items.find((e) => e.id === post.id)).toEqual({ id: post.id, lastmod: at });
    expect(posts.total).toBe(env.search.deps.index.counts.posts);
    const businesses = await page('/internal/sitemap/businesses');
    expect(businesses.items.find((e) => e.id === business.id)).toEqual({ id: business.id, lastmod: created.occurredAt });
    expect(businesses.total).toBe(env.search.deps.index.counts.businesses);
  });
});
