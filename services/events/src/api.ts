import type { Context } from 'koa';
import { IdSchema, LinkTokenSchema, MessageResponseSchema, RemotePagePreviewSchema } from '@cp/contracts';
import { defineOperations, mailLinkToPage, signedIn, unsubscribeToken, viewerOf } from '@cp/service-kit';
import { AttendeesPageSchema, AttendeesQuerySchema, CalendarPageSchema, CalendarQuerySchema, EventViewSchema, RSVP_POSTING, RsvpBodySchema, RsvpResultSchema } from './contracts.ts';
import { eventsPreview, getEvent, listCalendar } from './use-cases/calendar.ts';
import type { EventsDeps } from './use-cases/deps.ts';
import { eventFile, feedFile } from './use-cases/ics.ts';
import { UNSUBSCRIBE_PAGE, UNSUBSCRIBE_PATH } from './values.ts';
import { answerEvent, EVENTS_MESSAGES, listAttendees, withdrawAnswer } from './use-cases/rsvp.ts';
import { unsubscribe } from './use-cases/unsubscribe.ts';

const params = { listingId: IdSchema };
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

function calendarAnswer(ctx: Context, body: string, filename: string): void {
  ctx.set('Content-Type', CALENDAR_TYPE);
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.body = body;
  ctx.status = 200;
}

/**
 * The community calendar: events read from Events listings (fed by the listings' and moderation's events), answers
 * (RSVPs) of signed-in users, calendar files, the reminders' unsubscribe link and the /events page's link preview.
 */
export const eventsApi = defineOperations<EventsDeps>({
  service: 'events',
  title: 'Events',
  description:
    'The community calendar built from Events listings: a span of days (at most 62), one event with the viewer\'s answer, answers (going or interested; signed in, one per user), the organizer\'s list of who answered, calendar files (RFC 5545), and the one-click unsubscribe of the reminder mails. Hidden or deleted events are never answered (404).',
  signInMessage: EVENTS_MESSAGES.notSignedIn,
  operations: [
    {
      method: 'get', path: '/api/events', id: 'listCalendar', summary: 'The events of a span of days, oldest first', auth: 'none', query: CalendarQuerySchema,
      responses: { 200: { description: 'One page; `nextCursor` fetches the next.', schema: CalendarPageSchema } }, errors: [400],
      handle: (ctx, deps) => listCalendar(deps, ctx.query),
    },
    {
      method: 'get', path: '/api/events/preview', id: 'eventsPreview', summary: 'The /events page\'s link preview: the next events', auth: 'none',
      responses: { 200: { description: 'The page head\'s description.', schema: RemotePagePreviewSchema } }, errors: [],
      handle: (ctx, deps) => {
        ctx.set('Cache-Control', 'public, max-age=300');
        return eventsPreview(deps);
      },
    },
    {
      method: 'post', path: UNSUBSCRIBE_PATH, id: 'unsubscribeReminders', summary: 'Stop event reminder (or change) mails: one-click or the page', auth: 'none',
      description: 'RFC 8058 one-click (form body `List-Unsubscribe=One-Click`, the token in the query) or JSON `{ token }`.',
      query: LinkTokenSchema.partial(), body: LinkTokenSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Stopped.', schema: MessageResponseSchema } }, errors: [400, 413],
      handle: async (ctx, deps) => unsubscribe(deps, await unsubscribeToken(ctx)),
    },
    // A mail client without one-click opens the List-Unsubscribe URL: nothing changes, the browser goes to the page.
    mailLinkToPage({ path: UNSUBSCRIBE_PATH, id: 'unsubscribeRemindersLink', summary: 'The mails\' unsubscribe link: to the page', auth: 'none', page: UNSUBSCRIBE_PAGE }),
    {
      method: 'get', path: '/api/events/:listingId', id: 'getEvent', summary: 'One event, with the viewer\'s answer', auth: 'optional', params,
      responses: { 200: { description: 'The event.', schema: EventViewSchema } }, errors: [404],
      handle: async (ctx, deps, auth) => {
        ctx.set('Cache-Control', 'private, no-store');
        return getEvent(deps, ctx.params.listingId ?? '', await viewerOf(auth, ctx));
      },
    },
    {
      method: 'put', path: '/api/events/:listingId/rsvp', id: 'answerEvent', summary: 'Answer an event (going or interested), or change the answer', auth: 'user', params, postingLimit: RSVP_POSTING,
      body: RsvpBodySchema, responses: { 200: { description: 'The answer and the counts after it.', schema: RsvpResultSchema } }, errors: [400, 404, 409],
      handle: (ctx, deps) => answerEvent(deps, signedIn(ctx), ctx.params.listingId ?? '', ctx.request.body),
    },
    {
      method: 'delete', path: '/api/events/:listingId/rsvp', id: 'withdrawAnswer', summary: 'Withdraw one\'s answer', auth: 'user', params,
      responses: { 200: { description: 'No answer, and the counts after it.', schema: RsvpResultSchema } }, errors: [404, 409],
      handle: (ctx, deps) => withdrawAnswer(deps, signedIn(ctx), ctx.params.listingId ?? ''),
    },
    {
      method: 'get', path: '/api/events/:listingId/attendees', id: 'listAttendees', summary: 'Who answered, newest first (the organizer only)', auth: 'user', params,
      query: AttendeesQuerySchema, responses: { 200: { description: 'One page; `nextCursor` fetches the next.', schema: AttendeesPageSchema } }, errors: [400, 403, 404],
      handle: (ctx, deps) => {
        ctx.set('Cache-Control', 'private, no-store');
        return listAttendees(deps, signedIn(ctx), ctx.params.listingId ?? '', ctx.query);
      },
    },
    {
      method: 'get', path: '/api/events/:listingId/ics', id: 'eventFile', summary: 'One event as a calendar file (RFC 5545)', auth: 'none', params,
      responses: { 200: { description: 'The calendar file.', content: { type: 'text/calendar' } } }, errors: [404],
      handle: async (ctx, deps) => calendarAnswer(ctx, await eventFile(deps, ctx.params.listingId ?? ''), 'event.ics'),
    },
    {
      method: 'get', path: '/events.ics', id: 'eventsFeed', summary: 'The subscribable calendar: upcoming events (RFC 5545)', auth: 'none',
      responses: { 200: { description: 'The calendar file.', content: { type: 'text/calendar' } } }, errors: [],
      handle: async (ctx, deps) => calendarAnswer(ctx, await feedFile(deps), 'events.ics'),
    },
  ],
});

