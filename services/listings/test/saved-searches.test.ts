import { randomBytes, randomUUID } from 'node:crypto';
import {
  ListingCreated,
  ListingRenewed,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_PER_USER_MAX,
  SavedSearchListSchema,
  SavedSearchMatched,
  SavedSearchSchema,
  type Listing,
  type SavedSearch,
} from '@cp/contracts';
import { createSignedLinks, outboxModel, publishEvent } from '@cp/service-kit';
import { z } from 'zod';
import { savedSearchAlertsConsumer } from '../src/events/saved-search-alerts.ts';
import { listingAlertKeys, savedSearchKeys } from '../src/use-cases/alert-keys.ts';
import { savedSearchesMatching } from '../src/use-cases/match-saved-searches.ts';
import { call, listingBody, startListings, until, type ListingsHarness } from './helpers.ts';

const KEY = randomBytes(32).toString('base64url');
let h: ListingsHarness;
const consumers: Array<{ stop(): Promise<void> }> = [];
const durables = [`saved-search-alerts-test-${randomUUID().slice(0, 8)}`, `saved-search-alerts-test-${randomUUID().slice(0, 8)}`];
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let carol: { cookie: string; userId: string };

beforeAll(async () => {
  h = await startListings({ linkSigningKey: KEY });
  // Two consumers of their own (test files share the stream, never a consumer), as if a second durable or a replay
  // met every event again: the delivery records still give one alert per (saved search, listing).
  for (const durable of durables) consumers.push(await savedSearchAlertsConsumer.start(h.deps, h.nats, { durable }));
  alice = await h.newSession();
  bob = await h.newSession();
  carol = await h.newSession();
});
afterAll(async () => {
  for (const c of consumers) await c.stop();
  await h?.close();
});

const save = (cookie: string, body: unknown) => call(h.base, 'POST', '/api/saved-searches', { cookie, body });
async function saved(cookie: string, body: Record<string, unknown>): Promise<SavedSearch> {
  const res = await save(cookie, body);
  expect(res.status).toBe(201);
  return SavedSearchSchema.parse(res.body);
}
async function post(cookie: string, overrides: Record<string, unknown> = {}): Promise<Listing> {
  const res = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody(overrides) });
  expect(res.status).toBe(201);
  return res.body as unknown as Listing;
}

type Matched = z.output<(typeof SavedSearchMatched)['data']>;
/** The alerts the service emitted (its outbox) for a listing. */
async function alertsFor(listingId: string): Promise<Matched[]> {
  const docs = await outboxModel(h.conn).find({ type: SavedSearchMatched.type, 'data.listing.listingId': listingId }).lean().exec();
  return docs.map((d) => SavedSearchMatched.data.parse(d.data));
}
/** Both test consumers recorded the listing's created event as handled: every alert it gives is in the outbox. */
async function handled(listingId: string, type: string = ListingCreated.type): Promise<void> {
  const event = await outboxModel(h.conn).findOne({ type, 'data.listingId': listingId }).lean().exec();
  expect(event).not.toBeNull();
  await handledEvent(event!._id);
}
async function handledEvent(eventId: string): Promise<void> {
  await until('both consumers handled the event', async () => (await h.conn.collection('processed_events').countDocuments({ eventId, consumer: { $in: durables } })) === durables.length);
}

