import { RemotePagePreviewSchema, type RemotePagePreview } from '@cp/contracts';
import { cursorPage, notFound, type AuthUser } from '@cp/service-kit';
import { CALENDAR_ORDER, isShown, type CalendarDoc } from '../data/calendar-repository.ts';
import { toCalendarEvent } from '../data/event-mapper.ts';
import { CalendarQuerySchema, type CalendarPage, type EventView } from '../contracts.ts';
import type { EventsDeps } from './deps.ts';
import { dayText, siteDay } from './event-times.ts';
import { isOpen } from './listing-events.ts';

export const EVENT_NOT_FOUND = 'Event not found';

/** GET /api/events: the shown events of a span of days (at most CALENDAR_MAX_DAYS), oldest first; a cursor page. */
export async function listCalendar(deps: EventsDeps, query: unknown): Promise<CalendarPage> {
  const q = CalendarQuerySchema.parse(query);
  const docs = await deps.calendar.range({ from: q.from, to: q.to, town: q.town, type: q.type, q: q.q || undefined, cursor: q.cursor, limit: q.limit });
  const counts = await deps.rsvps.counts(docs.slice(0, q.limit).map((d) => d._id));
  return cursorPage(docs, q.limit, CALENDAR_ORDER, (d) => toCalendarEvent(d, counts.get(d._id)!));
}

/** A shown event, or 404 (unknown, deleted, hidden, not an event). */
export async function shownEvent(deps: EventsDeps, listingId: string): Promise<CalendarDoc> {
  const doc = await deps.calendar.get(listingId);
  if (!isShown(doc)) throw notFound(EVENT_NOT_FOUND);
  return doc;
}

/** GET /api/events/:listingId: the event; signed in, the viewer's answer and whether they organize it. */
export async function getEvent(deps: EventsDeps, listingId: string, viewer: AuthUser | null): Promise<EventView> {
  const doc = await shownEvent(deps, listingId);
  const counts = (await deps.rsvps.counts([doc._id])).get(doc._id)!;
  return {
    ...toCalendarEvent(doc, counts),
    open: isOpen(doc, deps.now()),
    myAnswer: viewer ? await deps.rsvps.answerOf(doc._id, viewer.id) : null,
    isOrganizer: viewer?.id === doc.ownerId,
  };
}

/** GET /api/events/preview: the /events page's link preview, naming the next events. */
export async function eventsPreview(deps: EventsDeps): Promise<RemotePagePreview> {
  const now = deps.now();
  const next = await deps.calendar.upcoming(now, new Date(now.getTime() + 62 * 86_400_000), 3);
  if (next.length === 0) return RemotePagePreviewSchema.parse({ description: 'Community events in Central Pennsylvania: festivals, pujas, garba nights and meetups. See what is coming up and who is going.' });
  const names = next.map((d) => `${d.title} (${d.date === siteDay(now) ? 'today' : dayText(d.date!)}, ${d.town})`);
  const text = `Coming up: ${names.join('; ')}.`;
  return RemotePagePreviewSchema.parse({ description: text.length > 300 ? `${text.slice(0, 299)}…` : text });
}
