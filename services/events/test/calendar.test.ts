import { randomUUID } from 'node:crypto';
import { ContentHidden, ContentRemoved, ContentRestored, UserBanned, UserUnbanned, eventStart, ListingCreated, ListingDeleted, ListingExpired, ListingRenewed, ListingUpdated, type Listing } from '@cp/contracts';
import { publishEvent } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { CalendarPageSchema, EventViewSchema } from '../src/contracts.ts';
import { call, dayFromToday, getText, startEvents, until, type Session } from './helpers.ts';

const h = harnessForFile(startEvents);
let owner: Session;

beforeAll(async () => {
  owner = await h.newSession();
});

const ref = (l: Listing) => ({ listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title, listing: l });
const later = (l: Listing, ms: number, over: Partial<Listing> = {}): Listing => ({ ...l, ...over, updatedAt: new Date(Date.parse(l.updatedAt) + ms).toISOString() });
const at = (ms: number) => new Date(Date.now() + ms);
const get = (id: string, cookie?: string) => call(h.base, 'GET', `/api/events/${id}`, { cookie });
const span = (query = '') => call(h.base, 'GET', `/api/events?from=${dayFromToday(0)}&to=${dayFromToday(30)}${query}`);
const listed = async (query = '') => CalendarPageSchema.parse((await span(query)).body).items.map((e) => e.listingId);

describe('the read model, fed by the listings\' events only', () => {
  it('puts an Events listing with a real date in the calendar, its start read by eventStart', async () => {
    const l = h.listing(owner, { eventTime: '7 - 10 PM', title: 'Garba Night' });
    await h.deliver(ListingCreated, ref(l));
    const res = await get(l.id);
    expect(res.status).toBe(200);
    const view = EventViewSchema.parse(res.body);
    const start = eventStart(l.eventDate, l.eventTime);
    expect(start && !start.allDay && start.at.toISOString()).toBe(view.startsAt);
    expect(view).toMatchObject({ title: 'Garba Night', time: '19:00', timeText: '7 - 10 PM', allDay: false, open: true, myAnswer: null, isOrganizer: false, counts: { going: 0, interested: 0 } });
    expect(await listed()).toContain(l.id);
  });

  it('reads a time it cannot read as all-day, never a guessed time', async () => {
    const l = h.listing(owner, { eventTime: 'after evening prayers' });
    await h.deliver(ListingCreated, ref(l));
    const view = EventViewSchema.parse((await get(l.id)).body);
    expect(view).toMatchObject({ allDay: true, time: null, timeText: 'after evening prayers' });
    expect(view.startsAt).toBe(eventStart(l.eventDate, null)!.dayStart.toISOString());
  });

  it('leaves out other categories and events without a real date', async () => {
    const sale = h.listing(owner, { category: 'Buy & Sell' });
    const noDate = h.listing(owner, { eventDate: null });
    const badDate = h.listing(owner, { eventDate: '2026-02-30' });
    for (const l of [sale, noDate, badDate]) await h.deliver(ListingCreated, ref(l));
    for (const l of [sale, noDate, badDate]) expect((await get(l.id)).status).toBe(404);
  });

  it('changes nothing on a replayed or duplicated event, and ignores an older one arriving late', async () => {
    const v1 = h.listing(owner, { title: 'Holi in the Park' });
    const v2 = later(v1, 1_000, { title: 'Holi in the Park (new place)', venue: 'Riverfront Park' });
    await h.deliver(ListingCreated, ref(v1), at(0));
    await h.deliver(ListingUpdated, { ...ref(v2), changed: ['title', 'venue'] }, at(1_000));
    await h.deliver(ListingUpdated, { ...ref(v2), changed: ['title', 'venue'] }, at(1_000)); // duplicate
    await h.deliver(ListingCreated, ref(v1), at(0)); // replay of the older one
    const stored = await h.deps.calendar.get(v1.id);
    expect(stored).toMatchObject({ title: 'Holi in the Park (new place)', venue: 'Riverfront Park' });
    expect(await h.conn.collection('calendar_events').countDocuments({ _id: v1.id } as never)).toBe(1);
  });

  it('does not lose a later event that arrives first', async () => {
    const v1 = h.listing(owner, { title: 'Navratri Dandiya' });
    const v2 = later(v1, 5_000, { eventTime: '8 PM' });
    await h.deliver(ListingUpdated, { ...ref(v2), changed: ['eventTime'] }, at(5_000));
    await h.deliver(ListingCreated, ref(v1), at(0));
    expect(EventViewSchema.parse((await get(v1.id)).body).time).toBe('20:00');
  });

  it('orders an expiry and a renewal of one snapshot by when they happened', async () => {
    const l = h.listing(owner);
    await h.deliver(ListingCreated, ref(l), at(0));
    const expired = { ...l, status: 'expired' as const };
    await h.deliver(ListingRenewed, { ...ref(l), expiresAt: at(86_400_000).toISOString() }, at(3_000));
    await h.deliver(ListingExpired, { ...ref(expired), reason: 'expired' }, at(2_000)); // older than the renewal: ignored
    expect(EventViewSchema.parse((await get(l.id)).body).open).toBe(true);
    await h.deliver(ListingExpired, { ...ref(expired), reason: 'expired' }, at(4_000));
    expect(EventViewSchema.parse((await get(l.id)).body).open).toBe(false);
  });

  it('takes an event out when an edit moves it out of Events', async () => {
    const l = h.listing(owner);
    await h.deliver(ListingCreated, ref(l));
    await h.deliver(ListingUpdated, { ...ref(later(l, 1_000, { category: 'Community' })), changed: ['category'] });
    expect((await get(l.id)).status).toBe(404);
    expect(await listed()).not.toContain(l.id);
  });

  it('keeps a deletion: no event arriving after it brings the listing back', async () => {
    const l = h.listing(owner);
    await h.deliver(ListingCreated, ref(l), at(0));
    await h.deliver(ListingDeleted, { listingId: l.id, userId: owner.userId, imageUrls: [] }, at(2_000));
    await h.deliver(ListingUpdated, { ...ref(later(l, 1_000)), changed: ['title'] }, at(1_000));
    await h.deliver(ListingRenewed, { ...ref(later(l, 9_000)), expiresAt: at(86_400_000).toISOString() }, at(9_000));
    expect((await get(l.id)).status).toBe(404);
    expect(await listed()).not.toContain(l.id);
    // A deletion heard before the creation: never shown.
    const early = h.listing(owner);
    await h.deliver(ListingDeleted, { listingId: early.id, userId: owner.userId, imageUrls: [] }, at(0));
    await h.deliver(ListingCreated, ref(early), at(-1_000));
    expect((await get(early.id)).status).toBe(404);
  });
});