describe('saved searches: CRUD', () => {
  it('saves the /listings filters, named, and lists them newest first; the other fields are the service’s', async () => {
    const user = await h.newSession();
    const a = await saved(user.cookie, { name: '  Rooms in Mechanicsburg  ', filters: { category: 'Home Rentals', location: 'Mechanicsburg', priceRange: '500-1000' }, frequency: 'daily' });
    expect(a).toMatchObject({ name: 'Rooms in Mechanicsburg', filters: { category: 'Home Rentals', location: 'Mechanicsburg', priceRange: '500-1000' }, frequency: 'daily', paused: false });
    const b = await saved(user.cookie, { name: 'Sofas', filters: { search: 'sofa in pittsburgh', location: '' } });
    expect(b.frequency).toBe('instant');
    expect(b.filters).toEqual({ search: 'sofa in pittsburgh' }); // an empty filter does not filter
    const list = SavedSearchListSchema.parse((await call(h.base, 'GET', '/api/saved-searches', { cookie: user.cookie })).body);
    expect(list.items.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(list.max).toBe(SAVED_SEARCHES_PER_USER_MAX);
    expect(JSON.stringify(list)).not.toContain('keys');
  });

  it('401 without a session', async () => {
    expect((await call(h.base, 'GET', '/api/saved-searches')).status).toBe(401);
    expect((await save('', { name: 'x' })).status).toBe(401);
  });

  it('400 for a missing, blank or over-long name, an unknown filter, a bad filter value or frequency', async () => {
    const cases: Array<[unknown, RegExp | string]> = [
      [{ filters: {} }, SAVED_SEARCH_MESSAGES.nameRequired],
      [{ name: '   ' }, SAVED_SEARCH_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(SAVED_SEARCH_NAME_MAX + 1) }, SAVED_SEARCH_MESSAGES.nameTooLong],
      [{ name: 'ok', filters: { color: 'red' } }, /color/i],
      [{ name: 'ok', filters: { sort: 'newest' } }, /sort/i],
      [{ name: 'ok', filters: { category: 'Boats' } }, 'Please select a category'],
      [{ name: 'ok', filters: { priceRange: 'cheap' } }, /.+/],
      [{ name: 'ok', frequency: 'hourly' }, 'Choose instant or daily'],
      [{ name: 'ok', owner: alice.userId }, /owner/i],
    ];
    for (const [body, message] of cases) {
      const res = await save(alice.cookie, body);
      expect(res.status).toBe(400);
      expect(String(res.body.error)).toMatch(message);
    }
    // The name at its limit is fine.
    expect((await save(alice.cookie, { name: 'x'.repeat(SAVED_SEARCH_NAME_MAX), filters: { location: 'Pittsburgh' } })).status).toBe(201);
  });

  it('PATCH changes name, frequency and paused; DELETE removes; another user’s saved search is a 404 and stays as it was', async () => {
    const mine = await saved(bob.cookie, { name: 'Cars', filters: { search: 'honda' } });
    const patch = (cookie: string, id: string, body: unknown) => call(h.base, 'PATCH', `/api/saved-searches/${id}`, { cookie, body });
    const changed = await patch(bob.cookie, mine.id, { name: 'Hondas', frequency: 'daily', paused: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: mine.id, name: 'Hondas', frequency: 'daily', paused: true, filters: { search: 'honda' } });
    expect((await patch(bob.cookie, mine.id, { filters: { search: 'toyota' } })).status).toBe(400);
    expect((await patch(bob.cookie, mine.id, {})).status).toBe(400);
    expect((await patch(bob.cookie, mine.id, { name: 'y'.repeat(SAVED_SEARCH_NAME_MAX + 1) })).status).toBe(400);

    const other = await patch(carol.cookie, mine.id, { name: 'Mine now' });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(SAVED_SEARCH_MESSAGES.notFound);
    expect((await call(h.base, 'DELETE', `/api/saved-searches/${mine.id}`, { cookie: carol.cookie })).status).toBe(404);
    expect((await patch(bob.cookie, 'not-a-uuid', { paused: false })).status).toBe(404);
    expect((await patch(bob.cookie, randomUUID(), { paused: false })).status).toBe(404);
    const list = SavedSearchListSchema.parse((await call(h.base, 'GET', '/api/saved-searches', { cookie: bob.cookie })).body);
    expect(list.items.find((s) => s.id === mine.id)).toMatchObject({ name: 'Hondas', paused: true });
    expect((await call(h.base, 'GET', '/api/saved-searches', { cookie: carol.cookie })).body.items).not.toContainEqual(expect.objectContaining({ id: mine.id }));

    expect((await call(h.base, 'DELETE', `/api/saved-searches/${mine.id}`, { cookie: bob.cookie })).status).toBe(200);
    expect((await call(h.base, 'DELETE', `/api/saved-searches/${mine.id}`, { cookie: bob.cookie })).status).toBe(404);
  });

  it(`caps a user at ${SAVED_SEARCHES_PER_USER_MAX} saved searches (409), also when they are asked for at once`, async () => {
    const user = await h.newSession();
    const answers = await Promise.all(Array.from({ length: SAVED_SEARCHES_PER_USER_MAX + 5 }, (_, i) => save(user.cookie, { name: `Search ${i}`, filters: { location: 'Pittsburgh' } })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(SAVED_SEARCHES_PER_USER_MAX);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { error: SAVED_SEARCH_MESSAGES.tooMany } });
    expect((await call(h.base, 'GET', '/api/saved-searches', { cookie: user.cookie })).body.items).toHaveLength(SAVED_SEARCHES_PER_USER_MAX);
  });
});

