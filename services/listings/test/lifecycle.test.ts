import { randomUUID } from 'node:crypto';
import { DONE_VISIBLE_DAYS, LIFECYCLE_MESSAGES, LISTING_EXPIRED_MESSAGE, ListingExpired, ListingExpiring, ListingRenewed, ListingUpdated, renewedMessage } from '@cp/contracts';
import { outboxModel } from '@cp/service-kit';
import { call, listingBody, startListings, type ListingsHarness } from './helpers.ts';
import { startLifecycleJob } from '../src/jobs/listing-lifecycle.ts';
import { backfillExpiry, remindOwner, runLifecycle } from '../src/use-cases/run-lifecycle.ts';
import { eventDayEnd } from '@cp/contracts';

// Issue 22 §1: expiry, the reminder (once, whatever runs it), renewal (signed-in and by the signed link), mark done,
// 410 for visitors. The clock is injected (deps.now, and the jobs' clock); real MongoDB, NATS, identity.
const DAY = 86_400_000;
const TTL_DAYS = 30;
let h: ListingsHarness;
let clock = Date.now();
/** The clock as the test found it: a test moves `clock` as it needs, and it is set back when the test ends. */
let start = clock;
beforeEach(() => {
  start = clock;
});
afterEach(() => {
  clock = start;
});
beforeAll(async () => {
  h = await startListings({ ttlDays: TTL_DAYS });
  h.deps.now = () => new Date(clock);
});
afterAll(async () => {
  await h?.close();
});

/** Outbox events of one type about one listing (or user), oldest first. */
async function events(type: string, match: Record<string, string>) {
  const filter: Record<string, unknown> = { type };
  for (const [k, v] of Object.entries(match)) filter[`data.${k}`] = v;
  const docs = await outboxModel(h.conn).find(filter).sort({ seq: 1 }).lean().exec();
  return docs.map((d) => d.data as Record<string, unknown>);
}

async function post(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody(overrides) });
  expect(res.status).toBe(201);
  return res.body as { id: string; expiresAt: string; status: string };
}

const listAll = async (cookie?: string) => ((await call(h.base, 'GET', '/api/listings', { cookie })).body as unknown as Array<{ id: string }>).map((l) => l.id);
/** The full list's listings whose title holds `word` (the search service's pages are tested in services/search). */
const listedWith = async (word: string, cookie?: string) =>
  ((await call(h.base, 'GET', '/api/listings', { cookie })).body as unknown as Array<{ id: string; title: string }>).filter((l) => l.title.includes(word)).map((l) => l.id);

/** Two replicas' lifecycle jobs on the same clock, ticked at once, then each once more. */
async function tickTwoReplicas(): Promise<boolean[]> {
  const jobs = ['replica-a', 'replica-b'].map((holder) => startLifecycleJob(h.deps, { everyMs: 3_600_000, now: () => clock, holder }));
  try {
    const first = await Promise.all(jobs.map((j) => j.tick()));
    const second = await Promise.all(jobs.map((j) => j.tick()));
    return [...first, ...second];
  } finally {
    for (const j of jobs) await j.stop();
  }
}

