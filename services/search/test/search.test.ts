import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SearchListingsPageSchema, SearchResponseSchema, SuggestResponseSchema, type EventDefinition, type Listing } from '@cp/contracts';
import { ListingCreated, ListingUpdated } from '@cp/contracts';
import { SearchIndex } from '../src/data/search-index.ts';
import type { SnapshotStore } from '../src/data/snapshots.ts';
import { startIndexFeed } from '../src/events/index-feed.ts';
import { seededRandom } from '../../../infra/src/seeded-random.ts';
import { clientModePage } from './client-mode.ts';
import { call, listingBody, searchForFile, startSearchReplica, testSnapshotStore, until, type SearchReplica } from './helpers.ts';

/**
 * The search service on the real stream: listings created, edited and deleted through the listings service reach it
 * through NATS; its listings page equals client mode's over the full list for the same query; a replica started later
 * catches up; hostile queries never get a 5xx.
 */
const env = searchForFile();

const get = async (base: string, path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const seen = (replica: SearchReplica, id: string) => replica.deps.index.listings.get(id) !== undefined;

describe('listings through the stream', () => {
  const bodies = [
    listingBody({ title: 'Mountain bike for sale', description: 'Barely used, 21 gears and a new helmet included.', price: 120, location: 'Mechanicsburg PA' }),
    listingBody({ title: 'Sofa and coffee table', description: 'Three seater sofa, pick up only in Harrisburg.', price: 49, location: 'Harrisburg PA', category: 'Buy & Sell' }),
    listingBody({ title: 'Math tutor for grades 6 to 10', description: 'Algebra and geometry, evenings and weekends by bike.', location: 'Carlisle PA', category: 'Services', price: undefined }),
    listingBody({ title: 'Room for rent near the temple', description: 'Furnished room, utilities included, biking distance.', price: 650, location: 'Camp Hill PA', category: 'Home Rentals' }),
    listingBody({ title: 'Diwali sweets by order', description: 'Kaju katli and ladoo, ordered by the box.', price: 1000, location: 'Enola PA', category: 'Services' }),
  ];
  const ids: string[] = [];

  beforeAll(async () => {
    for (const body of bodies) {
      const res = await call(env.listings.base, 'POST', '/api/listings', { cookie: env.owner.cookie, body });
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    await until('search has the new listings', async () => ids.every((id) => seen(env.search, id)));
  });

  it.each([
    ['everything of the owner', ''],
    ['search inside a word, any case', 'search=IKE'],
    ['search in the description', 'search=helmet'],
    ['location by substring', 'location=burg'],
    ['a price bucket (no price passes)', 'priceRange=under-50'],
    ['$1,000+', 'priceRange=1000-plus'],
    ['category and search', 'category=Services&search=by'],
    ['price order', 'sort=price-asc'],
    ['price order descending', 'sort=price-desc'],
    ['oldest first, second page', 'sort=oldest&page=2&pageSize=2'],
    ['empty parameters do not filter', 'search=&location='],
  ])('answers as client mode over the full list: %s', async (_what, query) => {
    const q = `userId=${env.owner.userId}${query ? `&${query}` : ''}`;
    const reference = clientModePage((await call(env.listings.base, 'GET', '/api/listings')).body as unknown as Listing[], new URLSearchParams(q));
    const answer = await get(env.search.base, `/api/search/listings?${q}`);
    expect(answer.status).toBe(200);
    const parsed = SearchListingsPageSchema.parse(answer.body);
    expect({ items: parsed.items, total: parsed.total, page: parsed.page, pageSize: parsed.pageSize }).toEqual(reference);
  });

  it('counts the facets with the other filters applied', async () => {
    const answer = SearchListingsPageSchema.parse((await get(env.search.base, `/api/search/listings?userId=${env.owner.userId}&priceRange=under-50`)).body);
    // Under $50: the sofa (49) and the tutor (no price); each bucket counts the tutor.
    expect(answer.total).toBe(2);
    expect(answer.facets.priceRange).toEqual({ 'under-50': 2, '50-100': 1, '100-500': 2, '500-1000': 2, '1000-plus': 2 });
    expect(answer.facets.category).toMatchObject({ 'Buy & Sell': 1, Services: 1, 'Home Rentals': 0 });
    expect(answer.facets.location).toMatchObject({ 'Harrisburg PA': 1, 'Carlisle PA': 1, 'Enola PA': 0 });
  });

  it('shows an edit and a delete', async () => {
    const id = ids[0]!;
    expect((await call(env.listings.base, 'PUT', `/api/listings/${id}`, { cookie: env.owner.cookie, body: { title: 'Road bicycle for sale' } })).status).toBe(200);
    await until('search has the edit', async () => env.search.deps.index.listings.get(id)?.title === 'Road bicycle for sale');
    const words = SearchResponseSchema.parse((await get(env.search.base, '/api/search?q=bicycle&type=listing')).body);
    expect(words.items.map((h) => h.id)).toContain(id);
    expect((await call(env.listings.base, 'DELETE', `/api/listings/${id}`, { cookie: env.owner.cookie })).status).toBe(200);
    await until('search has the delete', async () => !seen(env.search, id));
    const after = SearchListingsPageSchema.parse((await get(env.search.base, `/api/search/listings?userId=${env.owner.userId}`)).body);
    expect(after.items.map((l) => l.id)).not.toContain(id);
  });

  it('suggests with typos and word starts, with the site path of each hit', async () => {
    const answer = SuggestResponseSchema.parse((await get(env.search.base, '/api/search/suggest?q=ladooo%20kaj&limit=3')).body);
    expect(answer.items[0]).toEqual({ type: 'listing', id: ids[4], title: 'Diwali sweets by order', snippet: 'Kaju katli and ladoo, ordered by the box.', url: `/listing/${ids[4]}` });
  });

  it('suggests from 2 characters: one is refused with a JSON error, as the header never asks it', async () => {
    const one = await get(env.search.base, '/api/search/suggest?q=%20k%20');
    expect(one.status).toBe(400);
    expect(JSON.stringify(one.body)).toContain('Type at least 2 characters');
    const two = SuggestResponseSchema.parse((await get(env.search.base, '/api/search/suggest?q=ka')).body);
    expect(two.items.map((h) => h.id)).toContain(ids[4]);
  });

  it('pages the site search with every match counted', async () => {
    const all = SearchResponseSchema.parse((await get(env.search.base, '/api/search?q=by&pageSize=50')).body);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const second = SearchResponseSchema.parse((await get(env.search.base, '/api/search?q=by&page=2&pageSize=1')).body);
    expect(second).toEqual({ items: all.items.slice(1, 2), total: all.total, page: 2, pageSize: 1, counts: all.counts });
  });

  it('a replica started late catches up from the stream before it says it is ready', async () => {
    const late = await startSearchReplica(env.listings);
    try {
      await late.feed.caughtUp;
      const ready = await get(late.base, '/readyz');
      expect(ready.status).toBe(200);
      // No MongoDB check: search holds no data there, so a MongoDB outage must not take it out of rotation.
      expect((ready.body.checks as Array<{ name: string }>).map((c) => c.name)).toEqual(['index']);
      for (const id of ids.slice(1)) expect(late.deps.index.listings.get(id)).toEqual(env.search.deps.index.listings.get(id));
      expect(seen(late, ids[0]!)).toBe(false);
    } finally {
      await late.close();
    }
  });
});

describe('a replica from a snapshot', () => {
  const create = async (title: string) => {
    const res = await call(env.listings.base, 'POST', '/api/listings', { cookie: env.owner.cookie, body: listingBody({ title, description: 'Kept in a snapshot, then gone from the stream.' }) });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it('starts from the newest snapshot plus the events after it, with every document though the stream lost the old events', async () => {
    const store = testSnapshotStore();
    const first = await startSearchReplica(env.listings, store);
    try {
      await first.feed.caughtUp;
      const before = await Promise.all(['Snapshot lamp one', 'Snapshot lamp two'].map(create));
      await until('the first replica has them', async () => before.every((id) => seen(first, id)));
      expect(await first.snapshotter!.saveNow()).toBe(true);
      const covered = first.feed.applied();
      // The stream loses the events the snapshot covers (as its retention would): every event of these listings.
      const stream = 'EVENTS_LISTINGS';
      const { state } = await env.listings.nats.jsm.streams.info(stream);
      for (let seq = state.first_seq; seq <= covered[stream]!; seq += 1) {
        const m = await env.listings.nats.jsm.streams.getMessage(stream, { seq }).catch(() => null);
        if (m && [ListingCreated.subject, ListingUpdated.subject].includes(m.subject) && before.includes((m.json() as { data: { listingId: string } }).data.listingId)) {
          await env.listings.nats.jsm.streams.deleteMessage(stream, seq);
        }
      }
      const after = await create('Snapshot lamp three');

      const fromScratch = await startSearchReplica(env.listings);
      const late = await startSearchReplica(env.listings, store);
      try {
        await Promise.all([fromScratch.feed.caughtUp, late.feed.caughtUp]);
        await until('the late replica has the listing created after the snapshot', async () => seen(late, after));
        // Without the snapshot the lost events are lost; with it, every listing is there, as the first replica has it.
        expect(before.map((id) => seen(fromScratch, id))).toEqual([false, false]);
        for (const id of before) expect(late.deps.index.listings.get(id)).toEqual(first.deps.index.listings.get(id));
        expect([...before, after].map((id) => seen(late, id))).toEqual([true, true, true]);
        expect(late.deps.index.words.search('snapshot lamp').hits).toHaveLength(3);
      } finally {
        await Promise.all([fromScratch.close(), late.close()]);
      }
    } finally {
      await first.close();
    }
  });
});

describe('a snapshot newer than its stream', () => {
  /** A snapshot holding only a listing the streams never had, at `seq` of the listings' stream, taken at `takenAt`. */
  const ghostSnapshot = async (seq: number, takenAt?: string) => {
    const now = new Date().toISOString();
    const ghost: Listing = { id: randomUUID(), userId: randomUUID(), category: 'Buy & Sell', title: 'Ghost of a lost stream', description: 'Only in the snapshot.', location: 'Enola PA', imageUrls: [], tier: 'free', status: 'active', createdAt: now, updatedAt: now };
    const index = new SearchIndex();
    index.putListing(ghost);
    const store = testSnapshotStore();
    await store.save({ ...index.snapshot({ EVENTS_LISTINGS: seq }), ...(takenAt ? { takenAt } : {}) });
    return { store, ghost };
  };
  const expectFromTheStreams = async (store: SnapshotStore, ghost: { id: string }) => {
    const replica = await startSearchReplica(env.listings, store);
    try {
      await replica.feed.caughtUp;
      expect((await fetch(`${replica.base}/readyz`)).status).toBe(200);
      // Built from the streams' start: every listing the stream has, and not the snapshot's.
      expect(seen(replica, ghost.id)).toBe(false);
      const fromScratch = await startSearchReplica(env.listings);
      try {
        await fromScratch.feed.caughtUp;
        expect([...replica.deps.index.listings.all()].map((l) => l.id).sort()).toEqual([...fromScratch.deps.index.listings.all()].map((l) => l.id).sort());
      } finally {
        await fromScratch.close();
      }
    } finally {
      await replica.close();
    }
  };

  it("is discarded when it claims a sequence past the stream's last one (the stream recreated, or its storage lost)", async () => {
    const { state } = await env.listings.nats.jsm.streams.info('EVENTS_LISTINGS');
    const { store, ghost } = await ghostSnapshot(state.last_seq + 1_000);
    await expectFromTheStreams(store, ghost);
  });

  it('is discarded when the stream was created after it was taken, though its sequence is within the stream', async () => {
    expect((await call(env.listings.base, 'POST', '/api/listings', { cookie: env.owner.cookie, body: listingBody({ title: 'A listing, so the stream has a sequence 1' }) })).status).toBe(201);
    const info = await env.listings.nats.jsm.streams.info('EVENTS_LISTINGS');
    const { store, ghost } = await ghostSnapshot(1, new Date(Date.parse(info.created) - 60_000).toISOString());
    await expectFromTheStreams(store, ghost);
  });
});

describe('a feed that ends without stop()', () => {
  it('says so: the replica turns unready and `ended` gives the reason (main throws it: the process guard restarts the replica)', async () => {
    const domain = `searchfeed${randomUUID().slice(0, 8)}`;
    const Thing: EventDefinition = { type: `${domain}.thing`, version: 1, data: z.object({}), subject: `events.${domain}.thing`, domain };
    const feed = await startIndexFeed({ nats: env.listings.nats, index: new SearchIndex(), logger: env.listings.deps.logger, feeds: { [domain]: [Thing] }, pullExpiresMs: 2_000 });
    try {
      await feed.caughtUp;
      await expect(feed.readiness.check()).resolves.toBeUndefined();
      await env.listings.nats.jsm.streams.delete(`EVENTS_${domain.toUpperCase()}`);
      const reason = await feed.ended;
      expect(reason.message).toMatch(/the stream EVENTS_SEARCHFEED\w+ is gone/);
      await expect(feed.readiness.check()).rejects.toThrow(/no longer follows/);
    } finally {
      await feed.stop();
    }
  });
});

describe("an author's own listing", () => {
  it('appears in search once created, and its edit once edited (polled: the bench prints the delay)', async () => {
    const res = await call(env.listings.base, 'POST', '/api/listings', { cookie: env.owner.cookie, body: listingBody({ title: 'Brass diya set, hand polished' }) });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const found = async (q: string) => SearchListingsPageSchema.parse((await get(env.search.base, `/api/search/listings?search=${encodeURIComponent(q)}&userId=${env.owner.userId}`)).body).items.map((l) => l.id);
    await until('search answers the new listing', async () => (await found('diya set')).includes(id));
    expect((await call(env.listings.base, 'PUT', `/api/listings/${id}`, { cookie: env.owner.cookie, body: { title: 'Copper diya set, hand polished' } })).status).toBe(200);
    await until('search answers the edit', async () => (await found('copper diya')).includes(id));
    expect(await found('brass diya')).toEqual([]);
  });
});

describe('hostile queries', () => {
  /** The project's seeded generator, so a failure replays (FUZZ_SEED picks another run). */
  const rnd = seededRandom(Number(process.env.FUZZ_SEED ?? 20260101));
  const pieces = ['', 'a', '%00', '%0A', '%FF', '%E2%80%AE', '[$ne]=1', '[]=', '__proto__', 'constructor', '🙂', 'x'.repeat(101), 'x'.repeat(5000), '-1', '0', '1e9', 'NaN', '%25', '&', '=', 'price-asc', 'under-50', 'listing', '%22%7D'];
  const keys = ['q', 'search', 'location', 'category', 'priceRange', 'tier', 'userId', 'sort', 'page', 'pageSize', 'limit', 'type', 'q[$gt]', 'unknown'];
  const draw = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;

  it('answers every request without a 5xx, every error as JSON with error', async () => {
    const paths = ['/api/search/listings', '/api/search/suggest', '/api/search'];
    for (let i = 0; i < 600; i += 1) {
      const params = Array.from({ length: Math.floor(rnd() * 4) }, () => `${draw(keys)}=${draw(pieces)}${draw(pieces)}`).join('&');
      const path = `${draw(paths)}${params ? `?${params}` : ''}`;
      const res = await fetch(env.search.base + path);
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${res.status} for ${path}: ${text}`);
      if (res.status >= 400) expect({ path, error: typeof (JSON.parse(text) as { error?: unknown }).error }).toEqual({ path, error: 'string' });
    }
    expect((await fetch(`${env.search.base}/readyz`)).status).toBe(200);
  });
});