describe('saved searches: matching new listings', () => {
  it('alerts a matching saved search once, with the listing and a signed unsubscribe link; a non-matching one gets nothing', async () => {
    const rooms = await saved(bob.cookie, { name: 'Rooms', filters: { category: 'Home Rentals', location: 'mechanicsburg', search: 'bedroom', priceRange: '500-1000' } });
    const cheap = await saved(carol.cookie, { name: 'Cheap rooms', filters: { category: 'Home Rentals', priceRange: 'under-50' }, frequency: 'daily' });
    const anyHarrisburg = await saved(carol.cookie, { name: 'Anything in Harrisburg', filters: { location: 'Harrisburg' } });

    const listing = await post(alice.cookie, { category: 'Home Rentals', title: '2 Bedroom apartment', location: 'Mechanicsburg PA', price: 900 });
    await handled(listing.id);
    // Only this test's saved searches (other tests' users keep theirs).
    const alerts = (await alertsFor(listing.id)).filter((a) => [rooms.id, cheap.id, anyHarrisburg.id].includes(a.savedSearchId));
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert).toMatchObject({
      deliveryId: `${rooms.id}:${listing.id}`,
      savedSearchId: rooms.id,
      savedSearchName: 'Rooms',
      userId: bob.userId,
      frequency: 'instant',
      listing: { listingId: listing.id, title: '2 Bedroom apartment', category: 'Home Rentals', location: 'Mechanicsburg PA', price: 900 },
    });
    expect(alerts.map((a) => a.savedSearchId)).not.toContain(cheap.id);
    expect(alerts.map((a) => a.savedSearchId)).not.toContain(anyHarrisburg.id);
    // The link is the listings service's own signed token for this saved search.
    const links = createSignedLinks({ key: KEY, purpose: 'unsubscribe-alert', schema: z.object({ savedSearchId: z.string() }), invalid: 'bad' });
    expect(links.verify(alert!.unsubscribeToken)).toEqual({ savedSearchId: rooms.id });
  });

  it('never alerts the author about their own listing, nor a paused saved search', async () => {
    const own = await saved(alice.cookie, { name: 'My own jobs', filters: { category: 'Jobs' } });
    const paused = await saved(bob.cookie, { name: 'Paused jobs', filters: { category: 'Jobs' } });
    expect((await call(h.base, 'PATCH', `/api/saved-searches/${paused.id}`, { cookie: bob.cookie, body: { paused: true } })).status).toBe(200);
    const active = await saved(carol.cookie, { name: 'Jobs', filters: { category: 'Jobs' }, frequency: 'daily' });
    const listing = await post(alice.cookie, { category: 'Jobs', title: 'Cashier wanted, part time', employer: 'Desi Bazaar', location: 'Carlisle PA', price: undefined });
    await handled(listing.id);
    const alerts = (await alertsFor(listing.id)).filter((a) => [own.id, paused.id, active.id].includes(a.savedSearchId));
    expect(alerts.map((a) => a.savedSearchId)).toEqual([active.id]);
    expect(alerts[0]).toMatchObject({ userId: carol.userId, frequency: 'daily' });
    expect(alerts.map((a) => a.savedSearchId)).not.toContain(own.id);
  });

  it('one alert per (saved search, listing) ever: two consumers, the event again, the listing renewed', async () => {
    const search = await saved(bob.cookie, { name: 'Tablas', filters: { search: 'tabla' } });
    const listing = await post(carol.cookie, { category: 'Buy & Sell', title: 'Tabla set, like new', location: 'Enola PA', price: 150 });
    await handled(listing.id); // both consumers met the created event
    const ours = async () => (await alertsFor(listing.id)).filter((a) => [search.id, later.id].includes(a.savedSearchId));
    let later = { id: 'none' };
    expect((await ours()).map((a) => a.savedSearchId)).toEqual([search.id]);
    const alertsBefore = (await alertsFor(listing.id)).length;
    const deliveriesBefore = await h.deps.savedSearches.deliveries.countDocuments({ listingId: listing.id });

    // The same listing announced again (a re-publish as a new event) and renewed: both consumers handle both.
    const again = await publishEvent(h.nats.js, ListingCreated, { listingId: listing.id, userId: carol.userId, category: 'Buy & Sell', tier: 'free', title: listing.title });
    const renewed = await publishEvent(h.nats.js, ListingRenewed, { listingId: listing.id, userId: carol.userId, category: 'Buy & Sell', tier: 'free', title: listing.title, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await handledEvent(again.id);
    await handledEvent(renewed.id);
    expect(await alertsFor(listing.id)).toHaveLength(alertsBefore);
    expect(await h.deps.savedSearches.deliveries.countDocuments({ listingId: listing.id })).toBe(deliveriesBefore);
    expect(await h.deps.savedSearches.deliveries.countDocuments({ listingId: listing.id, savedSearchId: search.id })).toBe(1);

    // A saved search made after the listing is alerted at its renewal, once.
    later = await saved(alice.cookie, { name: 'Tablas too', filters: { search: 'TABLA' } });
    const renewedAgain = await publishEvent(h.nats.js, ListingRenewed, { listingId: listing.id, userId: carol.userId, category: 'Buy & Sell', tier: 'free', title: listing.title, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await handledEvent(renewedAgain.id);
    expect((await ours()).map((a) => a.savedSearchId).sort()).toEqual([search.id, later.id].sort());
  });

  it('reads only candidates of the listing’s category and town, then decides with the §9 rule', async () => {
    expect(savedSearchKeys({})).toEqual(['*|*|*']);
    expect(savedSearchKeys({ category: 'Jobs', priceRange: 'under-50' })).toEqual(['Jobs|*|under-50']);
    expect(savedSearchKeys({ location: 'burg' })).toEqual(['*|Mechanicsburg PA|*', '*|Harrisburg PA|*']);
    expect(savedSearchKeys({ location: ' PA ' })).toEqual(['*|*|*']);
    expect(savedSearchKeys({ location: 'Pittsburgh' })).toEqual([]);
    expect(listingAlertKeys({ category: 'Jobs', location: 'Enola PA', price: 40 })).toEqual([
      'Jobs|Enola PA|*',
      'Jobs|Enola PA|under-50',
      'Jobs|*|*',
      'Jobs|*|under-50',
      '*|Enola PA|*',
      '*|Enola PA|under-50',
      '*|*|*',
      '*|*|under-50',
    ]);
    // A listing without a price passes every price range (§9): it asks for all of them.
    expect(listingAlertKeys({ category: 'Jobs', location: 'Enola PA' })).toHaveLength(2 * 2 * 6);

    const user = await h.newSession();
    const services = await saved(user.cookie, { name: 'Tutors in Camp Hill', filters: { category: 'Services', location: 'camp' } });
    await saved(user.cookie, { name: 'Tutors in Enola', filters: { category: 'Services', location: 'Enola' } });
    await saved(user.cookie, { name: 'Cars', filters: { category: 'Buy & Sell' } });
    await saved(user.cookie, { name: 'Nowhere', filters: { location: 'Pittsburgh' } });
    await saved(user.cookie, { name: 'Dear tutors', filters: { category: 'Services', priceRange: '100-500' } });
    const cheap = await saved(user.cookie, { name: 'Cheap math', filters: { search: 'MATH', priceRange: 'under-50' } });
    const doc = { _id: randomUUID(), userId: randomUUID(), category: 'Services' as const, title: 'Math tutor', description: 'SAT math tutoring for high school students', location: 'Camp Hill PA', price: 40 };
    const found = await savedSearchesMatching(h.deps, { ...doc, imageUrls: [], tier: 'free', status: 'active', createdAt: new Date(), updatedAt: new Date() });
    expect(found.filter((s) => s.userId === user.userId).map((s) => s._id).sort()).toEqual([services.id, cheap.id].sort());
  });
});

describe('unsubscribe from an alert (no login)', () => {
  const links = () => createSignedLinks({ key: KEY, purpose: 'unsubscribe-alert', schema: z.object({ savedSearchId: z.string() }), invalid: 'bad' });
  const paused = async (id: string, cookie: string) => SavedSearchListSchema.parse((await call(h.base, 'GET', '/api/saved-searches', { cookie })).body).items.find((s) => s.id === id)?.paused;

  it('one-click POST (RFC 8058) pauses that saved search; again answers the same', async () => {
    const s = await saved(bob.cookie, { name: 'Saris', filters: { search: 'sari' } });
    const token = links().sign({ savedSearchId: s.id }, new Date(Date.now() + 3_600_000));
    const oneClick = () =>
      fetch(`${h.base}/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const res = await oneClick();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: SAVED_SEARCH_MESSAGES.paused, status: 'paused', name: 'Saris' });
    expect(await paused(s.id, bob.cookie)).toBe(true);
    expect((await oneClick()).status).toBe(200);
  });

  it('the page’s JSON POST pauses it too; a GET sends the browser to the page and changes nothing', async () => {
    const s = await saved(bob.cookie, { name: 'Bikes', filters: { search: 'bike' } });
    const token = links().sign({ savedSearchId: s.id }, new Date(Date.now() + 3_600_000));
    const get = await fetch(`${h.base}/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await paused(s.id, bob.cookie)).toBe(false);
    const res = await call(h.base, 'POST', '/api/saved-searches/unsubscribe', { body: { token } });
    expect(res).toMatchObject({ status: 200, body: { status: 'paused', name: 'Bikes' } });
    expect(await paused(s.id, bob.cookie)).toBe(true);
  });

  it('a forged, expired, other-key, other-purpose or malformed token is a 400 and changes nothing', async () => {
    const s = await saved(bob.cookie, { name: 'Laptops', filters: { search: 'laptop' } });
    const good = links().sign({ savedSearchId: s.id }, new Date(Date.now() + 3_600_000));
    const [payload, signature] = good.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ p: 'unsubscribe-alert', e: Math.floor(Date.now() / 1000) + 7 * 86_400, d: { savedSearchId: s.id } })).toString('base64url');
    const bad = [
      `${forgedPayload}.${signature}`,
      `${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
      links().sign({ savedSearchId: s.id }, new Date(Date.now() - 1_000)),
      createSignedLinks({ key: randomBytes(32).toString('base64url'), purpose: 'unsubscribe-alert', schema: z.object({ savedSearchId: z.string() }), invalid: 'bad' }).sign({ savedSearchId: s.id }, new Date(Date.now() + 3_600_000)),
      createSignedLinks({ key: KEY, purpose: 'renew-listing', schema: z.object({ savedSearchId: z.string() }), invalid: 'bad' }).sign({ savedSearchId: s.id }, new Date(Date.now() + 3_600_000)),
      'not-a-token',
      '',
    ];
    for (const token of bad) {
      const res = await call(h.base, 'POST', '/api/saved-searches/unsubscribe', { body: { token } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(SAVED_SEARCH_MESSAGES.invalidLink);
      const oneClick = await fetch(`${h.base}/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(400);
    }
    // The right token with another form body is refused too.
    const wrongForm = await fetch(`${h.base}/api/saved-searches/unsubscribe?token=${encodeURIComponent(good)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=Yes' });
    expect(wrongForm.status).toBe(400);
    expect((await call(h.base, 'POST', '/api/saved-searches/unsubscribe', { body: 'token', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect(await paused(s.id, bob.cookie)).toBe(false);
  });

  it('a digest’s token pauses every daily saved search of its user, not the instant ones nor another user’s', async () => {
    const user = await h.newSession();
    const d1 = await saved(user.cookie, { name: 'Daily 1', frequency: 'daily' });
    const d2 = await saved(user.cookie, { name: 'Daily 2', frequency: 'daily', filters: { category: 'Jobs' } });
    const instant = await saved(user.cookie, { name: 'Instant', frequency: 'instant' });
    const othersDaily = await saved(carol.cookie, { name: 'Carol daily', frequency: 'daily' });
    const token = createSignedLinks({ key: KEY, purpose: 'unsubscribe-alert-digest', schema: z.object({ userId: z.string() }), invalid: 'bad' }).sign({ userId: user.userId }, new Date(Date.now() + 3_600_000));
    const res = await call(h.base, 'POST', '/api/saved-searches/unsubscribe', { body: { token } });
    expect(res).toMatchObject({ status: 200, body: { status: 'paused', message: SAVED_SEARCH_MESSAGES.pausedAll } });
    expect(await paused(d1.id, user.cookie)).toBe(true);
    expect(await paused(d2.id, user.cookie)).toBe(true);
    expect(await paused(instant.id, user.cookie)).toBe(false);
    expect(await paused(othersDaily.id, carol.cookie)).toBe(false);
  });

  it('a saved search deleted since: 200 gone', async () => {
    const s = await saved(bob.cookie, { name: 'Gone soon' });
    await call(h.base, 'DELETE', `/api/saved-searches/${s.id}`, { cookie: bob.cookie });
    const token = links().sign({ savedSearchId: s.id }, new Date(Date.now() + 3_600_000));
    expect(await call(h.base, 'POST', '/api/saved-searches/unsubscribe', { body: { token } })).toMatchObject({ status: 200, body: { status: 'gone', message: SAVED_SEARCH_MESSAGES.gone } });
  });
});
