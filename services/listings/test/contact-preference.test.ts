import { randomUUID } from 'node:crypto';
import type { Listing } from '@cp/contracts';
import { outboxModel } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { call, createListing, listingBody, startListings, until } from './helpers.ts';

/**
 * Issue 23 §2: a 'messages-only' listing's phone and e-mail reach its owner only — on every read path of the service
 * (the listing, every list and filter, My Listings, saved listings, moderation's snapshot) and never in an event (the
 * search service's documents are the events' listings).
 */
const h = harnessForFile(startListings);
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  owner = await h.newSession();
  other = await h.newSession();
  admin = await h.newAdminSession();
});

/** A phone and an e-mail no other listing has, so finding them anywhere is this listing's leak. */
function contacts() {
  const n = String(Math.floor(Math.random() * 9000) + 1000);
  return { contactPhone: `717-555-${n}`, contactEmail: `hidden-${randomUUID().slice(0, 8)}@example.com` };
}

const create = (body: Record<string, unknown>) => createListing(h.base, owner.cookie, body);

const leaks = (body: unknown, c: { contactPhone: string; contactEmail: string }) => {
  const text = JSON.stringify(body);
  return text.includes(c.contactPhone) || text.includes(c.contactEmail);
};

/** Every public read path, as one reader (cookie undefined: signed out). */
async function readPaths(listing: Listing, cookie: string | undefined): Promise<Array<[string, unknown]>> {
  const get = async (path: string) => {
    const res = await call(h.base, 'GET', path, { cookie });
    expect(res.status).toBe(200);
    return [path, res.body] as [string, unknown];
  };
  const out = await Promise.all([
    get(`/api/listings/${listing.id}`),
    get('/api/listings'),
  ]);
  // The owner's My Listings (their own reads keep the contacts; the search service's pages: services/search).
  if (cookie === owner.cookie) out.push(await get('/api/listings/mine?pageSize=100'));
  // Each list holds the listing (else "not leaked" would prove nothing).
  for (const [path, body] of out.slice(1)) {
    const items = (Array.isArray(body) ? body : (body as { items: Listing[] }).items) as Listing[];
    expect([path, items.some((l) => l.id === listing.id)]).toEqual([path, true]);
  }
  return out;
}