describe('expiresAt', () => {
  it('is creation + the TTL; an event listing expires at the end of its day (the earlier of the two)', async () => {
    const { cookie } = await h.newSession();
    const plain = await post(cookie);
    expect(Date.parse(plain.expiresAt)).toBe(clock + TTL_DAYS * DAY);
    const soon = new Date(clock + 5 * DAY).toISOString().slice(0, 10);
    const event = await post(cookie, { category: 'Events', eventDate: soon, title: 'Garba night at the hall' });
    expect(event.expiresAt).toBe(eventDayEnd(soon).toISOString());
    expect(Date.parse(event.expiresAt)).toBeGreaterThan(Date.parse(`${soon}T00:00:00Z`));
    const far = new Date(clock + 90 * DAY).toISOString().slice(0, 10);
    expect(Date.parse((await post(cookie, { category: 'Events', eventDate: far, title: 'Diwali mela next year' })).expiresAt)).toBe(clock + TTL_DAYS * DAY);
    // Moving the event's date moves the expiry.
    const later = new Date(clock + 10 * DAY).toISOString().slice(0, 10);
    const moved = await call(h.base, 'PUT', `/api/listings/${event.id}`, { cookie, body: { eventDate: later } });
    expect(moved.body.expiresAt).toBe(eventDayEnd(later).toISOString());
  });

  it('cannot be bypassed through the status: a new listing is active, an edit never changes the status', async () => {
    const { cookie } = await h.newSession();
    const refused = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ status: 'expired' }) });
    expect(refused.status).toBe(400);
    const listing = await post(cookie);
    const edited = await call(h.base, 'PUT', `/api/listings/${listing.id}`, { cookie, body: { status: 'sold', title: 'Sofa set, price lowered' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'active', title: 'Sofa set, price lowered' });
    expect(edited.body.doneAt).toBeUndefined();
  });

  it('is given once to listings stored before it, never sooner than the reminder window plus a day', async () => {
    const id = randomUUID();
    const createdAt = new Date(clock - 60 * DAY);
    await h.deps.listings.insert({
      _id: id,
      userId: randomUUID(),
      category: 'Services',
      title: 'Old tutoring listing',
      description: 'Maths tutoring for grades six to ten, weekday evenings.',
      location: 'Enola PA',
      imageUrls: [],
      tier: 'free',
      status: 'active',
      createdAt,
      updatedAt: createdAt,
    });
    expect(await backfillExpiry(h.deps)).toBeGreaterThanOrEqual(1);
    const first = (await h.deps.listings.findById(id))!.expiresAt!;
    expect(first.getTime()).toBe(clock + 4 * DAY);
    expect(await backfillExpiry(h.deps)).toBe(0);
    expect((await h.deps.listings.findById(id))!.expiresAt).toEqual(first);
  });
});

describe('the lifecycle job', () => {
  it('reminds the owner once per listing and expiry, with two replicas ticking the same clock and runs at once', async () => {
    const { cookie, userId } = await h.newSession();
    const listing = await post(cookie);
    clock = Date.parse(listing.expiresAt) - 4 * DAY; // not yet in the window
    await tickTwoReplicas();
    expect(await events(ListingExpiring.type, { listingId: listing.id })).toHaveLength(0);
    clock = Date.parse(listing.expiresAt) - 2 * DAY;
    const ran = await tickTwoReplicas();
    expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    // The lease aside: what another replica or a run before a restart read as due, handled again after the reminder
    // went out, two runs at once, and a run again: still one reminder.
    const stale = (await h.deps.listings.dueForReminder(new Date(clock - DAY), new Date(clock + 3 * DAY), 10_000)).filter((d) => d._id === listing.id);
    expect(stale).toHaveLength(0); // already reminded by the jobs above
    const before = await h.deps.listings.findById(listing.id);
    expect(await remindOwner(h.deps, { ...before!, remindedFor: undefined }, new Date(clock), false)).toBe(false);
    await Promise.all([runLifecycle(h.deps, new Date(clock)), runLifecycle(h.deps, new Date(clock))]);
    await runLifecycle(h.deps, new Date(clock + 3_600_000));
    const reminders = await events(ListingExpiring.type, { listingId: listing.id });
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ userId, title: 'Sofa set for sale', expiresAt: listing.expiresAt });
    // A renewal starts a new period: a second reminder before the new expiry, once.
    const renewed = await call(h.base, 'POST', `/api/listings/${listing.id}/renew`, { cookie });
    expect(renewed.status).toBe(200);
    clock = Date.parse(renewed.body.expiresAt as string) - DAY;
    await tickTwoReplicas();
    await runLifecycle(h.deps, new Date(clock));
    expect(await events(ListingExpiring.type, { listingId: listing.id })).toHaveLength(2);
  });

  it('expires a listing past expiresAt: gone for visitors (410, lists, search), still its owner\'s', async () => {
    const { cookie, userId } = await h.newSession();
    const other = await h.newSession();
    const word = `expiring${randomUUID().slice(0, 6)}`;
    const listing = await post(cookie, { title: `Bookshelf ${word}` });
    expect(await listedWith(word)).toEqual([listing.id]);
    clock = Date.parse(listing.expiresAt) + 1_000;
    // Past expiresAt, even before the job marks it, the page is gone for visitors.
    expect((await call(h.base, 'GET', `/api/listings/${listing.id}`)).status).toBe(410);
    await tickTwoReplicas();
    const anon = await call(h.base, 'GET', `/api/listings/${listing.id}`);
    expect(anon.status).toBe(410);
    expect(anon.body.error).toBe(LISTING_EXPIRED_MESSAGE);
    expect((await call(h.base, 'GET', `/api/listings/${listing.id}`, { cookie: other.cookie })).status).toBe(410);
    const own = await call(h.base, 'GET', `/api/listings/${listing.id}`, { cookie });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('expired');
    expect(await listAll()).not.toContain(listing.id);
    expect(await listedWith(word)).toEqual([]);
    // Its owner finds it in My Listings (GET /api/listings/mine), not in the site's lists.
    expect(await listedWith(word, cookie)).toEqual([]);
    expect(await listAll(cookie)).not.toContain(listing.id);
    const page = await call(h.base, 'GET', '/api/listings/mine', { cookie });
    expect(page.body.items).toEqual([expect.objectContaining({ id: listing.id, userId, status: 'expired' })]);
    expect(page.body).toMatchObject({ total: 1, page: 1, pageSize: 24 });
    // Another user's My Listings never holds it; signed out, My Listings is a 401.
    const foreign = await call(h.base, 'GET', '/api/listings/mine', { cookie: other.cookie });
    expect(foreign.body).toMatchObject({ items: [], total: 0 });
    expect((await call(h.base, 'GET', '/api/listings/mine')).status).toBe(401);
    const expired = await events(ListingExpired.type, { listingId: listing.id });
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ reason: 'expired', listing: { status: 'expired' } });

    // Renewed by its owner from My Listings: back for everyone, for the TTL from now.
    expect((await call(h.base, 'POST', `/api/listings/${listing.id}/renew`, { cookie: other.cookie })).status).toBe(403);
    expect((await call(h.base, 'POST', `/api/listings/${listing.id}/renew`)).status).toBe(401);
    const renewed = await call(h.base, 'POST', `/api/listings/${listing.id}/renew`, { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ status: 'active', expiresAt: new Date(clock + TTL_DAYS * DAY).toISOString() });
    expect((await call(h.base, 'GET', `/api/listings/${listing.id}`)).status).toBe(200);
    expect(await listedWith(word)).toEqual([listing.id]);
    const renewals = await events(ListingRenewed.type, { listingId: listing.id });
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ expiresAt: renewed.body.expiresAt, listing: { status: 'active' } });
  });
});

