import { randomUUID } from 'node:crypto';
import {
  LISTING_EXPIRED_MESSAGE,
  SAVED_LISTINGS_FULL_MESSAGE,
  SAVED_LISTINGS_MAX,
  SavedListingIdsResponseSchema,
  SavedListingSchema,
  SavedListingsMergeResponseSchema,
  SavedListingsPageSchema,
} from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { call, createListing, startListings } from './helpers.ts';

const h = harnessForFile(startListings);
let owner: { cookie: string; userId: string };

beforeAll(async () => {
  owner = await h.newSession();
});

const create = (overrides: Record<string, unknown> = {}) => createListing(h.base, owner.cookie, overrides);

const save = (cookie: string, listingId: unknown) => call(h.base, 'POST', '/api/saved-listings', { cookie, body: { listingId } });
const unsave = (cookie: string, listingId: string) => call(h.base, 'DELETE', `/api/saved-listings/${listingId}`, { cookie });
const merge = (cookie: string, listingIds: unknown) => call(h.base, 'POST', '/api/saved-listings/merge', { cookie, body: { listingIds } });
const ids = async (cookie: string) => SavedListingIdsResponseSchema.parse((await call(h.base, 'GET', '/api/saved-listings/ids', { cookie })).body).listingIds;
const savedPage = async (cookie: string, query = '') => {
  const res = await call(h.base, 'GET', `/api/saved-listings${query}`, { cookie });
  expect(res.status).toBe(200);
  return SavedListingsPageSchema.parse(res.body);
};
const listingsColl = () => h.conn.collection('listings');

