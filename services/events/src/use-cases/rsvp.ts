import { conflict, cursorPage, forbidden, type AuthUser } from '@cp/service-kit';
import { ATTENDEES_ORDER } from '../data/rsvps-repository.ts';
import { AttendeesQuerySchema, RSVP_POSTING, RsvpBodySchema, type AttendeesPage, type RsvpResult } from '../contracts.ts';
import { shownEvent } from './calendar.ts';
import type { EventsDeps } from './deps.ts';
import { isOpen } from './listing-events.ts';

export const EVENTS_MESSAGES = {
  notSignedIn: 'Please log in to answer events',
  closed: 'This event is over or no longer takes answers',
  organizerOnly: 'Only the organizer sees who answered',
} as const;

async function openEvent(deps: EventsDeps, listingId: string) {
  const doc = await shownEvent(deps, listingId);
  if (!isOpen(doc, deps.now())) throw conflict(EVENTS_MESSAGES.closed, 'EVENT_CLOSED');
  return doc;
}

/**
 * PUT /api/events/:listingId/rsvp: the user's one answer (set or changed; a new or changed one takes a slot of the
 * user's posting limit, 429 over it); the counts after it, counted.
 */
export async function answerEvent(deps: EventsDeps, user: AuthUser, listingId: string, body: unknown): Promise<RsvpResult> {
  const { answer } = RsvpBodySchema.parse(body ?? {});
  const doc = await openEvent(deps, listingId);
  if ((await deps.rsvps.answerOf(doc._id, user.id)) !== answer) await deps.limits.run(user, RSVP_POSTING.action, () => deps.rsvps.answer(doc._id, user.id, answer, deps.now(), doc.date));
  return { myAnswer: answer, counts: (await deps.rsvps.counts([doc._id])).get(doc._id)! };
}

/** DELETE /api/events/:listingId/rsvp: the user's answer withdrawn (none: the same answer). */
export async function withdrawAnswer(deps: EventsDeps, user: AuthUser, listingId: string): Promise<RsvpResult> {
  const doc = await openEvent(deps, listingId);
  await deps.rsvps.withdraw(doc._id, user.id);
  return { myAnswer: null, counts: (await deps.rsvps.counts([doc._id])).get(doc._id)! };
}

/** GET /api/events/:listingId/attendees: who answered, newest first, their names from identity; the organizer only. */
export async function listAttendees(deps: EventsDeps, user: AuthUser, listingId: string, query: unknown): Promise<AttendeesPage> {
  const q = AttendeesQuerySchema.parse(query);
  const doc = await shownEvent(deps, listingId);
  if (doc.ownerId !== user.id) throw forbidden(EVENTS_MESSAGES.organizerOnly);
  const docs = await deps.rsvps.page(doc._id, { answer: q.answer, cursor: q.cursor, limit: q.limit });
  const shown = docs.slice(0, q.limit);
  const contacts = await Promise.all(shown.map((r) => deps.users.contact(r.userId)));
  const names = new Map(shown.map((r, i) => [r.userId, contacts[i]?.firstName?.trim() || contacts[i]?.username || 'A neighbour']));
  return cursorPage(docs, q.limit, ATTENDEES_ORDER, (r) => ({ userId: r.userId, name: names.get(r.userId)!, answer: r.answer, answeredAt: r.answeredAt.toISOString() }));
}
