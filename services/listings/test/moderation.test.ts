import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  ContentHidden,
  ContentRemoved,
  ContentRestored,
  ContentSnapshotSchema,
  ListingDeleted,
  ListingSchema,
  MODERATION_MESSAGES,
  UserBanned,
  UserUnbanned,
  type Listing,
} from '@cp/contracts';
import { ensureStream, outboxModel, publishEvent } from '@cp/service-kit';
import { moderationConsumer } from '../src/events/moderation.ts';
import { call, createListing, listingBody, startListings, until, type ListingsHarness } from './helpers.ts';

let h: ListingsHarness;
let consumer: { stop(): Promise<void> };
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  h = await startListings({ imageCleanup: true });
  // The moderation service's stream, made the way it makes it (whoever starts first).
  await ensureStream(h.nats.jsm, 'moderation');
  // A durable of its own: test files share the stream, never a consumer.
  consumer = await moderationConsumer.start(h.deps, h.nats, { durable: `listings-moderation-test-${randomUUID().slice(0, 8)}` });
  alice = await h.newSession();
  bob = await h.newSession();
});
afterAll(async () => {
  await consumer?.stop();
  await h?.close();
});

const create = (cookie: string, overrides: Record<string, unknown> = {}) => createListing(h.base, cookie, overrides);

const ref = (itemId: string, authorId: string | null, kind: 'listing' | 'forum-post' = 'listing') => ({ caseId: randomUUID(), kind, itemId, authorId });
const hide = (l: Listing) => publishEvent(h.nats.js, ContentHidden, ref(l.id, l.userId));
const restore = (l: Listing) => publishEvent(h.nats.js, ContentRestored, ref(l.id, l.userId));

const getOne = (id: string, cookie?: string) => call(h.base, 'GET', `/api/listings/${id}`, { cookie });
const fullList = async (cookie?: string) => (await call(h.base, 'GET', '/api/listings', { cookie })).body as unknown as Listing[];
/** My Listings (GET /api/listings/mine) of the session's user. The search service's pages apply moderation themselves (services/search). */
const mine = async (cookie: string) => (await call(h.base, 'GET', '/api/listings/mine?pageSize=100', { cookie })).body as { items: Listing[]; total: number };
const ids = (listings: Listing[]) => listings.map((l) => l.id);

describe('GET /internal/content/listing/:id', () => {
  it("answers the listing as moderation shows it: author, title, an excerpt of at most 500 characters, the site's path", async () => {
    const long = `${'A long description of the bicycle. '.repeat(40)}The end.`;
    const l = await create(alice.cookie, { title: 'Road bicycle, 54 cm frame', description: long });
    const res = await call(h.base, 'GET', `/internal/content/listing/${l.id}`);
    expect(res.status).toBe(200);
    const snap = ContentSnapshotSchema.parse(res.body);
    expect(snap).toMatchObject({ kind: 'listing', itemId: l.id, authorId: alice.userId, authorName: null, title: 'Road bicycle, 54 cm frame', path: `/listing/${l.id}`, createdAt: l.createdAt });
    expect(snap.excerpt.length).toBeLessThanOrEqual(500);
    expect(snap.excerpt.startsWith('A long description of the bicycle.')).toBe(true);
  });

  it('answers hidden listings too; 404 for an unknown, deleted or malformed id and for other kinds', async () => {
    const l = await create(alice.cookie);
    await hide(l);
    await until('hidden', async () => (await getOne(l.id)).status === 404);
    expect((await call(h.base, 'GET', `/internal/content/listing/${l.id}`)).status).toBe(200);
    expect((await call(h.base, 'GET', `/internal/content/forum-post/${l.id}`)).status).toBe(404);
    expect((await call(h.base, 'GET', `/internal/content/listing/${randomUUID()}`)).status).toBe(404);
    expect((await call(h.base, 'GET', '/internal/content/listing/not-an-id')).status).toBe(404);
    const gone = await create(alice.cookie);
    expect((await call(h.base, 'DELETE', `/api/listings/${gone.id}`, { cookie: alice.cookie })).status).toBe(200);
    expect((await call(h.base, 'GET', `/internal/content/listing/${gone.id}`)).status).toBe(404);
  });
});

