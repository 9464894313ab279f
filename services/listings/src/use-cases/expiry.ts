import { eventDayEnd, type ListingCategory } from '@cp/contracts';

export const DAY_MS = 86_400_000;

/**
 * When a listing created or renewed at `from` expires (issue 22): `from` + the TTL; an Events listing at the latest
 * when its event's day is over (the day after its eventDate it is gone), so the earlier of the two — an event months
 * away still needs a renewal every TTL, like any listing, and a past event never stays up for the rest of its TTL.
 */
export function expiryOf(from: Date, ttlDays: number, listing: { category: ListingCategory; eventDate?: string | null | undefined }): Date {
  const ttl = new Date(from.getTime() + ttlDays * DAY_MS);
  if (listing.category !== 'Events' || !listing.eventDate || !/^\d{4}-\d{2}-\d{2}$/.test(listing.eventDate)) return ttl;
  const eventEnd = eventDayEnd(listing.eventDate);
  return eventEnd < ttl ? eventEnd : ttl;
}