describe('moderation', () => {
  const content = (l: Listing) => ({ caseId: randomUUID(), kind: 'listing' as const, itemId: l.id, authorId: l.userId });

  it('hides an event from every answer until it is restored, in the decisions\' order', async () => {
    const l = h.listing(owner);
    await h.deliver(ListingCreated, ref(l));
    await h.deliver(ContentHidden, content(l), at(1_000));
    expect((await get(l.id)).status).toBe(404);
    expect(await listed()).not.toContain(l.id);
    expect((await getText(h.base, `/api/events/${l.id}/ics`)).status).toBe(404);
    expect((await call(h.base, 'PUT', `/api/events/${l.id}/rsvp`, { cookie: owner.cookie, body: { answer: 'going' } })).status).toBe(404);
    expect((await getText(h.base, '/events.ics')).text).not.toContain(l.id);
    await h.deliver(ContentRestored, content(l), at(500)); // older than the hide: ignored
    expect((await get(l.id)).status).toBe(404);
    await h.deliver(ContentRestored, content(l), at(2_000));
    expect((await get(l.id)).status).toBe(200);
  });

  it('keeps a hide heard before the listing, and a removal for good', async () => {
    const l = h.listing(owner);
    await h.deliver(ContentHidden, content(l), at(0));
    await h.deliver(ListingCreated, ref(l), at(-1_000));
    expect((await get(l.id)).status).toBe(404);
    await h.deliver(ContentRemoved, { ...content(l), title: l.title, path: `/listing/${l.id}`, reason: 'spam', note: null }, at(1_000));
    await h.deliver(ContentRestored, content(l), at(2_000));
    expect((await get(l.id)).status).toBe(404);
  });

  it('hides a banned organizer\'s events, those heard after the ban too, until unbanned', async () => {
    const banned = await h.newSession();
    const before = h.listing(banned);
    await h.deliver(ListingCreated, ref(before), at(0));
    await h.deliver(UserBanned, { userId: banned.userId, actorId: owner.userId, reason: 'spam' }, at(1_000));
    const after = h.listing(banned);
    await h.deliver(ListingCreated, ref(after), at(2_000));
    for (const l of [before, after]) expect((await get(l.id)).status).toBe(404);
    await h.deliver(UserUnbanned, { userId: banned.userId, actorId: owner.userId }, at(500)); // older than the ban: ignored
    expect((await get(before.id)).status).toBe(404);
    await h.deliver(UserUnbanned, { userId: banned.userId, actorId: owner.userId }, at(3_000));
    for (const l of [before, after]) expect((await get(l.id)).status).toBe(200);
  });

  it('ignores other kinds', async () => {
    const l = h.listing(owner);
    await h.deliver(ListingCreated, ref(l));
    await h.deliver(ContentHidden, { ...content(l), kind: 'forum-post' as never });
    expect((await get(l.id)).status).toBe(200);
  });
});

