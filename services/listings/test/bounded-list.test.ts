import { randomUUID } from 'node:crypto';
import { FULL_LIST_MAX, ListingSchema, SearchListingsQuerySchema } from '@cp/contracts';
import { call } from '../../identity/test/helpers.ts';
import { listingBody, startListings, type ListingsHarness } from './helpers.ts';

/**
 * Issue 24 §2: GET /api/listings without a query (the spec's full list, which the listings page's client mode
 * downloads below its threshold) is bounded by FULL_LIST_MAX; a `Link: <…>; rel="next"` header names the page of the
 * page form after it. Listings are cloned straight into this harness's database from one made through the API.
 */
let h: ListingsHarness;
let newestFirst: string[] = [];

beforeAll(async () => {
  h = await startListings();
  const owner = await h.newSession();
  const made = await call(h.base, 'POST', '/api/listings', { body: listingBody(), cookie: owner.cookie });
  expect(made.status).toBe(201);
  const original = await h.conn.collection('listings').findOne({ _id: made.body.id as never });
  const t0 = Date.now() - 86_400_000;
  const clones = Array.from({ length: FULL_LIST_MAX + 30 }, (_, i) => ({ ...original, _id: randomUUID() as never, createdAt: new Date(t0 + Math.floor(i / 3) * 1000) }));
  await h.conn.collection('listings').insertMany(clones);
  const all = await h.conn.collection('listings').find({}, { projection: { _id: 1 } }).sort({ createdAt: -1, _id: -1 }).toArray();
  newestFirst = all.map((d) => String(d._id));
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('GET /api/listings without a query: bounded', () => {
  it('answers the newest FULL_LIST_MAX listings as a bare array, and the page after them in Link rel=next', async () => {
    const res = await call(h.base, 'GET', '/api/listings');
    expect(res.status).toBe(200);
    const list = (res.body as unknown as unknown[]).map((l) => ListingSchema.parse(l).id);
    expect(list).toEqual(newestFirst.slice(0, FULL_LIST_MAX));
    // The page after them is the search service's (the one server engine of the §9 rule), in the same order.
    const next = new URL(/^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')![1]!, 'http://site');
    expect(next.pathname).toBe('/api/search/listings');
    const q = SearchListingsQuerySchema.parse(Object.fromEntries(next.searchParams));
    expect(q.sort).toBe('newest');
    expect((q.page - 1) * q.pageSize).toBe(FULL_LIST_MAX);
  });

  it('takes no query: pages, search and filters are the search service\'s (400 { error })', async () => {
    for (const query of ['pageSize=101', 'page=2', 'search=sofa', 'userId=00000000-0000-4000-8000-000000000000']) {
      const res = await call(h.base, 'GET', `/api/listings?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