describe('the signed renew link', () => {
  it('renews that listing without a login; forged, expired or other-purpose tokens are 400 and change nothing', async () => {
    const { cookie } = await h.newSession();
    const listing = await post(cookie);
    clock = Date.parse(listing.expiresAt) - DAY;
    await runLifecycle(h.deps, new Date(clock));
    const [reminder] = await events(ListingExpiring.type, { listingId: listing.id });
    const token = reminder!.renewToken as string;
    clock = Date.parse(listing.expiresAt) + DAY;
    await runLifecycle(h.deps, new Date(clock));
    const before = await h.deps.listings.findById(listing.id);
    expect(before!.status).toBe('expired');

    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const forgedPayload = Buffer.from(JSON.stringify({ p: 'renew-listing', e: Math.floor(clock / 1000) + 3600, d: { listingId: randomUUID() } })).toString('base64url');
    for (const bad of [tampered, `${forgedPayload}.${token.split('.')[1]}`, reminder!.unsubscribeToken as string, 'not-a-token', '']) {
      const res = await call(h.base, 'POST', '/api/listings/renew-link', { body: { token: bad } });
      expect(res.status).toBe(400);
    }
    // Past its grace period the genuine token is refused too.
    const late = clock;
    clock = Date.parse(listing.expiresAt) + 31 * DAY;
    const expiredToken = await call(h.base, 'POST', '/api/listings/renew-link', { body: { token } });
    expect(expiredToken.status).toBe(400);
    expect(expiredToken.body.error).toBe(LIFECYCLE_MESSAGES.renewLinkInvalid);
    clock = late;
    expect(await h.deps.listings.findById(listing.id)).toEqual(before);
    expect(await events(ListingRenewed.type, { listingId: listing.id })).toHaveLength(0);

    const renewed = await call(h.base, 'POST', '/api/listings/renew-link', { body: { token } });
    expect(renewed.status).toBe(200);
    const expiresAt = new Date(clock + TTL_DAYS * DAY).toISOString();
    expect(renewed.body).toEqual({ listingId: listing.id, title: 'Sofa set for sale', expiresAt, message: renewedMessage(expiresAt) });
    expect((await call(h.base, 'GET', `/api/listings/${listing.id}`)).body).toMatchObject({ status: 'active', expiresAt });
    expect(await events(ListingRenewed.type, { listingId: listing.id })).toHaveLength(1);
  });
});