describe('content hidden and restored', () => {
  it('a hidden listing is gone for everyone but its owner, who gets it marked under review; restored, it is back', async () => {
    const l = await create(alice.cookie, { title: 'Hidden study lamp', description: 'Brass study lamp with a green shade, works well.' });
    const before = await fullList();
    const beforeOwn = await fullList(alice.cookie);
    await hide(l);
    await until('hidden', async () => (await getOne(l.id)).status === 404);

    // Others: gone from the detail (404, like a listing that never was) and the full list.
    expect((await getOne(l.id)).body).toEqual({ error: 'Listing not found', requestId: expect.any(String) });
    expect((await getOne(l.id, bob.cookie)).status).toBe(404);
    expect(ids(await fullList())).not.toContain(l.id);
    expect(ids(await fullList(bob.cookie))).not.toContain(l.id);
    expect((await fullList()).length).toBe(before.length - 1);
    expect(ids((await mine(bob.cookie)).items)).not.toContain(l.id);

    // Its owner: the detail, the full list and My Listings, marked.
    const own = await getOne(l.id, alice.cookie);
    expect(own.status).toBe(200);
    expect(ListingSchema.parse(own.body)).toEqual({ ...l, moderation: 'under-review' });
    const ownFull = await fullList(alice.cookie);
    expect(ownFull.find((x) => x.id === l.id)?.moderation).toBe('under-review');
    // Merged into the public list in its order: newest first.
    expect(ownFull.map((x) => x.createdAt)).toEqual(ownFull.map((x) => x.createdAt).sort().reverse());
    expect(ownFull.length).toBe((await fullList()).length + 2); // this one and the one hidden above
    expect((await mine(alice.cookie)).items.find((x) => x.id === l.id)?.moderation).toBe('under-review');
    expect((await fullList(alice.cookie)).length).toBe(beforeOwn.length);
    // Still theirs to edit and delete.
    expect((await call(h.base, 'PUT', `/api/listings/${l.id}`, { cookie: alice.cookie, body: { price: 30 } })).status).toBe(200);

    await restore(l);
    await until('restored', async () => (await getOne(l.id)).status === 200);
    expect((await getOne(l.id)).body).not.toHaveProperty('moderation');
    expect((await getOne(l.id, alice.cookie)).body).not.toHaveProperty('moderation');
    expect(ids(await fullList())).toContain(l.id);
    expect((await fullList()).length).toBe(before.length);
    expect(ids(await fullList()).filter((id) => id === l.id)).toEqual([l.id]);
  });

  it('ignores the hiding of other kinds of content (a forum post with the same id)', async () => {
    const l = await create(alice.cookie);
    const marker = await create(alice.cookie);
    await publishEvent(h.nats.js, ContentHidden, ref(l.id, alice.userId, 'forum-post'));
    // Events of one type come in stream order: once the later one is applied, the first was handled.
    await hide(marker);
    await until('the later event applied', async () => (await getOne(marker.id)).status === 404);
    expect((await getOne(l.id)).status).toBe(200);
  });

  it('applies a hiding twice (two events) as once, and a hiding of a missing listing as nothing', async () => {
    const l = await create(alice.cookie);
    await publishEvent(h.nats.js, ContentHidden, ref(randomUUID(), null));
    await hide(l);
    await hide(l);
    await until('hidden', async () => (await getOne(l.id)).status === 404);
    await restore(l);
    await until('restored', async () => (await getOne(l.id)).status === 200);
  });
});

