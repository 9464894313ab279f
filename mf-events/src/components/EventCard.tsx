import { Link } from 'react-router';
import { CalendarPlus, Clock, MapPin } from 'lucide-react';
import type { CalendarEvent } from '@cp/events/contracts';
import { googleCalendarUrl, icsPath, listingPath } from '../lib/calendar-links.ts';
import { formatClock, formatDay } from '../lib/dates.ts';

/** "7:00 PM · 7 - 10 PM" (the read time, then the typed one), or "All day · after prayers". */
export function timeLabel(event: Pick<CalendarEvent, 'time' | 'timeText' | 'allDay'>): string {
  const read = event.allDay || !event.time ? 'All day' : formatClock(event.time);
  return event.timeText ? `${read} · ${event.timeText}` : read;
}

export function placeLabel(event: Pick<CalendarEvent, 'venue' | 'town'>): string {
  return [event.venue, event.town].filter(Boolean).join(', ');
}

/** "Free", "$15", "$7.50" (no Intl: the same characters on the server and in the browser). */
export const priceLabel = (price: number): string => (price > 0 ? `$${Number.isInteger(price) ? price : price.toFixed(2)}` : 'Free');

/** "3 going · 5 interested". */
export const countsLabel = ({ going, interested }: { going: number; interested: number }): string => `${going} going · ${interested} interested`;

/** Add to calendar: the event's .ics file and Google Calendar. */
export function AddToCalendar({ event, title }: { event: CalendarEvent; title: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <CalendarPlus className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
      <span className="text-muted-foreground">Add to calendar:</span>
      <a className="font-medium text-primary underline-offset-4 hover:underline" href={icsPath(event.listingId)} download aria-label={`Download ${title} as an .ics file`}>
        .ics file
      </a>
      <a
        className="font-medium text-primary underline-offset-4 hover:underline"
        href={googleCalendarUrl(event)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Add ${title} to Google Calendar (opens in a new tab)`}
      >
        Google Calendar
      </a>
    </div>
  );
}

/** One event: its title (the listing's link), day and time, place, answers; optionally the calendar links. */
export function EventCard({ event, headingLevel = 3, calendarLinks = true }: { event: CalendarEvent; headingLevel?: 2 | 3 | 4; calendarLinks?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const place = placeLabel(event);
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
      <p className="text-sm font-semibold text-primary">
        <time dateTime={event.allDay ? event.date : event.startsAt}>{formatDay(event.date)}</time>
        {event.eventType ? <span className="font-normal text-muted-foreground"> · {event.eventType}</span> : null}
      </p>
      <Heading className="text-lg font-semibold leading-tight">
        <Link to={listingPath(event.listingId)} className="underline-offset-4 hover:underline">
          {event.title}
        </Link>
      </Heading>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {timeLabel(event)}
      </p>
      {place ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          {place}
        </p>
      ) : null}
      <p className="text-sm">
        {priceLabel(event.price)}
        {event.organizer ? <span className="text-muted-foreground"> · By {event.organizer}</span> : null}
      </p>
      <p className="text-sm">{countsLabel(event.counts)}</p>
      {calendarLinks ? (
        <div className="mt-auto pt-1">
          <AddToCalendar event={event} title={event.title} />
        </div>
      ) : null}
    </article>
  );
}
