import { randomUUID } from 'node:crypto';
import { ContentHidden, ListingCreated, ListingExpired, type Listing } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { AttendeesPageSchema, EventViewSchema, RSVP_POSTING, RsvpResultSchema } from '../src/contracts.ts';
import { EVENTS_MESSAGES } from '../src/use-cases/rsvp.ts';
import { call, dayFromToday, startEvents, threePeople, type Session } from './helpers.ts';

const h = harnessForFile(startEvents);
const people = threePeople(h);

const ref = (l: Listing) => ({ listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title, listing: l });
async function event(over: Partial<Listing> = {}): Promise<Listing> {
  const l = h.listing(people.owner, over);
  await h.deliver(ListingCreated, ref(l));
  return l;
}
const put = (who: Session | undefined, id: string, body: unknown) => call(h.base, 'PUT', `/api/events/${id}/rsvp`, { cookie: who?.cookie, body });
const del = (who: Session | undefined, id: string) => call(h.base, 'DELETE', `/api/events/${id}/rsvp`, { cookie: who?.cookie });
const view = async (id: string, who?: Session) => EventViewSchema.parse((await call(h.base, 'GET', `/api/events/${id}`, { cookie: who?.cookie })).body);

describe('answering an event', () => {
  it('keeps one answer per user, changeable and withdrawable, with the counts after each change', async () => {
    const l = await event();
    expect(RsvpResultSchema.parse((await put(people.asha, l.id, { answer: 'going' })).body)).toEqual({ myAnswer: 'going', counts: { going: 1, interested: 0 } });
    expect(RsvpResultSchema.parse((await put(people.ravi, l.id, { answer: 'interested' })).body)).toEqual({ myAnswer: 'interested', counts: { going: 1, interested: 1 } });
    expect(RsvpResultSchema.parse((await put(people.asha, l.id, { answer: 'interested' })).body)).toEqual({ myAnswer: 'interested', counts: { going: 0, interested: 2 } });
    expect((await put(people.asha, l.id, { answer: 'interested' })).status).toBe(200); // again: the same
    expect(await view(l.id, people.asha)).toMatchObject({ myAnswer: 'interested', isOrganizer: false, counts: { going: 0, interested: 2 } });
    expect(RsvpResultSchema.parse((await del(people.asha, l.id)).body)).toEqual({ myAnswer: null, counts: { going: 0, interested: 1 } });
    expect(RsvpResultSchema.parse((await del(people.asha, l.id)).body)).toEqual({ myAnswer: null, counts: { going: 0, interested: 1 } });
    expect(await view(l.id, people.owner)).toMatchObject({ myAnswer: null, isOrganizer: true });
    expect(await view(l.id)).toMatchObject({ myAnswer: null, isOrganizer: false, counts: { going: 0, interested: 1 } });
  });

  it('counts exactly under concurrency: one user\'s answers at once are one, different users\' all count', async () => {
    const l = await event();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => put(people.asha, l.id, { answer: i % 2 ? 'going' : 'interested' })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const counts = (await view(l.id)).counts;
    expect(counts.going + counts.interested).toBe(1);
    expect(await h.conn.collection('rsvps').countDocuments({ listingId: l.id })).toBe(1);

    const others = await Promise.all(Array.from({ length: 8 }, () => h.newSession()));
    const both = await Promise.all([...others, people.ravi].flatMap((who) => [put(who, l.id, { answer: 'going' }), put(who, l.id, { answer: 'going' })]));
    expect(both.every((r) => r.status === 200)).toBe(true);
    expect((await view(l.id)).counts.going).toBe(9 + (counts.going === 1 ? 1 : 0));
  });

  it('counts new and changed answers in the posting limit (429 with the wait, in JSON); the same answer again is free', async () => {
    const l = await event();
    const newcomer = await h.newSession();
    const { newAccountLimit } = h.deps.limits.limits[RSVP_POSTING.action];
    for (let i = 0; i < newAccountLimit; i++) expect((await put(newcomer, l.id, { answer: i % 2 ? 'interested' : 'going' })).status).toBe(200);
    // The answer it has, again: no change, no slot.
    const kept = (await view(l.id, newcomer)).myAnswer!;
    expect((await put(newcomer, l.id, { answer: kept })).status).toBe(200);
    const refused = await put(newcomer, l.id, { answer: kept === 'going' ? 'interested' : 'going' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ error: expect.stringMatching(new RegExp(`^New accounts \\(for their first 24 hours\\) can post up to ${newAccountLimit} ${RSVP_POSTING.noun} an hour\\.`)) });
    expect((await view(l.id, newcomer)).myAnswer).toBe(kept);
  });

  it('answers 401 signed out, in JSON', async () => {
    const l = await event();
    for (const res of [await put(undefined, l.id, { answer: 'going' }), await del(undefined, l.id), await call(h.base, 'GET', `/api/events/${l.id}/attendees`)]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: EVENTS_MESSAGES.notSignedIn });
    }
  });

  it.each([
    ['an answer that is not one', { answer: 'maybe' }],
    ['no answer', {}],
    ['another field', { answer: 'going', note: 'x' }],
    ['an array', [1]],
    ['a string', 'going'],
  ])('answers %s with a JSON 400', async (_label, body) => {
    const l = await event();
    const res = await put(people.asha, l.id, body);
    expect(res.status).toBe(400);
    expect(typeof (res.body as { error: unknown }).error).toBe('string');
  });

  it('answers malformed JSON 400, never 500', async () => {
    const l = await event();
    const res = await fetch(`${h.base}/api/events/${l.id}/rsvp`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie: people.asha.cookie }, body: '{"answer":' });
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
  });

  it('answers a body that is not JSON 415, and a huge one 413, in JSON', async () => {
    const l = await event();
    const text = await fetch(`${h.base}/api/events/${l.id}/rsvp`, { method: 'PUT', headers: { 'content-type': 'text/plain', cookie: people.asha.cookie }, body: 'going' });
    expect(text.status).toBe(415);
    expect(typeof ((await text.json()) as { error: unknown }).error).toBe('string');
    const huge = await fetch(`${h.base}/api/events/${l.id}/rsvp`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie: people.asha.cookie }, body: JSON.stringify({ answer: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
  });

  it('answers 404 for an unknown, hidden or non-event listing', async () => {
    const hidden = await event();
    await h.deliver(ContentHidden, { caseId: randomUUID(), kind: 'listing', itemId: hidden.id, authorId: people.owner.userId });
    const sale = await event({ category: 'Buy & Sell' });
    for (const id of [randomUUID(), hidden.id, sale.id]) {
      const res = await put(people.asha, id, { answer: 'going' });
      expect(res.status).toBe(404);
      expect(typeof (res.body as { error: unknown }).error).toBe('string');
    }
  });

  it('answers 409 for a past, expired or done event', async () => {
    const past = await event({ eventDate: dayFromToday(-3) });
    const expired = await event();
    await h.deliver(ListingExpired, { ...ref({ ...expired, status: 'expired' }), reason: 'expired' }, new Date(Date.now() + 1_000));
    const done = await event();
    await h.deliver(ListingExpired, { ...ref({ ...done, status: 'inactive' }), reason: 'done' }, new Date(Date.now() + 1_000));
    for (const l of [past, expired, done]) {
      const res = await put(people.asha, l.id, { answer: 'going' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: EVENTS_MESSAGES.closed });
      expect((await view(l.id)).open).toBe(false);
    }
  });
});

