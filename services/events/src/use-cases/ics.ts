import { FEED_DAYS, FEED_MAX } from '../contracts.ts';
import type { CalendarDoc } from '../data/calendar-repository.ts';
import { addDays } from './event-times.ts';
import type { EventsDeps } from './deps.ts';
import { listingUrl } from './notices.ts';
import { shownEvent } from './calendar.ts';

/**
 * Calendar files (RFC 5545): one event (GET /api/events/:listingId/ics) and the subscribable feed (GET /events.ics:
 * the upcoming events of FEED_DAYS, at most FEED_MAX). CRLF line ends, lines folded at 75 octets (never inside a
 * UTF-8 character), TEXT values escaped (backslash, `;`, `,`, newlines). A timed event starts at its UTC instant
 * (`DTSTART:…Z`, read once by eventStart); an all-day one is a `VALUE=DATE` day ending the next day.
 */

/** A TEXT value escaped (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded at 75 octets: continuation lines start with a space (counted in their 75). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = Buffer.byteLength(ch, 'utf8');
    const max = out.length === 0 ? 75 : 74;
    if (size + bytes > max) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** `20261108T230000Z`. */
export function utcStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

const dateValue = (day: string) => day.replace(/-/g, '');

function eventLines(deps: EventsDeps, doc: CalendarDoc, now: Date): string[] {
  const host = new URL(deps.publicUrl).hostname;
  const url = listingUrl(deps, doc._id);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${doc._id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    ...(doc.allDay
      ? [`DTSTART;VALUE=DATE:${dateValue(doc.date!)}`, `DTEND;VALUE=DATE:${dateValue(addDays(doc.date!, 1))}`]
      : [`DTSTART:${utcStamp(doc.startsAt!)}`]),
    `SUMMARY:${escapeText(doc.title)}`,
    `DESCRIPTION:${escapeText(`${doc.description}${doc.allDay && doc.timeText ? `\n\nTime: ${doc.timeText}` : ''}\n\n${url}`)}`,
    `LOCATION:${escapeText([doc.venue, doc.town].filter(Boolean).join(', '))}`,
    `URL:${url}`,
    ...(doc.organizer ? [`X-ORGANIZER-NAME:${escapeText(doc.organizer)}`] : []),
    `STATUS:${doc.closed === 'done' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
  return lines;
}

/** A VCALENDAR of the events, as text/calendar's body. */
export function calendarFile(deps: EventsDeps, docs: CalendarDoc[], name: string): string {
  const now = deps.now();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Central PA Desi Community//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:America/New_York',
    ...docs.flatMap((d) => eventLines(deps, d, now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** GET /api/events/:listingId/ics. */
export async function eventFile(deps: EventsDeps, listingId: string): Promise<string> {
  const doc = await shownEvent(deps, listingId);
  return calendarFile(deps, [doc], doc.title);
}

/** GET /events.ics: the upcoming events of FEED_DAYS, at most FEED_MAX. */
export async function feedFile(deps: EventsDeps): Promise<string> {
  const now = deps.now();
  const docs = await deps.calendar.upcoming(now, new Date(now.getTime() + FEED_DAYS * 86_400_000), FEED_MAX);
  return calendarFile(deps, docs, 'Central PA Desi Community events');
}