describe('the calendar query', () => {
  it('filters by town, type and words, oldest first, in cursor pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = h.listing(owner, { title: `Bhangra ${tag} one`, location: 'Carlisle PA', eventType: 'Music', eventDate: dayFromToday(3) });
    const b = h.listing(owner, { title: `Bhangra ${tag} two`, location: 'Carlisle PA', eventType: 'Music', eventDate: dayFromToday(2) });
    const c = h.listing(owner, { title: `Bhangra ${tag} three`, location: 'Enola PA', eventType: 'Party', eventDate: dayFromToday(1) });
    for (const l of [a, b, c]) await h.deliver(ListingCreated, ref(l));
    expect(await listed(`&q=${tag}`)).toEqual([c.id, b.id, a.id]);
    expect(await listed(`&q=${tag}&town=${encodeURIComponent('Carlisle PA')}`)).toEqual([b.id, a.id]);
    expect(await listed(`&q=${tag}&type=Party`)).toEqual([c.id]);
    const first = CalendarPageSchema.parse((await span(`&q=${tag}&limit=2`)).body);
    expect(first.items.map((e) => e.listingId)).toEqual([c.id, b.id]);
    const second = CalendarPageSchema.parse((await span(`&q=${tag}&limit=2&cursor=${first.nextCursor}`)).body);
    expect(second).toEqual({ items: [expect.objectContaining({ listingId: a.id })], nextCursor: null });
  });

  it.each([
    ['no span', ''],
    ['`to` before `from`', `?from=${dayFromToday(5)}&to=${dayFromToday(1)}`],
    ['more than 62 days', `?from=${dayFromToday(0)}&to=${dayFromToday(62)}`],
    ['a town that is not one', `?from=${dayFromToday(0)}&to=${dayFromToday(1)}&town=Paris`],
    ['a bad cursor', `?from=${dayFromToday(0)}&to=${dayFromToday(1)}&cursor=zzz`],
    ['a limit too large', `?from=${dayFromToday(0)}&to=${dayFromToday(1)}&limit=1000`],
    ['a date that is not one', `?from=tomorrow&to=${dayFromToday(1)}`],
  ])('answers %s with a JSON 400', async (_label, query) => {
    const res = await call(h.base, 'GET', `/api/events${query}`);
    expect(res.status).toBe(400);
    expect(typeof (res.body as { error: unknown }).error).toBe('string');
  });

  it('answers an unknown event 404 in JSON', async () => {
    for (const id of [randomUUID(), 'not-an-id', '%E0%A4']) {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(typeof (res.body as { error: unknown }).error).toBe('string');
    }
  });
});

describe('the declared consumer', () => {
  it('applies the listings\' events from their stream', async () => {
    const consumer = await import('../src/events/listings.ts').then((m) => m.listingsConsumer.start(h.deps, h.nats, { durable: `events-listings-test-${randomUUID().slice(0, 6)}`, backoffMs: [100] }));
    try {
      const l = h.listing(owner, { title: 'Eid Milan over the stream' });
      await publishEvent(h.nats.js, ListingCreated, ref(l));
      await until('the event is in the calendar', async () => (await get(l.id)).status === 200);
    } finally {
      await consumer.stop();
    }
  });
});
