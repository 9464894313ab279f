import { randomUUID } from 'node:crypto';
import { BusinessPageSchema, BusinessReviewPageSchema, FULL_LIST_MAX, LIST_PAGE_SIZES, YELLOW_PAGES_TREE, type YellowPagesMainCategory } from '@cp/contracts';
import { expectIndexedPage } from '../../../packages/service-kit/test/support/indexed-page.ts';
import { walkPages } from '../../../packages/service-kit/test/support/walk-pages.ts';
import { call, startDirectory, type DirectoryHarness } from './helpers.ts';

/**
 * Issue 24 §2: the directory's lists are bounded. Businesses and reviews are written straight into this harness's
 * database (thousands through the admin API would only test the API's speed); the reading is all through HTTP.
 */
let h: DirectoryHarness;
const USER = randomUUID();
const BUSINESSES = FULL_LIST_MAX + 120;
const t0 = Date.parse('2026-01-01T00:00:00Z');
const MAINS = ['Home Repairs', 'Grocers', 'Services'] as const satisfies readonly YellowPagesMainCategory[];
interface Row {
  _id: string;
  premium: boolean;
  createdAt: Date;
  mainCategory: string;
  subCategory: string | null;
  hidden?: boolean;
}
let rows: Row[] = [];
let businessWithReviews = '';
let reviewsNewestFirst: string[] = [];

/** The list order: premium first, then the newest, the _id breaking ties. */
const order = (a: Row, b: Row) => Number(b.premium) - Number(a.premium) || b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
const visibleIds = (keep: (r: Row) => boolean = () => true) => rows.filter((r) => !r.hidden && keep(r)).sort(order).map((r) => r._id);

beforeAll(async () => {
  h = await startDirectory();
  const docs = Array.from({ length: BUSINESSES }, (_, i) => {
    const main = MAINS[i % MAINS.length]!;
    const subs = YELLOW_PAGES_TREE[main] as readonly string[];
    return {
      _id: randomUUID(),
      userId: USER,
      name: `Business ${i}`,
      category: main,
      mainCategory: main,
      subCategory: subs.length ? subs[i % subs.length]! : null,
      description: 'A business for the paging test.',
      address: '1 Main St, Camp Hill, PA 17011',
      phone: '717-555-0100',
      email: null,
      website: null,
      logoUrl: null,
      rating: 0,
      ratingTotal: 0,
      reviewCount: 0,
      verified: false,
      premium: i % 7 === 0,
      // Every 5 share a time: the _id must break ties, or a page boundary would skip or repeat one.
      createdAt: new Date(t0 + Math.floor(i / 5) * 1000),
      updatedAt: new Date(t0),
      ...(i === 11 ? { hidden: true } : {}),
    };
  });
  await h.conn.collection('businesses').insertMany(docs as never[]);
  rows = docs;
  businessWithReviews = docs[0]!._id;
  const reviews = Array.from({ length: 75 }, (_, i) => ({
    _id: randomUUID(),
    businessId: businessWithReviews,
    userId: randomUUID(),
    username: `reviewer${i}`,
    rating: 1 + (i % 5),
    comment: null,
    createdAt: new Date(t0 + Math.floor(i / 3) * 1000),
  }));
  await h.conn.collection('business_reviews').insertMany(reviews as never[]);
  reviewsNewestFirst = [...reviews].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1)).map((r) => r._id);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const get = (path: string) => call(h.base, 'GET', path);
const businessPage = (b: unknown) => BusinessPageSchema.parse(b);

