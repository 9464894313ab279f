import type { ListingCategory } from '@cp/contracts';

export const DAY_MS = 86_400_000;
/** The community's time zone (Central Pennsylvania): an event's day ends at midnight there. */
export const SITE_TIME_ZONE = 'America/New_York';

/** The UTC offset (ms, local − UTC) of a time zone at an instant. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The end of an event's day (`YYYY-MM-DD`): midnight starting the next day in the site's time zone. */
export function eventDayEnd(eventDate: string, timeZone = SITE_TIME_ZONE): Date {
  const [y, m, d] = eventDate.split('-').map(Number) as [number, number, number];
  const nextMidnightAsUtc = Date.UTC(y, m - 1, d + 1);
  // Two passes: the offset at the guess, then at the corrected instant (a DST change on that night).
  const first = nextMidnightAsUtc - zoneOffsetMs(new Date(nextMidnightAsUtc), timeZone);
  return new Date(nextMidnightAsUtc - zoneOffsetMs(new Date(first), timeZone));
}

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
