import type { CalendarEvent } from '@cp/events/contracts';
import { addDays } from './dates.ts';

/** The subscribable feed of upcoming events (the events service's, at the site root). */
export const FEED_PATH = '/events.ics';

/** One event as an iCalendar file (the events service). */
export const icsPath = (listingId: string): string => `/api/events/${encodeURIComponent(listingId)}/ics`;

export const listingPath = (listingId: string): string => `/listing/${encodeURIComponent(listingId)}`;

/** How long a timed event lasts in a calendar it is added to: the listing has a start only. */
export const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

const utcStamp = (ms: number): string => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/**
 * Google Calendar's "add event" link: a timed event in UTC (`YYYYMMDDTHHMMSSZ/…`, two hours by default), an all-day
 * one as its day and the next (`YYYYMMDD/YYYYMMDD`, the end exclusive). Pure: the same link on the server and in the
 * browser.
 */
export function googleCalendarUrl(
  event: Pick<CalendarEvent, 'title' | 'excerpt' | 'date' | 'allDay' | 'startsAt' | 'venue' | 'town' | 'timeText'>,
): string {
  let dates: string;
  if (event.allDay) dates = `${event.date.replace(/-/g, '')}/${addDays(event.date, 1).replace(/-/g, '')}`;
  else {
    const start = Date.parse(event.startsAt);
    dates = `${utcStamp(start)}/${utcStamp(start + DEFAULT_DURATION_MS)}`;
  }
  const details = [event.timeText && event.allDay ? `Time: ${event.timeText}` : '', event.excerpt].filter(Boolean).join('\n\n');
  const location = [event.venue, event.town].filter(Boolean).join(', ');
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates, details, location });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
