import { randomUUID } from 'node:crypto';
import { FULL_LIST_MAX, ListingSchema, ListingsPageSchema } from '@cp/contracts';
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
    const next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')![1]!;
    const page = ListingsPageSchema.parse((await call(h.base, 'GET', next)).body);
    expect(page.total).toBe(newestFirst.length);
    expect(page.items.map((l) => l.id)).toEqual(newestFirst.slice(FULL_LIST_MAX, FULL_LIST_MAX + page.pageSize));
  });

  it('refuses a page size past the page form\'s max with 400 { error }', async () => {
    const res = await call(h.base, 'GET', '/api/listings?pageSize=101');
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});