describe('GET /api/businesses: bounded, paged with a cursor', () => {
  it('walks every visible business exactly once in the list order (premium first, then the newest)', async () => {
    const { ids, pages } = await walkPages(h.base, '/api/businesses?limit=100', businessPage);
    expect(ids).toEqual(visibleIds());
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.ceil(ids.length / 100));
  });

  it('answers the bare list without limit or cursor, bounded by FULL_LIST_MAX, the rest behind Link rel=next', async () => {
    const res = await get('/api/businesses');
    const list = res.body as unknown as Array<{ id: string }>;
    expect(list.map((b) => b.id)).toEqual(visibleIds().slice(0, FULL_LIST_MAX));
    const next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')![1]!;
    const rest = await walkPages(h.base, next, businessPage);
    expect([...list.map((b) => b.id), ...rest.ids]).toEqual(visibleIds());
  });

  it('refuses a limit past the max, a bad limit or cursor and an unknown parameter with 400 { error }', async () => {
    for (const query of [`limit=${LIST_PAGE_SIZES.businesses.max + 1}`, 'limit=0', 'limit=x', 'cursor=%7B%7D', `cursor=${Buffer.from('[true,1]').toString('base64url')}`, `cursor=${Buffer.from('["yes",1,"a"]').toString('base64url')}`, 'page=2']) {
      const res = await get(`/api/businesses?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe('GET /api/yellow-pages: a category paged from the server', () => {
  it('walks a main category, and a main category with a subcategory, exactly once each', async () => {
    const main = 'Home Repairs';
    const { ids } = await walkPages(h.base, `/api/yellow-pages?mainCategory=${encodeURIComponent(main)}&limit=${LIST_PAGE_SIZES.yellowPages.default}`, businessPage);
    expect(ids).toEqual(visibleIds((r) => r.mainCategory === main));
    expect(ids.length).toBeGreaterThan(500);
    const sub = 'Plumbing';
    const both = await walkPages(h.base, `/api/yellow-pages?mainCategory=${encodeURIComponent(main)}&subCategory=${sub}&limit=50`, businessPage);
    expect(both.ids).toEqual(visibleIds((r) => r.mainCategory === main && r.subCategory === sub));
    const none = BusinessPageSchema.parse((await get('/api/yellow-pages?mainCategory=Casinos&limit=5')).body);
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('reads a category\'s page from an index in the list order: no sort in memory, no collection scan', async () => {
    const first = businessPage((await get('/api/yellow-pages?mainCategory=Grocers&limit=24')).body);
    for (const [filter, cursor] of [
      [{ mainCategory: 'Grocers' }, undefined],
      [{ mainCategory: 'Grocers' }, first.nextCursor!],
      [{ mainCategory: 'Home Repairs', subCategory: 'Plumbing' }, undefined],
      [{}, undefined],
    ] as const) {
      expectIndexedPage(await h.deps.businesses.explainPage(filter, cursor, 25), { examinedAtMost: 3 * 25 });
    }
  });

  it('refuses a limit past the max with 400 { error }', async () => {
    const res = await get(`/api/yellow-pages?mainCategory=Grocers&limit=${LIST_PAGE_SIZES.yellowPages.max + 1}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('GET /api/businesses/:id/reviews: bounded, paged with a cursor', () => {
  it('walks every review exactly once, newest first', async () => {
    const { ids, pages } = await walkPages(h.base, `/api/businesses/${businessWithReviews}/reviews?limit=10`, (b) => BusinessReviewPageSchema.parse(b));
    expect(ids).toEqual(reviewsNewestFirst);
    expect(pages).toBe(Math.ceil(reviewsNewestFirst.length / 10));
  });

  it('answers one cursor page without limit or cursor too (never a bare array): the default page size, then the rest', async () => {
    const first = await get(`/api/businesses/${businessWithReviews}/reviews`);
    expect(first.status).toBe(200);
    const page = BusinessReviewPageSchema.parse(first.body);
    expect(page.items.map((r) => r.id)).toEqual(reviewsNewestFirst.slice(0, LIST_PAGE_SIZES.reviews.default));
    expect(page.nextCursor).not.toBeNull();
    expect(first.headers.get('link')).toBeNull();
    const { ids } = await walkPages(h.base, `/api/businesses/${businessWithReviews}/reviews?cursor=${page.nextCursor}`, (b) => BusinessReviewPageSchema.parse(b));
    expect([...page.items.map((r) => r.id), ...ids]).toEqual(reviewsNewestFirst);
    const all = await get(`/api/businesses/${businessWithReviews}/reviews?limit=${LIST_PAGE_SIZES.reviews.max}`);
    expect(BusinessReviewPageSchema.parse(all.body)).toMatchObject({ nextCursor: null });
  });

  it('reads a page from the business_newest index in the list order: no sort in memory, for a visitor and for a signed-in reader', async () => {
    const first = BusinessReviewPageSchema.parse((await get(`/api/businesses/${businessWithReviews}/reviews?limit=20`)).body);
    for (const [viewer, cursor] of [
      [undefined, undefined],
      [undefined, first.nextCursor!],
      [randomUUID(), undefined],
      [randomUUID(), first.nextCursor!],
    ] as const) {
      expectIndexedPage(await h.deps.reviews.explainForBusiness(businessWithReviews, viewer, cursor, 21), { index: 'business_newest', examinedAtMost: 3 * 21 });
    }
  });

  it('refuses a limit past the max and a bad cursor with 400 { error }', async () => {
    for (const query of [`limit=${LIST_PAGE_SIZES.reviews.max + 1}`, 'cursor=..']) {
      const res = await get(`/api/businesses/${businessWithReviews}/reviews?${query}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
