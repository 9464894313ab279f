import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { BusinessCreated, ForumPostCreated, SitemapPageSchema, type SitemapEntry, type SitemapKind } from '@cp/contracts';
import { createApp, createLogger, listen, operationsRouter, publishEvent, type RunningServer } from '@cp/service-kit';
import { call, listingBody, startSearch, until } from '../../search/test/helpers.ts';
import { sitemapOperations, sitemaps, type SitemapDeps } from '../src/sitemap/api.ts';
import { serviceClient } from '../src/upstream.ts';

/**
 * robots.txt and the sitemaps, read from a real search service (fed by the real listings service's stream; posts and
 * businesses published as their owners publish them). The page size is 2, so paging shows with a few documents.
 */
const PUBLIC_URL = 'https://centralpadesi.example';
const DOWN = 'http://127.0.0.1:9'; // nothing listens: a search that is down
const W3C = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const w3c = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

let env: Awaited<ReturnType<typeof startSearch>>;
const servers: RunningServer[] = [];
const logger = createLogger('renderer-sitemap-test');

/** The sitemap routes alone, in a service app of their own, reading search at `searchUrl`. */
async function startSitemaps(searchUrl: string, deps: Partial<SitemapDeps> = {}): Promise<string> {
  const app = createApp({ name: 'renderer', logger });
  const routes = operationsRouter(sitemapOperations, { sitemaps: sitemaps({ publicUrl: PUBLIC_URL, logger, search: serviceClient('search', [searchUrl]), now: () => new Date('2026-11-20T10:00:00.000Z'), pageSize: 2, ...deps }) });
  app.use(routes.routes()).use(routes.allowedMethods());
  const server = await listen(app as Koa, 0, '127.0.0.1', logger);
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

let base: string;
beforeAll(async () => {
  env = await startSearch();
  base = await startSitemaps(env.search.base);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await env.close();
});

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, text: await res.text() };
};
/** Each `<tag>` entry's loc and lastmod, in order (entities left as written). */
const entries = (xml: string, tag: 'url' | 'sitemap') => [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]*)</loc><lastmod>([^<]*)</lastmod></${tag}>`, 'g'))].map((m) => ({ loc: m[1]!, lastmod: m[2]! }));
/** Every document of a kind as search names it, in its order. */
const fromSearch = async (kind: SitemapKind): Promise<SitemapEntry[]> => SitemapPageSchema.parse(await (await fetch(`${env.search.base}/internal/sitemap/${kind}`)).json()).items;
/**
 * Other test files write to the same streams: a check that fails while search's list changed under it is made again;
 * one that fails on a list that stayed the same fails the test.
 */
async function stable(kinds: readonly SitemapKind[], check: (all: Record<SitemapKind, SitemapEntry[]>) => Promise<void>): Promise<void> {
  const read = async () => Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await fromSearch(k)] as const))) as Record<SitemapKind, SitemapEntry[]>;
  for (let i = 0; ; i++) {
    const before = await read();
    try {
      await check(before);
      return;
    } catch (err) {
      if (JSON.stringify(before) === JSON.stringify(await read()) || i >= 20) throw err;
    }
  }
}

describe('robots.txt', () => {
  it('lets every crawler in but the admin, a user\'s own pages, the API and the account pages, and names the sitemap', async () => {
    const res = await get(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /my-listings',
        'Disallow: /saved',
        'Disallow: /alerts',
        'Disallow: /api/',
        'Disallow: /auth',
        'Disallow: /login',
        'Disallow: /register',
        'Disallow: /forgot-password',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        'Disallow: /newsletter/',
        'Disallow: /renew-listing',
        'Disallow: /reminders/',
        'Disallow: /messages',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('the sitemaps', () => {
  let owner: { cookie: string; userId: string };
  const listingIds: string[] = [];
  const post = { id: randomUUID(), userId: randomUUID(), username: 'priya', category: 'General' as const, title: 'Renderer sitemap post', content: 'A post the sitemap names.', replyCount: 0, viewCount: 0, createdAt: '2026-11-21T08:30:15.250Z', updatedAt: '2026-11-21T08:30:15.250Z' };
  const business = { id: randomUUID(), userId: randomUUID(), name: 'Renderer Spices', category: 'Grocers', mainCategory: 'Grocers', subCategory: null, description: 'Spices.', address: '1 Market St', phone: '(717) 555-0101', email: null, website: null, logoUrl: null, rating: 0, reviewCount: 0, verified: false, premium: false, createdAt: new Date().toISOString() };

  beforeAll(async () => {
    owner = await env.listings.newSession();
    for (const title of ['Renderer sitemap one', 'Renderer sitemap two', 'Renderer sitemap three']) {
      const res = await call(env.listings.base, 'POST', '/api/listings', { cookie: owner.cookie, body: listingBody({ title }) });
      expect(res.status).toBe(201);
      listingIds.push(res.body.id as string);
    }
    await publishEvent(env.listings.nats.js, ForumPostCreated, { postId: post.id, userId: post.userId, category: post.category, title: post.title, post });
    await publishEvent(env.listings.nats.js, BusinessCreated, { businessId: business.id, name: business.name, mainCategory: 'Grocers', business });
    const index = env.search.deps.index;
    await until('search has them', async () => listingIds.every((id) => index.listings.get(id)) && !!index.getPost(post.id) && !!index.getBusiness(business.id));
  });

  it('the index names the static file and every page of each kind, each with its latest lastmod, as XML a minute fresh', async () => {
    await stable(['listings', 'posts', 'businesses'], async (all) => {
      const res = await get(`${base}/sitemap.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')).toBe(true);
      const files = entries(res.text, 'sitemap');
      const latest = (page: SitemapEntry[]) => w3c(new Date(Math.max(...page.map((e) => Date.parse(e.lastmod)))).toISOString());
      const expected = [{ loc: `${PUBLIC_URL}/sitemaps/static.xml`, lastmod: '2026-11-20T10:00:00Z' }];
      for (const kind of ['listings', 'posts', 'businesses'] as const) {
        for (let i = 0; i < all[kind].length; i += 2) expected.push({ loc: `${PUBLIC_URL}/sitemaps/${kind}-${i / 2 + 1}.xml`, lastmod: latest(all[kind].slice(i, i + 2)) });
      }
      expect(files).toEqual(expected);
      for (const f of files) expect(f.lastmod).toMatch(W3C);
    });
  });

  it('pages the listings two by two: the pages joined are every listing search holds, in its order, with their updatedAt', async () => {
    await stable(['listings'], async ({ listings: all }) => {
      const joined: Array<{ loc: string; lastmod: string }> = [];
      for (let n = 1; n <= Math.ceil(all.length / 2); n++) {
        const res = await get(`${base}/sitemaps/listings-${n}.xml`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        const urls = entries(res.text, 'url');
        expect(urls.length).toBeLessThanOrEqual(2);
        joined.push(...urls);
      }
      expect(joined).toEqual(all.map((e) => ({ loc: `${PUBLIC_URL}/listing/${e.id}`, lastmod: w3c(e.lastmod) })));
      for (const id of listingIds) expect(joined.map((u) => u.loc)).toContain(`${PUBLIC_URL}/listing/${id}`);
      expect((await get(`${base}/sitemaps/listings-${Math.ceil(all.length / 2) + 1}.xml`)).status).toBe(404);
    });
  });

  it('names posts at /forum/post/{id} and businesses at /business/{id}, lastmod as a W3C datetime', async () => {
    const find = async (kind: SitemapKind, loc: string) => {
      for (let n = 1; ; n++) {
        const res = await get(`${base}/sitemaps/${kind}-${n}.xml`);
        if (res.status !== 200) return undefined;
        const hit = entries(res.text, 'url').find((u) => u.loc === loc);
        if (hit) return hit;
      }
    };
    expect(await find('posts', `${PUBLIC_URL}/forum/post/${post.id}`)).toEqual({ loc: `${PUBLIC_URL}/forum/post/${post.id}`, lastmod: '2026-11-21T08:30:15Z' });
    const b = await find('businesses', `${PUBLIC_URL}/business/${business.id}`);
    expect(b?.lastmod).toMatch(W3C);
  });

  it('names a new listing at the next read', async () => {
    const res = await call(env.listings.base, 'POST', '/api/listings', { cookie: owner.cookie, body: listingBody({ title: 'Renderer sitemap newest' }) });
    const id = res.body.id as string;
    await until('search has it', async () => !!env.search.deps.index.listings.get(id));
    const all = await fromSearch('listings');
    const n = Math.floor(all.findIndex((e) => e.id === id) / 2) + 1;
    expect((await get(`${base}/sitemaps/listings-${n}.xml`)).text).toContain(`<loc>${PUBLIC_URL}/listing/${id}</loc>`);
  });

  it('lists the static pages', async () => {
    const res = await get(`${base}/sitemaps/static.xml`);
    expect(res.status).toBe(200);
    expect(entries(res.text, 'url')).toEqual(['/', '/listings', '/forum', '/businesses', '/yellow-pages', '/about', '/terms', '/contact'].map((p) => ({ loc: `${PUBLIC_URL}${p}`, lastmod: '2026-11-20T10:00:00Z' })));
  });

  it('escapes what XML gives a meaning to', async () => {
    const odd = await startSitemaps(env.search.base, { publicUrl: "https://example.test/a&b'c\"d<e>f" });
    for (const path of ['/sitemap.xml', '/sitemaps/static.xml', '/sitemaps/listings-1.xml']) {
      const text = (await get(odd + path)).text;
      expect(text).toContain("<loc>https://example.test/a&amp;b&apos;c&quot;d&lt;e&gt;f/");
      // Every & starts an entity, and no < or > stands inside a text.
      expect(text.replace(/&(amp|apos|quot|lt|gt);/g, '')).not.toMatch(/&/);
      for (const m of text.matchAll(/<loc>([^<]*)<\/loc>/g)) expect(m[1]).not.toMatch(/[<>"']/);
    }
  });

  it.each(['/sitemaps/listings-0.xml', '/sitemaps/users-1.xml', '/sitemaps/listings-1.json', '/sitemaps/listings-01.xml', '/sitemaps/listings-9999999999.xml'])('answers 404 for %s', async (path) => {
    const res = await get(base + path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'No such sitemap' });
  });

  it('answers 503 with Retry-After, never an empty sitemap, when search is down; the static parts still answer', async () => {
    const down = await startSitemaps(DOWN);
    for (const path of ['/sitemap.xml', '/sitemaps/listings-1.xml', '/sitemaps/posts-1.xml', '/sitemaps/businesses-1.xml']) {
      const res = await get(down + path);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('60');
      expect(typeof JSON.parse(res.text).error).toBe('string');
    }
    expect((await get(`${down}/sitemaps/static.xml`)).status).toBe(200);
    expect((await get(`${down}/robots.txt`)).status).toBe(200);
  });
});