describe('contact preference (issue 23 §2)', () => {
  it('defaults to show, refuses an unknown value and keeps the choice', async () => {
    const shown = await create({});
    expect(shown.contactPreference).toBe('show');
    const bad = await call(h.base, 'POST', '/api/listings', { cookie: owner.cookie, body: listingBody({ contactPreference: 'nobody' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please choose how buyers contact you');
    const hidden = await create({ contactPreference: 'messages-only' });
    expect(hidden.contactPreference).toBe('messages-only');
  });

  it("gives a messages-only listing's phone and e-mail to its owner only, on every read path", async () => {
    const c = contacts();
    const listing = await create({ ...c, contactPreference: 'messages-only', tier: 'gold', price: 120, title: `Hidden phone ${randomUUID().slice(0, 6)}` });
    // The owner's own answer (create) and every read of theirs carry them.
    expect(listing).toMatchObject(c);
    for (const [path, body] of await readPaths(listing, owner.cookie)) expect([path, leaks(body, c)]).toEqual([path, true]);
    // Signed out, another user, an admin: none of them.
    for (const reader of [undefined, other.cookie, admin.cookie]) {
      for (const [path, body] of await readPaths(listing, reader)) expect([path, leaks(body, c)]).toEqual([path, false]);
    }
    const publicView = (await call(h.base, 'GET', `/api/listings/${listing.id}`)).body as Listing;
    expect(publicView.contactPreference).toBe('messages-only');
    expect(publicView).not.toHaveProperty('contactPhone');
    expect(publicView).not.toHaveProperty('contactEmail');
    expect(publicView.title).toBe(listing.title);

    // Another user's saved listings.
    expect((await call(h.base, 'POST', '/api/saved-listings', { cookie: other.cookie, body: { listingId: listing.id } })).status).toBe(201);
    const saved = await call(h.base, 'GET', '/api/saved-listings', { cookie: other.cookie });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).toContain(listing.id);
    expect(leaks(saved.body, c)).toBe(false);

    // Moderation's snapshot (internal, read by admins' tools).
    const snapshot = await call(h.base, 'GET', `/internal/content/listing/${listing.id}`);
    expect(snapshot.status).toBe(200);
    expect(leaks(snapshot.body, c)).toBe(false);
  });

  it('still shows the phone and e-mail of a show listing to everyone', async () => {
    const c = contacts();
    const listing = await create({ ...c, tier: 'gold', price: 120, title: `Shown phone ${randomUUID().slice(0, 6)}` });
    for (const reader of [undefined, other.cookie]) {
      for (const [path, body] of await readPaths(listing, reader)) expect([path, leaks(body, c)]).toEqual([path, true]);
    }
    expect((await call(h.base, 'GET', `/api/listings/${listing.id}`)).body).toMatchObject({ ...c, contactPreference: 'show' });
  });

  it('a listing stored before the choice keeps showing its contacts', async () => {
    const c = contacts();
    const listing = await create({ ...c });
    await h.deps.listings.model.collection.updateOne({ _id: listing.id } as never, { $unset: { contactPreference: 1 } });
    const read = (await call(h.base, 'GET', `/api/listings/${listing.id}`, { cookie: other.cookie })).body as Listing;
    expect(read).toMatchObject(c);
    expect(read).not.toHaveProperty('contactPreference');
    // The edit form sends 'show' back: nothing changed, nothing written.
    const same = await call(h.base, 'PUT', `/api/listings/${listing.id}`, { cookie: owner.cookie, body: { contactPreference: 'show' } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(read);
  });

  it('an edit hides and shows them again; no event ever carries hidden ones', async () => {
    const c = contacts();
    const listing = await create({ ...c });
    const hide = await call(h.base, 'PUT', `/api/listings/${listing.id}`, { cookie: owner.cookie, body: { contactPreference: 'messages-only' } });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ ...c, contactPreference: 'messages-only' }); // the owner keeps them
    expect(leaks((await call(h.base, 'GET', `/api/listings/${listing.id}`)).body, c)).toBe(false);
    // Lifecycle changes of the hidden listing: their events carry the listing too.
    expect((await call(h.base, 'POST', `/api/listings/${listing.id}/renew`, { cookie: owner.cookie })).status).toBe(200);
    expect((await call(h.base, 'POST', `/api/listings/${listing.id}/done`, { cookie: owner.cookie, body: { status: 'sold' } })).status).toBe(200);
    const outbox = outboxModel(h.conn);
    await until('the outbox has the four events', async () => (await outbox.countDocuments({ 'data.listingId': listing.id })) === 4);
    const events = await outbox.find({ 'data.listingId': listing.id }).sort({ _id: 1 }).lean();
    const byType = (type: string) => events.filter((e) => e.type === type);
    // The create (shown then): its event had them, as the API showed everyone.
    expect(leaks(byType('listings.listing-created'), c)).toBe(true);
    const afterHiding = events.filter((e) => e.type !== 'listings.listing-created');
    expect(afterHiding.map((e) => e.type).sort()).toEqual(['listings.listing-renewed', 'listings.listing-updated', 'listings.listing-updated']);
    for (const e of afterHiding) {
      expect(leaks(e.data, c)).toBe(false);
      expect((e.data as { listing: Listing }).listing.contactPreference).toBe('messages-only');
    }
    expect(byType('listings.listing-updated').map((e) => (e.data as { changed: string[] }).changed).sort()).toEqual([['contactPreference'], ['status']]);

    // Shown again: everyone gets them, and so does the event.
    const show = await call(h.base, 'PUT', `/api/listings/${listing.id}`, { cookie: owner.cookie, body: { contactPreference: 'show' } });
    expect(show.status).toBe(200);
    expect((await call(h.base, 'GET', `/api/listings/${listing.id}`)).body).toMatchObject(c);
    await until('the fifth event', async () => (await outbox.countDocuments({ 'data.listingId': listing.id })) === 5);
    const last = (await outbox.find({ 'data.listingId': listing.id }).sort({ _id: 1 }).lean()).find((e) => !events.some((x) => x._id === e._id))!;
    expect(leaks(last.data, c)).toBe(true);
  });

  it('a new messages-only listing: its created event has no contacts', async () => {
    const c = contacts();
    const listing = await create({ ...c, contactPreference: 'messages-only' });
    const outbox = outboxModel(h.conn);
    await until('the created event', async () => (await outbox.countDocuments({ 'data.listingId': listing.id })) === 1);
    const [event] = await outbox.find({ 'data.listingId': listing.id }).lean();
    expect((event!.data as { listing: Listing }).listing).toMatchObject({ id: listing.id, contactPreference: 'messages-only' });
    expect(leaks(event!.data, c)).toBe(false);
  });
});
