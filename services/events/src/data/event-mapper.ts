import type { CalendarDoc } from './calendar-repository.ts';
import type { CalendarEvent, RsvpCounts } from '../contracts.ts';

const EXCERPT = 200;

/** A card's excerpt of a description: whitespace folded, cut at a word. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT) return flat;
  const cut = flat.slice(0, EXCERPT);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : EXCERPT)}…`;
}

/** A shown calendar document as the API answers it. */
export function toCalendarEvent(doc: CalendarDoc, counts: RsvpCounts): CalendarEvent {
  return {
    listingId: doc._id,
    title: doc.title,
    excerpt: excerptOf(doc.description),
    date: doc.date!,
    time: doc.time,
    timeText: doc.timeText,
    allDay: doc.allDay,
    startsAt: doc.startsAt!.toISOString(),
    town: doc.town,
    venue: doc.venue,
    organizer: doc.organizer,
    eventType: doc.eventType,
    price: doc.price,
    imageUrl: doc.imageUrl,
    ownerId: doc.ownerId!,
    counts,
  };
}
