import type { ClientSession } from 'mongoose';
import { eventStart, type Listing } from '@cp/contracts';
import { isShown, type CalendarDoc, type CalendarFields } from '../data/calendar-repository.ts';
import type { EventsDeps } from './deps.ts';
import { changeNotice, requestNotice } from './notices.ts';

/**
 * The calendar's copy of an Events listing, from the listing snapshot its events carry (the listings' API shape after
 * the change). The start is read once, by eventStart of @cp/contracts: all-day when the typed time cannot be read.
 * Not an Events listing, or no real date: not in the calendar (`listed` false; an edit that moves a listing out of
 * Events takes it out).
 */
export function fieldsOf(listing: Listing): CalendarFields {
  const start = listing.category === 'Events' ? eventStart(listing.eventDate, listing.eventTime) : null;
  const status = listing.status;
  return {
    ownerId: listing.userId,
    title: listing.title,
    description: listing.description,
    date: start?.date ?? null,
    time: start && !start.allDay ? start.time : null,
    timeText: listing.eventTime?.trim() || null,
    allDay: start?.allDay ?? false,
    startsAt: start ? (start.allDay ? start.dayStart : start.at) : null,
    openUntil: start ? (start.allDay ? start.dayEnd : start.at) : null,
    town: listing.location,
    venue: listing.venue?.trim() || null,
    organizer: listing.organizer?.trim() || null,
    eventType: listing.eventType ?? null,
    price: listing.price ?? 0,
    imageUrl: listing.imageUrls[0] ?? null,
    status,
    listed: start !== null,
    closed: status === 'active' ? null : status === 'expired' ? 'expired' : 'done',
  };
}

/** Taking answers: shown, active and not started yet (all-day: its day not over). */
export function isOpen(doc: CalendarDoc | null, now: Date): doc is CalendarDoc {
  return isShown(doc) && doc.closed === null && doc.status === 'active' && !!doc.openUntil && doc.openUntil.getTime() > now.getTime();
}

/** A listing snapshot (created, updated, renewed, expired): applied when newer, and the people going told of a change. */
export async function applyListingSnapshot(deps: EventsDeps, listing: Listing, occurredAt: Date, session: ClientSession): Promise<boolean> {
  const v = { u: new Date(listing.updatedAt), o: occurredAt };
  const banned = await deps.ownerBans.isBanned(listing.userId, session);
  const { before, after } = await deps.calendar.applySnapshot(listing.id, fieldsOf(listing), v, banned, session);
  if (!after) return false;
  // The answers carry their event's day (the reminders read them by day).
  if (before && before.date !== after.date) await deps.rsvps.setDate(listing.id, after.date, session);
  if (!isOpen(before, deps.now())) return true;
  const stillOn = isShown(after) && after.closed !== 'done' && after.status !== 'inactive';
  if (!stillOn) await tellGoing(deps, before, null, String(v.u.getTime()), session);
  else if (before.date !== after.date || before.time !== after.time || before.allDay !== after.allDay || before.venue !== after.venue) {
    await tellGoing(deps, before, after, String(v.u.getTime()), session);
  }
  return true;
}

/** The listing was deleted (or removed by moderation): gone from every answer; the people going told it is cancelled. */
export async function applyListingGone(deps: EventsDeps, listingId: string, occurredAt: Date, how: 'deleted' | 'removed', session: ClientSession): Promise<void> {
  const { before, changed } = how === 'deleted' ? await deps.calendar.markDeleted(listingId, occurredAt, session) : await deps.calendar.markRemoved(listingId, occurredAt, session);
  if (changed && isOpen(before, deps.now())) await tellGoing(deps, before, null, String(occurredAt.getTime()), session);
}

/** One notice per person going (who did not stop change notices), once per change (`changeKey`). */
async function tellGoing(deps: EventsDeps, before: CalendarDoc, after: CalendarDoc | null, changeKey: string, session: ClientSession): Promise<void> {
  const going = await deps.rsvps.going([before._id], session);
  const stopped = await deps.changeOptOuts.optedOut(going.map((r) => r.userId));
  for (const r of going) {
    if (stopped.has(r.userId)) continue;
    await requestNotice(deps, changeNotice(deps, r.userId, changeKey, before, after), session);
  }
}

/** Moderation banned (or unbanned) a user: their events hidden from every answer (or shown again), in the decisions' order. */
export async function applyOwnerBan(deps: EventsDeps, userId: string, banned: boolean, occurredAt: Date, session: ClientSession): Promise<void> {
  if (await deps.ownerBans.decide(userId, banned, occurredAt, session)) await deps.calendar.setOwnerBanned(userId, banned, session);
}