describe('who answered', () => {
  it('shows the organizer the names from identity, newest first; 403 to anyone else', async () => {
    const l = await event();
    await put(people.asha, l.id, { answer: 'going' });
    await put(people.ravi, l.id, { answer: 'interested' });
    const res = await call(h.base, 'GET', `/api/events/${l.id}/attendees`, { cookie: people.owner.cookie });
    expect(res.status).toBe(200);
    const page = AttendeesPageSchema.parse(res.body);
    expect(page.items.map((a) => [a.userId, a.name, a.answer])).toEqual([
      [people.ravi.userId, 'Asha', 'interested'], // the tests' users are all called Asha at identity
      [people.asha.userId, 'Asha', 'going'],
    ]);
    const going = AttendeesPageSchema.parse((await call(h.base, 'GET', `/api/events/${l.id}/attendees?answer=going&limit=1`, { cookie: people.owner.cookie })).body);
    expect(going).toEqual({ items: [expect.objectContaining({ userId: people.asha.userId })], nextCursor: null });
    const other = await call(h.base, 'GET', `/api/events/${l.id}/attendees`, { cookie: people.asha.cookie });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: EVENTS_MESSAGES.organizerOnly });
    expect((await call(h.base, 'GET', `/api/events/${l.id}/attendees?answer=maybe`, { cookie: people.owner.cookie })).status).toBe(400);
    expect((await call(h.base, 'GET', `/api/events/${randomUUID()}/attendees`, { cookie: people.owner.cookie })).status).toBe(404);
  });
});
