import { randomUUID } from 'node:crypto';
import { LIMITS, LISTING_CATEGORIES, LISTING_DETAIL_KEYS, listingDetail, ListingSchema, takesDetail, type ListingDetailKey } from '@cp/contracts';
import { outboxModel } from '@cp/service-kit';
import { TOMBSTONE_TTL_DAYS } from '../src/data/tombstones-repository.ts';
import { call, listingBody, startListings, type ListingsHarness } from './helpers.ts';

let h: ListingsHarness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  h = await startListings();
  alice = await h.newSession();
  bob = await h.newSession();
});
afterAll(async () => {
  await h?.close();
});

const post = (body: unknown, cookie: string | null = alice.cookie) => call(h.base, 'POST', '/api/listings', { body, cookie: cookie ?? undefined });

describe('POST /api/listings', () => {
  it('creates a listing owned by the logged-in user, with spec defaults, and returns it', async () => {
    const res = await post(listingBody({ tier: undefined, status: undefined, userId: bob.userId, id: 'x' }));
    expect(res.status).toBe(201);
    const listing = ListingSchema.parse(res.body);
    expect(listing.userId).toBe(alice.userId); // the server sets userId, whatever the body says
    expect(listing.tier).toBe('free');
    expect(listing.status).toBe('active');
    expect(listing.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(res.body).not.toHaveProperty('searchText');
    const fetched = await call(h.base, 'GET', `/api/listings/${listing.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(res.body);
  });

  it('answers 401 to an anonymous user and to a forged cookie', async () => {
    expect((await post(listingBody(), null)).status).toBe(401);
    expect((await post(listingBody(), 'cp_session=not-a-token')).status).toBe(401);
  });

  it('never trusts a user id header', async () => {
    const res = await call(h.base, 'POST', '/api/listings', { body: listingBody(), headers: { 'x-user-id': alice.userId } });
    expect(res.status).toBe(401);
  });

  it.each([
    ['title: Sofa', { title: 'Sofa' }, 'Title must be at least 5 characters'],
    ['title:    Sofa    ', { title: '   Sofa    ' }, 'Title must be at least 5 characters'],
    ['title missing', { title: undefined }, 'Title must be at least 5 characters'],
    ['description: Too short to pass', { description: 'Too short to pass' }, 'Description must be at least 20 characters'],
    ['description missing', { description: undefined }, 'Description must be at least 20 characters'],
    ['category missing', { category: undefined }, 'Please select a category'],
    ['category: ', { category: '' }, 'Please select a category'],
    ['category: Pets', { category: 'Pets' }, 'Please select a category'],
    ['location missing', { location: undefined }, 'Please select a location'],
    ['location: Pittsburgh PA', { location: 'Pittsburgh PA' }, 'Please select a location'],
    ['contactEmail: not-an-email', { contactEmail: 'not-an-email' }, 'Invalid email address'],
    ['11 image URLs', { imageUrls: Array.from({ length: 11 }, () => `/uploads/img/${randomUUID()}.webp`) }, 'Limit Reached: You can upload a maximum of 10 images per listing'],
  ])('rejects %s with the spec message', async (_label, override, message) => {
    const res = await post(listingBody(override));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('rejects a negative price, unknown fields and a non-object body with 400', async () => {
    expect((await post(listingBody({ price: -1 }))).status).toBe(400);
    expect((await post(listingBody({ isFeatured: true }))).status).toBe(400);
    expect((await post([listingBody()])).status).toBe(400);
    expect((await post('a string')).status).toBe(400);
  });

  it('trims values, omits blank optional fields, keeps price only when > 0 and accepts an empty e-mail', async () => {
    const res = await post(
      listingBody({ title: '  Study table  ', description: '  Solid wood study table with drawers  ', price: 0, contactPhone: '   ', contactEmail: '', venue: 'x' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Study table');
    expect(res.body.description).toBe('Solid wood study table with drawers');
    expect(res.body).not.toHaveProperty('price');
    expect(res.body).not.toHaveProperty('contactPhone');
    expect(res.body).not.toHaveProperty('contactEmail');
    expect(res.body).not.toHaveProperty('venue');
  });

  it('keeps event fields for Events only', async () => {
    const event = { eventDate: '2026-11-08', eventTime: '6:00 PM', venue: 'Community hall', organizer: 'Temple committee', eventType: 'Cultural' };
    const forEvents = await post(listingBody({ category: 'Events', ...event }));
    expect(forEvents.status).toBe(201);
    expect(forEvents.body).toMatchObject(event);
    const forJobs = await post(listingBody({ category: 'Jobs', ...event }));
    expect(forJobs.status).toBe(201);
    for (const f of Object.keys(event)) expect(forJobs.body).not.toHaveProperty(f);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await fetch(`${h.base}/api/listings`, { method: 'POST', headers: { cookie: alice.cookie, 'content-type': 'text/plain' }, body: 'title=x' });
    expect(res.status).toBe(415);
  });
});

describe('the images a listing may show (only its owner\'s uploads)', () => {
  const stored = () => `/uploads/img/${randomUUID()}.webp`;

  it.each([
    ['an external URL (a tracking pixel)', 'https://tracker.example/pixel.gif'],
    ['a path out of the uploads', '/uploads/../../api/logout'],
    ['another site path', '/api/logout'],
    ['a thumbnail', `/uploads/img/${randomUUID()}-thumb.webp`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a key of the wrong form', '/uploads/img/abc.webp'],
  ])('refuses %s with 400', async (_label, url) => {
    const res = await post(listingBody({ imageUrls: [url] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Images must be uploaded through this site');
  });

  it('refuses an image this site stored for someone else, or never stored, and accepts the owner\'s own', async () => {
    const bobs = stored();
    await h.deps.uploads.record([bobs], bob.userId, new Date());
    const never = stored();
    for (const url of [bobs, never]) {
      const res = await post(listingBody({ imageUrls: [url] }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Only images you uploaded can be attached to your listing');
    }
    const mine = stored();
    await h.deps.uploads.record([mine], alice.userId, new Date());
    const created = await post(listingBody({ imageUrls: [mine] }));
    expect(created.status).toBe(201);
    expect(created.body.imageUrls).toEqual([mine]);

    // An edit keeps the images the listing shows and may add the owner's uploads, never someone else's.
    const id = created.body.id as string;
    const put = (imageUrls: string[]) => call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { imageUrls } });
    expect((await put([mine, bobs])).status).toBe(400);
    const second = stored();
    await h.deps.uploads.record([second], alice.userId, new Date());
    const edited = await put([second, mine]);
    expect(edited.status).toBe(200);
    expect(edited.body.imageUrls).toEqual([second, mine]);
    expect((await call(h.base, 'GET', `/api/listings/${id}`)).body.imageUrls).toEqual([second, mine]);
  });
});

describe('GET /api/listings/:id', () => {
  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%24where', "1' OR '1'='1", 'a'.repeat(300)])('answers 404 for %s', async (id) => {
    const res = await call(h.base, 'GET', `/api/listings/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Listing not found');
  });
});

describe('PUT and DELETE /api/listings/:id (owner only)', () => {
  it('lets the owner edit: given fields replace, blank optional fields are removed, event fields follow the category', async () => {
    const created = await post(listingBody({ category: 'Events', eventDate: '2026-12-01', venue: 'Hall', contactPhone: '717-555-0100' }));
    const id = created.body.id as string;
    const res = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { title: 'Sofa set, price dropped', price: 150, contactPhone: '', tier: 'gold' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Sofa set, price dropped', price: 150, tier: 'gold', venue: 'Hall', userId: alice.userId });
    expect(res.body).not.toHaveProperty('contactPhone');
    expect(new Date(res.body.updatedAt as string).getTime()).toBeGreaterThanOrEqual(new Date(created.body.createdAt as string).getTime());
    const toJobs = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { category: 'Jobs', price: 0 } });
    expect(toJobs.status).toBe(200);
    expect(toJobs.body).not.toHaveProperty('venue');
    expect(toJobs.body).not.toHaveProperty('eventDate');
    expect(toJobs.body).not.toHaveProperty('price');
  });

  it('validates an edit with the same messages', async () => {
    const id = (await post(listingBody())).body.id as string;
    const res = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { title: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Title must be at least 5 characters');
    const bad = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { userId: bob.userId, category: 'Nope' } });
    expect(bad.body.error).toBe('Please select a category');
  });

  it('answers 403 to another user, 401 to anonymous, and changes nothing', async () => {
    const id = (await post(listingBody({ title: 'Alice owns this' }))).body.id as string;
    const put = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: bob.cookie, body: { title: 'Bob was here' } });
    expect(put.status).toBe(403);
    expect(put.body.error).toEqual(expect.any(String));
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call(h.base, 'PUT', `/api/listings/${id}`, { body: { title: 'Anonymous edit' } })).status).toBe(401);
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`)).status).toBe(401);
    // Bob cannot take it over through the body either.
    const takeover = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { userId: bob.userId } });
    expect(takeover.status).toBe(200);
    const after = await call(h.base, 'GET', `/api/listings/${id}`);
    expect(after.body).toMatchObject({ title: 'Alice owns this', userId: alice.userId });
  });

  it('answers 404 for unknown and malformed ids on PUT and DELETE', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { title: 'Whatever title' } })).status).toBe(404);
      expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie })).status).toBe(404);
    }
  });

  it('lets the owner delete; the listing is gone afterwards', async () => {
    const id = (await post(listingBody())).body.id as string;
    const del = await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie });
    expect(del.status).toBe(200);
    expect((await call(h.base, 'GET', `/api/listings/${id}`)).status).toBe(410);
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie })).status).toBe(410);
  });
});

describe('a deleted listing answers 410 Gone (its tombstone)', () => {
  const deletedEvents = (id: string) => outboxModel(h.conn).countDocuments({ type: 'listings.listing-deleted', 'data.listingId': id });

  it('GET answers 410 for a deleted listing and 404 for an id never seen', async () => {
    const id = (await post(listingBody({ title: 'Deleted soon, then gone' }))).body.id as string;
    expect((await call(h.base, 'GET', `/api/listings/${id}`)).status).toBe(200);
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie })).status).toBe(200);
    const gone = await call(h.base, 'GET', `/api/listings/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('Listing was removed');
    const never = await call(h.base, 'GET', `/api/listings/${randomUUID()}`);
    expect(never.status).toBe(404);
    expect(never.body.error).toBe('Listing not found');
  });

  it('keeps only the id and the time of the deletion, in the delete\'s transaction, and expires it', async () => {
    const before = Date.now();
    const id = (await post(listingBody({ contactPhone: '717-555-0100', contactEmail: 'alice@example.com' }))).body.id as string;
    expect(await h.deps.tombstones.find(id)).toBeNull();
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie })).status).toBe(200);
    const stored = await h.conn.db!.collection('listing_tombstones').findOne({ _id: id as never });
    expect(Object.keys(stored ?? {}).sort()).toEqual(['_id', 'deletedAt']);
    expect((stored!.deletedAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const indexes = await h.conn.db!.collection('listing_tombstones').indexes();
    expect(indexes.find((i) => i.name === 'expire')).toMatchObject({ key: { deletedAt: 1 }, expireAfterSeconds: TOMBSTONE_TTL_DAYS * 86_400 });
  });

  it('deleting again is idempotent: 410, no second event, the tombstone unchanged', async () => {
    const id = (await post(listingBody())).body.id as string;
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie })).status).toBe(200);
    const first = await h.deps.tombstones.find(id);
    expect(first).not.toBeNull();
    for (const cookie of [alice.cookie, bob.cookie]) {
      const again = await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie });
      expect(again.status).toBe(410);
      expect(again.body.error).toBe('Listing was removed');
    }
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`)).status).toBe(401);
    expect(await deletedEvents(id)).toBe(1);
    expect(await h.deps.tombstones.find(id)).toEqual(first);
  });

  it('an edit of a deleted listing (fields or images) answers 410 and writes nothing', async () => {
    const id = (await post(listingBody())).body.id as string;
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: alice.cookie })).status).toBe(200);
    const edit = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { title: 'Back from the dead' } });
    expect(edit.status).toBe(410);
    expect(edit.body.error).toBe('Listing was removed');
    const images = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: bob.cookie, body: { imageUrls: [`/uploads/img/${randomUUID()}.webp`] } });
    expect(images.status).toBe(410);
    expect((await call(h.base, 'GET', `/api/listings/${id}`)).status).toBe(410);
    expect(await h.deps.listings.exists(id)).toBe(false);
    expect(await outboxModel(h.conn).countDocuments({ type: 'listings.listing-updated', 'data.listingId': id })).toBe(0);
  });

  it('a tombstone never shows in the full list or My Listings', async () => {
    const word = `tombstoned${randomUUID().slice(0, 8)}`;
    const kept = (await post(listingBody({ title: `Kept ${word} table` }))).body.id as string;
    const removed = (await post(listingBody({ title: `Removed ${word} table` }))).body.id as string;
    expect((await call(h.base, 'DELETE', `/api/listings/${removed}`, { cookie: alice.cookie })).status).toBe(200);
    const all = (await call(h.base, 'GET', '/api/listings')).body as unknown as Array<{ id: string }>;
    expect(all.map((l) => l.id)).toContain(kept);
    expect(all.map((l) => l.id)).not.toContain(removed);
    const mine = await call(h.base, 'GET', '/api/listings/mine?pageSize=100', { cookie: alice.cookie });
    expect((mine.body.items as Array<{ id: string }>).map((l) => l.id)).toContain(kept);
    expect((mine.body.items as Array<{ id: string }>).map((l) => l.id)).not.toContain(removed);
    expect(mine.body.total).toBe((mine.body.items as unknown[]).length);
  });
});

describe('the employer of a job listing', () => {
  it('is kept for Jobs, trimmed, and dropped for any other category', async () => {
    const job = await post(listingBody({ category: 'Jobs', employer: '  Saffron Grill  ', price: undefined }));
    expect(job.status).toBe(201);
    expect(job.body.employer).toBe('Saffron Grill');
    expect((await call(h.base, 'GET', `/api/listings/${job.body.id as string}`)).body.employer).toBe('Saffron Grill');
    const sofa = await post(listingBody({ employer: 'Saffron Grill' }));
    expect(sofa.status).toBe(201);
    expect(sofa.body).not.toHaveProperty('employer');
    const blank = await post(listingBody({ category: 'Jobs', employer: '   ' }));
    expect(blank.status).toBe(201);
    expect(blank.body).not.toHaveProperty('employer');
  });

  it('is 2 to 100 characters', async () => {
    for (const [employer, message] of [
      ['A', 'Employer must be at least 2 characters'],
      ['x'.repeat(101), 'Employer must be at most 100 characters'],
    ] as const) {
      const res = await post(listingBody({ category: 'Jobs', employer }));
      expect([employer.length, res.status, res.body.error]).toEqual([employer.length, 400, message]);
    }
  });

  it('is edited, cleared, and removed when the category is no longer Jobs', async () => {
    const id = (await post(listingBody({ category: 'Jobs', employer: 'Saffron Grill' }))).body.id as string;
    const renamed = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { employer: 'Saffron Grill & Bar' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.employer).toBe('Saffron Grill & Bar');
    const cleared = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { employer: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('employer');
    await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { employer: 'Saffron Grill' } });
    const moved = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { category: 'Services' } });
    expect(moved.status).toBe(200);
    expect(moved.body).not.toHaveProperty('employer');
    const notAJob = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { employer: 'Saffron Grill' } });
    expect(notAJob.status).toBe(200);
    expect(notAJob.body).not.toHaveProperty('employer');
  });
});

/** A valid value of a detail, as its declaration allows (listing-details.ts). */
function valueOf(key: ListingDetailKey): string {
  const detail = listingDetail(key);
  if (detail.control === 'date') return '2027-03-14';
  if (detail.control === 'choice') return detail.options?.at(-1) ?? '';
  return 'x'.repeat(Math.max(detail.minLength ?? 1, 3));
}

// Every declared detail, whichever a later feature adds, goes through the same path: stored and returned for its
// category, trimmed, cleared by an edit, dropped for a category that does not take it, and bounded.
describe.each(LISTING_DETAIL_KEYS)('the optional detail %s', (key) => {
  const detail = listingDetail(key);
  const own = detail.category ?? 'Community';
  const other = LISTING_CATEGORIES.find((c) => !takesDetail(key, c));

  it('is stored and returned for a listing of its category, then cleared by an edit', async () => {
    const created = await post(listingBody({ category: own, [key]: ` ${valueOf(key)} ` }));
    expect(created.status).toBe(201);
    expect(created.body[key]).toBe(valueOf(key));
    const id = created.body.id as string;
    expect((await call(h.base, 'GET', `/api/listings/${id}`)).body[key]).toBe(valueOf(key));
    const cleared = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { [key]: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty(key);
  });

  it('is never kept for a category that does not take it', async () => {
    if (!other) return; // a detail of every category
    const created = await post(listingBody({ category: other, [key]: valueOf(key) }));
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty(key);
    const id = (await post(listingBody({ category: own, [key]: valueOf(key) }))).body.id as string;
    const moved = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: alice.cookie, body: { category: other } });
    expect(moved.status).toBe(200);
    expect(moved.body).not.toHaveProperty(key);
  });

  it('refuses a value its declaration does not allow, with a 400 naming it', async () => {
    const bad = detail.control === 'date' ? '14/03/2027' : detail.control === 'choice' ? 'Not an option' : 'x'.repeat((detail.maxLength ?? LIMITS.shortTextMax) + 1);
    const res = await post(listingBody({ category: own, [key]: bad }));
    expect(res.status).toBe(400);
    if (!detail.control) expect(res.body.error).toBe(`${detail.label} must be at most ${detail.maxLength ?? LIMITS.shortTextMax} characters`);
  });
});

describe('GET /api/listings', () => {
  it('without a query returns the full list, newest first', async () => {
    const res = await fetch(`${h.base}/api/listings`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<{ createdAt: string }>;
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(3);
    const times = list.map((l) => new Date(l.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('takes no query (pages, search and filters are the search service\'s): 400, never 500', async () => {
    for (const q of ['search=&category=', 'page=2', 'priceRange=cheap', 'unknown=1', 'search[$ne]=x', 'userId=abc']) {
      const res = await call(h.base, 'GET', `/api/listings?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
    }
  });

  it('My Listings (GET /api/listings/mine): the signed-in user\'s own, newest first, by page; 401 signed out; a bad page 400', async () => {
    const first = (await post(listingBody({ title: 'My first listing here' }))).body.id as string;
    const second = (await post(listingBody({ title: 'My second listing here' }))).body.id as string;
    const all = await call(h.base, 'GET', '/api/listings/mine?pageSize=100', { cookie: alice.cookie });
    expect(all.status).toBe(200);
    const items = all.body.items as Array<{ id: string; userId: string; createdAt: string }>;
    expect(items.every((l) => l.userId === alice.userId)).toBe(true);
    expect(items.map((l) => l.id).indexOf(second)).toBeLessThan(items.map((l) => l.id).indexOf(first));
    expect(all.body).toMatchObject({ total: items.length, page: 1, pageSize: 100 });
    const one = await call(h.base, 'GET', '/api/listings/mine?page=2&pageSize=1', { cookie: alice.cookie });
    expect(one.body).toMatchObject({ items: [{ id: items[1]!.id }], total: items.length, page: 2, pageSize: 1 });
    const bobs = await call(h.base, 'GET', '/api/listings/mine', { cookie: bob.cookie });
    expect((bobs.body.items as Array<{ id: string }>).map((l) => l.id)).not.toContain(first);
    expect((await call(h.base, 'GET', '/api/listings/mine')).status).toBe(401);
    for (const q of ['page=0', 'pageSize=101', 'userId=abc', 'search=x']) expect([q, (await call(h.base, 'GET', `/api/listings/mine?${q}`, { cookie: alice.cookie })).status]).toEqual([q, 400]);
  });
});
