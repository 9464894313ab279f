import { calendarDate, ListingCreated, ListingDeleted, ListingUpdated, NoticeMailSchema, noticeLinks, zonedInstant, type Listing, type NoticeMail } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { startReminderJob } from '../src/jobs/reminders.ts';
import { addDays } from '../src/use-cases/event-times.ts';
import { sendReminders } from '../src/use-cases/reminders.ts';
import { call, dayFromToday, PUBLIC_URL, startEvents, threePeople, type Session } from './helpers.ts';

const h = harnessForFile(startEvents);
const people = threePeople(h);
afterEach(() => h.setNow(null));

const ref = (l: Listing) => ({ listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title, listing: l });
async function event(over: Partial<Listing> = {}): Promise<Listing> {
  const l = h.listing(people.owner, over);
  await h.deliver(ListingCreated, ref(l));
  return l;
}
const put = (who: Session, id: string, answer: string) => call(h.base, 'PUT', `/api/events/${id}/rsvp`, { cookie: who.cookie, body: { answer } });
/** Noon, America/New_York, of a day. */
const noonOf = (day: string) => {
  const d = calendarDate(day)!;
  return zonedInstant(d.year, d.month, d.day, 12, 0);
};
/** The one-click unsubscribe of a notice, on the service (the URL's path and query on the test server). */
const oneClick = (n: NoticeMail) => {
  const url = new URL(n.unsubscribe.oneClickUrl);
  return fetch(`${h.base}${url.pathname}${url.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
};

describe('the day-before reminders', () => {
  it('mails each user going tomorrow ONE notice listing all their events, once, and honours the unsubscribe', async () => {
    const day = dayFromToday(20);
    h.setNow(noonOf(addDays(day, -1)));
    const late = await event({ title: 'Garba Night, Part 2', eventDate: day, eventTime: '8 PM' });
    const early = await event({ title: 'Diwali Mela', eventDate: day, eventTime: '11 AM', venue: 'Farm Show Complex' });
    const maybe = await event({ title: 'Yoga in the Park', eventDate: day, eventTime: '7 AM' });
    const next = await event({ title: 'Chai & Chat', eventDate: addDays(day, 1), eventTime: '5 PM' });
    for (const l of [late, early, next]) expect((await put(people.asha, l.id, 'going')).status).toBe(200);
    expect((await put(people.asha, maybe.id, 'interested')).status).toBe(200);
    expect((await put(people.ravi, early.id, 'going')).status).toBe(200);

    // Before the hour reminders go out (REMINDER_FROM_HOUR), nothing.
    expect(await sendReminders(h.deps, h.deps.now(), 13)).toEqual({ day, mailed: 0 });
    expect(await sendReminders(h.deps, h.deps.now(), 9)).toEqual({ day, mailed: 2 });
    expect(await sendReminders(h.deps, h.deps.now())).toEqual({ day, mailed: 0 }); // again: nothing twice

    const mine = await h.notices((n) => n.userId === people.asha.userId && n.topic === 'event-reminders');
    expect(mine).toHaveLength(1);
    const notice = NoticeMailSchema.parse(mine[0]);
    expect(notice).toMatchObject({ noticeId: `reminder.${people.asha.userId}.${day}`, source: 'events', subject: 'Tomorrow: Diwali Mela & Garba Night, Part 2' });
    expect(notice.items.map((i) => i.title)).toEqual(['Diwali Mela', 'Garba Night, Part 2']);
    expect(notice.items[0]).toMatchObject({ url: `${PUBLIC_URL}/listing/${early.id}`, detail: '11:00 AM, Farm Show Complex, Harrisburg PA' });
    for (const link of noticeLinks(notice)) expect(new URL(link).origin).toBe(PUBLIC_URL);
    expect(await h.notices((n) => n.userId === people.ravi.userId)).toHaveLength(1);

    // Asha stops reminders with the mail's one-click link: the next day's event sends her nothing.
    const res = await oneClick(notice);
    expect(res.status).toBe(200);
    expect(await h.deps.reminderOptOuts.has(people.asha.userId)).toBe(true);
    h.setNow(noonOf(day));
    expect(await sendReminders(h.deps, h.deps.now())).toEqual({ day: addDays(day, 1), mailed: 0 });
    expect(await h.notices((n) => n.userId === people.asha.userId && n.topic === 'event-reminders')).toHaveLength(1);
  });

  it('reads the day page by page, by user: each user still gets one mail with all their events; a moved event follows its answers', async () => {
    const day = dayFromToday(40);
    h.setNow(noonOf(addDays(day, -1)));
    const first = await event({ title: 'Holi in the Park', eventDate: day, eventTime: '10 AM' });
    const second = await event({ title: 'Holi Dinner', eventDate: day, eventTime: '6 PM' });
    const moved = await event({ title: 'Holi Photo Walk', eventDate: day, eventTime: '2 PM' });
    const crowd = await Promise.all(Array.from({ length: 5 }, () => h.newSession()));
    for (const who of crowd) for (const l of [second, first, moved]) expect((await put(who, l.id, 'going')).status).toBe(200);
    // The photo walk moves to the next day after everyone answered: it is not tomorrow's any more.
    await h.deliver(ListingUpdated, { ...ref({ ...moved, eventDate: addDays(day, 1), updatedAt: new Date(Date.parse(moved.updatedAt) + 1_000).toISOString() }), changed: ['eventDate'] });
    expect(await h.conn.collection('rsvps').countDocuments({ listingId: moved.id, date: addDays(day, 1) })).toBe(5);

    // Two users a page: three pages, and no user split over two of them.
    expect(await sendReminders(h.deps, h.deps.now(), 0, 2)).toEqual({ day, mailed: 5 });
    expect(await sendReminders(h.deps, h.deps.now(), 0, 2)).toEqual({ day, mailed: 0 });
    for (const who of crowd) {
      const mails = await h.notices((n) => n.userId === who.userId && n.topic === 'event-reminders');
      expect(mails.map((n) => n.items.map((i) => i.title))).toEqual([['Holi in the Park', 'Holi Dinner']]);
    }
  });

  it('runs under the kit\'s lease: of two replicas ticking at once, one runs', async () => {
    const day = dayFromToday(30);
    h.setNow(noonOf(addDays(day, -1)));
    const l = await event({ title: 'Eid Milan', eventDate: day });
    expect((await put(people.ravi, l.id, 'going')).status).toBe(200);
    const [a, b] = [startReminderJob(h.deps, 60_000, { holder: 'replica-a' }), startReminderJob(h.deps, 60_000, { holder: 'replica-b' })];
    try {
      const ran = await Promise.all([a.tick(), b.tick()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(await h.notices((n) => n.noticeId === `reminder.${people.ravi.userId}.${day}`)).toHaveLength(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('refuses a bad unsubscribe token with a JSON 400', async () => {
    for (const query of ['?token=abc.def', '', '?token=']) {
      const res = await call(h.base, 'POST', `/api/events/reminders/unsubscribe${query}`, { body: {} });
      expect(res.status).toBe(400);
      expect(typeof (res.body as { error: unknown }).error).toBe('string');
    }
  });

  it('acts on a POST only: the mail\'s visible link opens the page whose button posts; a GET of the API goes to that page', async () => {
    const day = dayFromToday(50);
    h.setNow(noonOf(addDays(day, -1)));
    const l = await event({ title: 'Navratri Garba', eventDate: day });
    const who = await h.newSession();
    expect((await put(who, l.id, 'going')).status).toBe(200);
    expect((await sendReminders(h.deps, h.deps.now())).mailed).toBeGreaterThanOrEqual(1);
    const [notice] = await h.notices((n) => n.userId === who.userId);
    const page = new URL(notice!.unsubscribe.pageUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${PUBLIC_URL}/events/unsubscribe`);
    expect(new URL(notice!.unsubscribe.oneClickUrl).pathname).toBe('/api/events/reminders/unsubscribe');
    // A scanner's (or a mail client's) GET of the API with the real token: to the page, and the reminders still on.
    const res = await fetch(`${h.base}/api/events/reminders/unsubscribe${page.search}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/events/unsubscribe${page.search}`);
    expect(await h.deps.reminderOptOuts.has(who.userId)).toBe(false);
    expect((await call(h.base, 'GET', '/api/events/reminders/unsubscribe?token=')).status).toBe(400);
    // The page's button: JSON { token }.
    const token = page.searchParams.get('token');
    expect((await call(h.base, 'POST', '/api/events/reminders/unsubscribe', { body: { token } })).status).toBe(200);
    expect(await h.deps.reminderOptOuts.has(who.userId)).toBe(true);
  });
});