describe('saved listings', () => {
  it('saves, lists, answers the ids and removes; saving again changes nothing', async () => {
    const user = await h.newSession();
    const a = await create();
    const b = await create();
    const first = await save(user.cookie, a.id);
    expect(first.status).toBe(201);
    const saved = SavedListingSchema.parse(first.body);
    expect(saved).toMatchObject({ userId: user.userId, listingId: a.id });
    const again = await save(user.cookie, a.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await save(user.cookie, b.id)).status).toBe(201);

    const page = await savedPage(user.cookie);
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.listingId)).toEqual([b.id, a.id]);
    expect(page.items[1]).toMatchObject({ state: 'available', listing: { id: a.id, title: a.title } });
    expect(await ids(user.cookie)).toEqual([b.id, a.id]);
    expect(await h.conn.collection('saved_listings').countDocuments({ userId: user.userId })).toBe(2);

    const removed = await unsave(user.cookie, a.id);
    expect(removed.status).toBe(200);
    expect(await ids(user.cookie)).toEqual([b.id]);
    expect((await unsave(user.cookie, a.id)).status).toBe(404);
  });

  it('pages are bounded and stable', async () => {
    const user = await h.newSession();
    const made = [await create(), await create(), await create()];
    for (const l of made) expect((await save(user.cookie, l.id)).status).toBe(201);
    const p1 = await savedPage(user.cookie, '?page=1&pageSize=2');
    const p2 = await savedPage(user.cookie, '?page=2&pageSize=2');
    expect(p1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect([...p1.items, ...p2.items].map((i) => i.listingId)).toEqual(made.map((l) => l.id).reverse());
    expect((await call(h.base, 'GET', '/api/saved-listings?pageSize=101', { cookie: user.cookie })).status).toBe(400);
    expect((await call(h.base, 'GET', '/api/saved-listings?limit=5', { cookie: user.cookie })).status).toBe(400);
  });

  it('two saves of one listing at once keep one', async () => {
    const user = await h.newSession();
    const l = await create();
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(user.cookie, l.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await h.conn.collection('saved_listings').countDocuments({ userId: user.userId, listingId: l.id })).toBe(1);
  });

  it('refuses bad input: anonymous 401, malformed ids 400, unknown listing 404, deleted 410', async () => {
    const user = await h.newSession();
    const l = await create();
    expect((await call(h.base, 'GET', '/api/saved-listings')).status).toBe(401);
    expect((await call(h.base, 'GET', '/api/saved-listings/ids')).status).toBe(401);
    expect((await call(h.base, 'POST', '/api/saved-listings', { body: { listingId: l.id } })).status).toBe(401);
    expect((await call(h.base, 'POST', '/api/saved-listings/merge', { body: { listingIds: [l.id] } })).status).toBe(401);
    expect((await call(h.base, 'DELETE', `/api/saved-listings/${l.id}`)).status).toBe(401);

    for (const bad of ['not-a-uuid', 42, null, '', { $ne: null }]) {
      const res = await save(user.cookie, bad);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await call(h.base, 'POST', '/api/saved-listings', { cookie: user.cookie, body: { listingId: l.id, userId: randomUUID() } })).status).toBe(400);
    expect((await call(h.base, 'POST', '/api/saved-listings', { cookie: user.cookie, body: [l.id] })).status).toBe(400);
    expect((await unsave(user.cookie, 'not-a-uuid')).status).toBe(400);
    expect((await merge(user.cookie, ['nope'])).status).toBe(400);
    expect((await merge(user.cookie, 'x')).status).toBe(400);
    expect((await merge(user.cookie, Array.from({ length: SAVED_LISTINGS_MAX + 1 }, () => randomUUID()))).status).toBe(400);

    const unknown = await save(user.cookie, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Listing not found');

    const doomed = await create();
    expect((await call(h.base, 'DELETE', `/api/listings/${doomed.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await save(user.cookie, doomed.id)).status).toBe(410);
    expect(await ids(user.cookie)).toEqual([]);
  });

  it("another user's save cannot be touched or seen", async () => {
    const alice = await h.newSession();
    const bob = await h.newSession();
    const l = await create();
    expect((await save(alice.cookie, l.id)).status).toBe(201);
    expect((await unsave(bob.cookie, l.id)).status).toBe(404);
    expect(await ids(alice.cookie)).toEqual([l.id]);
    expect(await ids(bob.cookie)).toEqual([]);
    expect((await savedPage(bob.cookie)).total).toBe(0);
    // Bob saving it too is his own save; removing his leaves Alice's.
    expect((await save(bob.cookie, l.id)).status).toBe(201);
    expect((await unsave(bob.cookie, l.id)).status).toBe(200);
    expect(await ids(alice.cookie)).toEqual([l.id]);
  });

  it('merges local saves: unknown and deleted ids skipped, already saved kept once, idempotent, in the given order', async () => {
    const user = await h.newSession();
    const [a, b, c] = [await create(), await create(), await create()];
    const gone = await create();
    expect((await call(h.base, 'DELETE', `/api/listings/${gone.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await save(user.cookie, c.id)).status).toBe(201);

    const res = await merge(user.cookie, [a.id, randomUUID(), b.id, c.id, gone.id, a.id]);
    expect(res.status).toBe(200);
    expect(SavedListingsMergeResponseSchema.parse(res.body)).toEqual({ merged: 2, skipped: 4, total: 3 });
    expect(await ids(user.cookie)).toEqual([a.id, b.id, c.id]);

    const again = await merge(user.cookie, [a.id, b.id]);
    expect(again.body).toEqual({ merged: 0, skipped: 2, total: 3 });
    expect(await h.conn.collection('saved_listings').countDocuments({ userId: user.userId })).toBe(3);
    expect((await merge(user.cookie, [])).body).toEqual({ merged: 0, skipped: 0, total: 3 });
  });

  it('shows what became of each saved listing: expired, done past its window, hidden by moderation, removed', async () => {
    const user = await h.newSession();
    const [fresh, expiring, sold, soldLongAgo, hidden, deleted] = [await create(), await create({ title: 'Expiring sofa set' }), await create(), await create(), await create(), await create()];
    const merged = await merge(user.cookie, [fresh, expiring, sold, soldLongAgo, hidden, deleted].map((l) => l.id));
    expect(merged.body).toMatchObject({ merged: 6 });

    const day = 24 * 60 * 60_000;
    await listingsColl().updateOne({ _id: expiring.id as never }, { $set: { expiresAt: new Date(Date.now() - 60_000) } });
    await listingsColl().updateOne({ _id: sold.id as never }, { $set: { status: 'sold', doneAt: new Date(Date.now() - 2 * day) } });
    await listingsColl().updateOne({ _id: soldLongAgo.id as never }, { $set: { status: 'sold', doneAt: new Date(Date.now() - 8 * day) } });
    await listingsColl().updateOne({ _id: hidden.id as never }, { $set: { hidden: true } });
    expect((await call(h.base, 'DELETE', `/api/listings/${deleted.id}`, { cookie: owner.cookie })).status).toBe(200);

    const page = await savedPage(user.cookie);
    const byId = new Map(page.items.map((i) => [i.listingId, i]));
    expect(byId.get(fresh.id)).toMatchObject({ state: 'available', listing: { id: fresh.id } });
    expect(byId.get(expiring.id)).toEqual(expect.objectContaining({ state: 'expired', title: 'Expiring sofa set' }));
    expect(byId.get(expiring.id)!.listing).toBeUndefined();
    expect(byId.get(sold.id)).toMatchObject({ state: 'available', listing: { status: 'sold' } });
    expect(byId.get(soldLongAgo.id)).toMatchObject({ state: 'expired' });
    expect(byId.get(hidden.id)).toEqual({ listingId: hidden.id, savedAt: expect.any(String), state: 'unavailable' });
    expect(byId.get(deleted.id)).toEqual({ listingId: deleted.id, savedAt: expect.any(String), state: 'removed' });

    // Such a save can be dropped; a new save of an expired listing is refused.
    for (const l of [expiring, hidden, deleted]) expect((await unsave(user.cookie, l.id)).status).toBe(200);
    expect((await savedPage(user.cookie)).total).toBe(3);
    const other = await h.newSession();
    const refused = await save(other.cookie, expiring.id);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toBe(LISTING_EXPIRED_MESSAGE);
    expect((await save(other.cookie, hidden.id)).status).toBe(404);
    expect((await merge(other.cookie, [hidden.id])).body).toMatchObject({ merged: 0, skipped: 1 });
  });

  it(`holds the cap of ${SAVED_LISTINGS_MAX}, also for saves at once and for a merge`, async () => {
    const user = await h.newSession();
    // The account already holds cap - 2 saves (of listings since removed: they still count).
    const now = Date.now();
    await h.conn.collection('saved_listings').insertMany(
      Array.from({ length: SAVED_LISTINGS_MAX - 2 }, (_, i) => ({ _id: randomUUID() as never, userId: user.userId, listingId: randomUUID(), createdAt: new Date(now - 60_000 - i) })),
    );
    const fresh = await Promise.all(Array.from({ length: 5 }, () => create()));
    const answers = await Promise.all(fresh.map((l) => save(user.cookie, l.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const full = answers.find((a) => a.status === 409)!;
    expect(full.body).toMatchObject({ error: SAVED_LISTINGS_FULL_MESSAGE, code: 'saved_listings_full' });
    expect(await h.conn.collection('saved_listings').countDocuments({ userId: user.userId })).toBe(SAVED_LISTINGS_MAX);
    expect((await ids(user.cookie)).length).toBe(SAVED_LISTINGS_MAX);

    // Full: a merge adds nothing; after one removal, it adds one.
    expect((await merge(user.cookie, fresh.map((l) => l.id))).body).toEqual({ merged: 0, skipped: 5, total: SAVED_LISTINGS_MAX });
    const savedOne = answers.findIndex((a) => a.status === 201);
    expect((await unsave(user.cookie, fresh[savedOne]!.id)).status).toBe(200);
    expect((await merge(user.cookie, fresh.map((l) => l.id))).body).toEqual({ merged: 1, skipped: 4, total: SAVED_LISTINGS_MAX });
  });

  it('has a unique (userId, listingId) index', async () => {
    const indexes = await h.conn.collection('saved_listings').indexes();
    expect(indexes.find((i) => i.name === 'user_listing')).toMatchObject({ key: { userId: 1, listingId: 1 }, unique: true });
  });
});
