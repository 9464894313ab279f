/**
 * The events service in the site's shared checks (e2e/support/team-checks.ts): its hostile-input corpus entry (every
 * endpoint of src/api.ts, the records the fuzz aims at, what the fuzz may do to the events database) and the calls
 * that cover its part of the OpenAPI document. Also the steps the team's browser tests share (waitForCalendar).
 */
import { e2eEnv } from '../../../e2e/support/env.ts';
import { answeredId, created } from '../../../e2e/support/hostile/rules.ts';
import type { FuzzContext } from '../../../e2e/support/hostile/types.ts';
import { createDirect, newUser, registerDirect } from '../../../e2e/support/site.ts';
import type { ApiCall, TeamChecks } from '../../../e2e/support/team-checks.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * GET /api/events/<id> until it answers 200 (bounded): the events service builds the calendar from the listings'
 * events, a moment after the listing is created. Through the site unless `base` says (the service's own URL).
 */
export async function waitForCalendar(id: string, base = e2eEnv().site, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${base}/api/events/${id}`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`GET /api/events/${id} answered ${status}, not 200, within ${timeoutMs} ms`);
    await sleep(500);
  }
}

/** An Events listing `days` from now: far enough that no reminder job of the run mails about it. */
function eventListing(title: string, days: number) {
  return {
    category: 'Events',
    title,
    description: 'Garba and dandiya for all ages, with dinner; bring your own sticks.',
    location: 'Harrisburg PA',
    price: 10,
    tier: 'free',
    status: 'active',
    eventDate: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
    eventTime: '7:00 PM',
    venue: 'Hindu American Community Center',
    organizer: 'Central PA Garba Group',
    eventType: 'Cultural',
  };
}

const calendarQuery = () => {
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(0)}&to=${day(30)}`;
};

async function deleteListing(ctx: FuzzContext, id: string | undefined, cookie: string): Promise<void> {
  if (id) await ctx.call('listings', 'DELETE', `/api/listings/${id}`, { cookie });
}

export const checks: TeamChecks = {
  hostile: {
    events: {
      endpoints: [
        { method: 'GET', path: '/api/events', body: 'none', query: ['from', 'to', 'town', 'type', 'q', 'cursor', 'limit'] },
        { method: 'GET', path: '/api/events/preview', body: 'none' },
        { method: 'GET', path: '/events.ics', body: 'none' },
        { method: 'GET', path: '/api/events/:id', body: 'none' },
        { method: 'GET', path: '/api/events/:id/ics', body: 'none' },
        { method: 'GET', path: '/api/events/:id/attendees', body: 'none', auth: 'user', query: ['answer', 'cursor', 'limit'] },
        { method: 'PUT', path: '/api/events/:id/rsvp', body: 'json', auth: 'user', sample: { answer: 'going' } },
        { method: 'DELETE', path: '/api/events/:id/rsvp', body: 'none', auth: 'user' },
        // The mails' unsubscribe (one-click, and the page's button): signed tokens the fuzz cannot make (every one
        // refused, nothing stored).
        { method: 'POST', path: '/api/events/reminders/unsubscribe', body: 'json', sample: { token: 'a'.repeat(43) }, query: ['token'] },
        { method: 'GET', path: '/api/events/reminders/unsubscribe', body: 'none', query: ['token'] },
      ],
      // The victim's event (a bystander going to it: the attacker's answers and withdrawals leave that answer) and the
      // bystander's, never named. Both weeks away: no reminder of the run concerns them.
      async setup(ctx) {
        const victim = await created(ctx.call('listings', 'POST', '/api/listings', { cookie: ctx.sessions.victim, json: eventListing('Garba night at the temple hall', 20) }), 'the victim event');
        const untouched = await created(ctx.call('listings', 'POST', '/api/listings', { cookie: ctx.sessions.bystander, json: eventListing('Diwali mela on the river front', 21) }), 'the untouched event');
        await waitForCalendar(victim, e2eEnv().serviceUrls.events);
        await waitForCalendar(untouched, e2eEnv().serviceUrls.events);
        const answer = await ctx.call('events', 'PUT', `/api/events/${victim}/rsvp`, { cookie: ctx.sessions.bystander, json: { answer: 'going' } });
        if (answer.status !== 200) throw new Error(`setup: the bystander's answer answered ${answer.status} ${JSON.stringify(answer.body)}`);
        return { victim, untouched };
      },
      // Other files count the listings (the listings corpus's cleanup removes them too; a second DELETE is a 404).
      async cleanup(ctx, outcome) {
        await deleteListing(ctx, outcome.records.events?.victim, ctx.sessions.victim);
        await deleteListing(ctx, outcome.records.events?.untouched, ctx.sessions.bystander);
      },
      stored: {
        // The calendar's copy of every listing the fuzz's valid creations made (an Events one is listed, others not);
        // the setup's events stay as they were: nobody but their owners can change them.
        calendar_events: { added: answeredId },
        // The fuzz's users' own answers (to the victim's event); the bystander's stays.
        rsvps: { added: (doc, o) => o.users.has(String(doc.userId)) },
      },
    },
  },
  async openapi() {
    const { serviceUrls } = e2eEnv();
    const ownerToken = await registerDirect(newUser('oaevowner'));
    const guestToken = await registerDirect(newUser('oaevguest'));
    const id = await createDirect(`${serviceUrls.listings}/api/listings`, ownerToken, eventListing('OpenAPI check potluck at the park', 25));
    await waitForCalendar(id, serviceUrls.events);
    await fetch(`${serviceUrls.events}/api/events/${id}/rsvp`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: `cp_session=${guestToken}` },
      body: JSON.stringify({ answer: 'interested' }),
      signal: AbortSignal.timeout(15_000),
    });
    const calls: ApiCall[] = [
      { path: `/api/events?${calendarQuery()}` },
      { path: `/api/events?${calendarQuery()}&type=Cultural&limit=1` },
      { path: '/api/events?from=2026-13-01&to=2026-12-01' },
      { path: '/api/events/preview' },
      { path: `/api/events/${id}` },
      { path: `/api/events/${id}`, token: guestToken },
      { path: '/api/events/00000000-0000-4000-8000-000000000000' },
      { path: `/api/events/${id}/attendees`, token: ownerToken },
      { path: `/api/events/${id}/attendees`, token: guestToken },
      { path: `/api/events/${id}/attendees` },
      { path: `/api/events/${id}/ics` },
      { path: '/api/events/reminders/unsubscribe?token=not-a-token' },
      { path: '/events.ics' },
    ];
    return {
      calls,
      cleanup: async () => {
        await fetch(`${serviceUrls.listings}/api/listings/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${ownerToken}` }, signal: AbortSignal.timeout(15_000) });
      },
    };
  },
};