describe('change notices', () => {
  it('mails the people going once per change of date, time or venue, and once when it is cancelled', async () => {
    const v1 = await event({ title: 'Bollywood Night', eventDate: dayFromToday(12), eventTime: '7 PM' });
    expect((await put(people.asha, v1.id, 'going')).status).toBe(200);
    expect((await put(people.ravi, v1.id, 'interested')).status).toBe(200);
    const changes = () => h.notices((n) => n.topic === 'event-changes' && n.noticeId.startsWith(`change.${v1.id}.`));

    const retitled = { ...v1, title: 'Bollywood Night!', updatedAt: new Date(Date.parse(v1.updatedAt) + 1_000).toISOString() };
    await h.deliver(ListingUpdated, { ...ref(retitled), changed: ['title'] });
    expect(await changes()).toHaveLength(0);

    const moved = { ...retitled, eventTime: '8 PM', venue: 'Community Hall', updatedAt: new Date(Date.parse(v1.updatedAt) + 2_000).toISOString() };
    await h.deliver(ListingUpdated, { ...ref(moved), changed: ['eventTime', 'venue'] });
    await h.deliver(ListingUpdated, { ...ref(moved), changed: ['eventTime', 'venue'] }); // duplicated
    const changed = await changes();
    expect(changed).toHaveLength(1);
    expect(NoticeMailSchema.parse(changed[0])).toMatchObject({ userId: people.asha.userId, noticeId: `change.${v1.id}.${Date.parse(moved.updatedAt)}.${people.asha.userId}`, subject: 'Changed: Bollywood Night!' });
    expect(changed[0]!.paragraphs[0]).toContain('8:00 PM, Community Hall');

    await h.deliver(ListingDeleted, { listingId: v1.id, userId: people.owner.userId, imageUrls: [] });
    await h.deliver(ListingDeleted, { listingId: v1.id, userId: people.owner.userId, imageUrls: [] });
    const all = await changes();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ userId: people.asha.userId, subject: 'Cancelled: Bollywood Night!' });
  });

  it('sends none to a user who stopped change notices', async () => {
    const l = await event({ title: 'Kite Festival', eventDate: dayFromToday(14) });
    expect((await put(people.ravi, l.id, 'going')).status).toBe(200);
    await h.deps.changeOptOuts.add(people.ravi.userId, new Date());
    await h.deliver(ListingUpdated, { ...ref({ ...l, eventTime: '9 AM', updatedAt: new Date(Date.parse(l.updatedAt) + 1_000).toISOString() }), changed: ['eventTime'] });
    expect(await h.notices((n) => n.noticeId.startsWith(`change.${l.id}.`))).toHaveLength(0);
  });
});