describe('content removed', () => {
  it('deletes the listing through the delete path: 410 from then on, listing-deleted, its images removed', async () => {
    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a0a' } }).png().toBuffer();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const upload = (await (await fetch(`${h.base}/api/upload`, { method: 'POST', body: form, headers: { cookie: alice.cookie } })).json()) as { url: string };
    const l = await create(alice.cookie, { imageUrls: [upload.url] });

    await publishEvent(h.nats.js, ContentRemoved, { ...ref(l.id, alice.userId), title: l.title, path: `/listing/${l.id}`, reason: 'scam', note: null });
    await until('removed', async () => (await getOne(l.id, alice.cookie)).status === 410);
    expect(await h.deps.tombstones.find(l.id)).not.toBeNull();
    const deleted = await outboxModel(h.conn).find({ type: ListingDeleted.type, 'data.listingId': l.id }).lean();
    expect(deleted.map((e) => e.data)).toEqual([{ listingId: l.id, userId: alice.userId, imageUrls: [upload.url] }]);
    await until('its image removed', async () => (await fetch(h.base + upload.url).then(async (r) => (await r.arrayBuffer(), r.status))) === 404);

    // Removed again (a second decision): nothing more is written.
    await publishEvent(h.nats.js, ContentRemoved, { ...ref(l.id, alice.userId), title: l.title, path: `/listing/${l.id}`, reason: 'scam', note: null });
    const marker = await create(alice.cookie);
    await publishEvent(h.nats.js, ContentRemoved, { ...ref(marker.id, alice.userId), title: marker.title, path: `/listing/${marker.id}`, reason: 'spam', note: null });
    await until('the later removal applied', async () => (await getOne(marker.id)).status === 410);
    expect(await outboxModel(h.conn).countDocuments({ type: ListingDeleted.type, 'data.listingId': l.id })).toBe(1);
  });
});

describe('user banned and unbanned', () => {
  it("hides every listing of the banned user and brings them back on unban; a listing hidden for reports stays hidden", async () => {
    const carol = await h.newSession();
    const [a, b, reported] = [await create(carol.cookie), await create(carol.cookie), await create(carol.cookie)];
    const others = await create(bob.cookie);
    await hide(reported);
    await until('reported hidden', async () => (await getOne(reported.id)).status === 404);

    await publishEvent(h.nats.js, UserBanned, { userId: carol.userId, actorId: randomUUID(), reason: 'Spam' });
    await until('banned', async () => (await getOne(a.id)).status === 404 && (await getOne(b.id)).status === 404);
    const all = ids(await fullList());
    expect(all).not.toContain(a.id);
    expect(all).not.toContain(b.id);
    expect((await fullList()).filter((x) => x.userId === carol.userId)).toEqual([]);
    expect((await getOne(others.id)).status).toBe(200);

    await publishEvent(h.nats.js, UserUnbanned, { userId: carol.userId, actorId: randomUUID() });
    await until('unbanned', async () => (await getOne(a.id)).status === 200 && (await getOne(b.id)).status === 200);
    expect(ids((await fullList()).filter((x) => x.userId === carol.userId)).sort()).toEqual([a.id, b.id].sort());
    expect((await getOne(reported.id)).status).toBe(404);
  });
});

describe('the same listing posted again (issue 21 §5)', () => {
  const body = { title: 'Dining table with six chairs', description: 'Solid oak dining table with six chairs, seats eight when extended.' };

  it('answers 409 to the same user posting the same title and description within 24 hours (trimmed, any case and spacing)', async () => {
    const dan = await h.newSession();
    await create(dan.cookie, body);
    const again = await call(h.base, 'POST', '/api/listings', {
      cookie: dan.cookie,
      body: listingBody({ title: '  DINING table  with six chairs ', description: 'Solid oak dining table with six chairs,\n seats eight   when extended.', price: 999 }),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MODERATION_MESSAGES.duplicateListing);
    // Another user, or another description: not a duplicate.
    await create(bob.cookie, body);
    await create(dan.cookie, { ...body, description: `${body.description} Delivery possible.` });
  });

  it('lets the same listing be posted again once 24 hours have passed', async () => {
    const erin = await h.newSession();
    await create(erin.cookie, body);
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 24 * 3_600_000 + 60_000);
    try {
      await create(erin.cookie, body);
    } finally {
      h.deps.now = realNow;
    }
  });

  it('lets exactly one of identical posts sent at once through', async () => {
    const fay = await h.newSession();
    // Several rounds of four at once (a race that lets two through shows in one of them).
    for (let round = 0; round < 5; round++) {
      const same = { ...body, title: `${body.title}, round ${round}` };
      const all = await Promise.all([0, 1, 2, 3].map(() => call(h.base, 'POST', '/api/listings', { cookie: fay.cookie, body: listingBody(same) })));
      expect(all.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    }
  });
});