describe('mark done', () => {
  it('takes only the word of the category, shows the badge for DONE_VISIBLE_DAYS, then hides it like an expired one', async () => {
    const { cookie } = await h.newSession();
    const other = await h.newSession();
    const word = `done${randomUUID().slice(0, 6)}`;
    const rental = await post(cookie, { category: 'Home Rentals', title: `Room near campus ${word}` });
    for (const status of ['sold', 'filled', 'expired', 'active', '']) {
      const res = await call(h.base, 'POST', `/api/listings/${rental.id}/done`, { cookie, body: { status } });
      expect(res.status).toBe(400);
    }
    expect((await call(h.base, 'POST', `/api/listings/${rental.id}/done`, { cookie, body: { status: 'sold' } })).body.error).toBe(LIFECYCLE_MESSAGES.wrongDoneStatus('Home Rentals', 'rented'));
    expect((await call(h.base, 'POST', `/api/listings/${rental.id}/done`, { cookie: other.cookie, body: { status: 'rented' } })).status).toBe(403);
    expect((await h.deps.listings.findById(rental.id))!.status).toBe('active');

    const done = await call(h.base, 'POST', `/api/listings/${rental.id}/done`, { cookie, body: { status: 'rented' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'rented', doneAt: new Date(clock).toISOString() });
    const updated = await events(ListingUpdated.type, { listingId: rental.id });
    expect(updated.at(-1)).toMatchObject({ changed: ['status'], listing: { status: 'rented' } });
    expect((await call(h.base, 'GET', `/api/listings/${rental.id}`)).body.status).toBe('rented');
    expect(await listedWith(word)).toEqual([rental.id]);
    expect((await call(h.base, 'POST', `/api/listings/${rental.id}/renew`, { cookie })).status).toBe(409);

    clock = start + DONE_VISIBLE_DAYS * DAY - 60_000;
    await runLifecycle(h.deps, new Date(clock));
    expect((await call(h.base, 'GET', `/api/listings/${rental.id}`)).status).toBe(200);
    clock = start + DONE_VISIBLE_DAYS * DAY + 60_000;
    await tickTwoReplicas();
    const gone = await call(h.base, 'GET', `/api/listings/${rental.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe(LISTING_EXPIRED_MESSAGE);
    expect(await listedWith(word)).toEqual([]);
    expect(await listAll()).not.toContain(rental.id);
    expect((await call(h.base, 'GET', `/api/listings/${rental.id}`, { cookie })).body.status).toBe('rented');
    const retired = await events(ListingExpired.type, { listingId: rental.id });
    expect(retired).toHaveLength(1);
    expect(retired[0]).toMatchObject({ reason: 'done' });
  });
});

describe('stopping the reminders', () => {
  it('one-click POST with the signed token records the opt-out: no more reminders; the listings still expire', async () => {
    const { cookie, userId } = await h.newSession();
    const first = await post(cookie);
    clock = Date.parse(first.expiresAt) - DAY;
    await runLifecycle(h.deps, new Date(clock));
    const [reminder] = await events(ListingExpiring.type, { listingId: first.id });
    const token = reminder!.unsubscribeToken as string;

    const page = await fetch(`${h.base}/api/listings/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/reminders/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await h.deps.optOuts.optedOut([userId])).toEqual(new Set());

    const forged = await fetch(`${h.base}/api/listings/reminders/unsubscribe?token=${encodeURIComponent(reminder!.renewToken as string)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect(await h.deps.optOuts.optedOut([userId])).toEqual(new Set());

    const oneClick = await fetch(`${h.base}/api/listings/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(((await oneClick.json()) as { message: string }).message).toBe(LIFECYCLE_MESSAGES.optedOut);
    // The page's JSON POST answers the same again.
    expect((await call(h.base, 'POST', '/api/listings/reminders/unsubscribe', { body: { token } })).status).toBe(200);
    expect(await h.deps.optOuts.optedOut([userId])).toEqual(new Set([userId]));

    clock = start;
    const second = await post(cookie, { title: 'Second sofa for sale' });
    clock = Date.parse(second.expiresAt) - DAY;
    await runLifecycle(h.deps, new Date(clock));
    expect(await events(ListingExpiring.type, { listingId: second.id })).toHaveLength(0);
    clock = Date.parse(second.expiresAt) + 1_000;
    await runLifecycle(h.deps, new Date(clock));
    expect((await h.deps.listings.findById(second.id))!.status).toBe('expired');
  });
});
