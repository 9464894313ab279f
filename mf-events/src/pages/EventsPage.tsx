import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CalendarDays, ChevronLeft, ChevronRight, Rss } from 'lucide-react';
import { EVENT_TYPES, LOCATIONS } from '@cp/contracts';
import type { CalendarEvent } from '@cp/events/contracts';
import { Button, EmptyState, Skeleton } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { useGetCalendarQuery, useGetMonthQuery } from '../api/events-api.ts';
import { EventCard } from '../components/EventCard.tsx';
import { byDay, MonthGrid } from '../components/MonthGrid.tsx';
import { FEED_PATH } from '../lib/calendar-links.ts';
import { addDays, addMonths, CALENDAR_MAX_DAYS, formatDay, formatMonth, isMonth, lastDayOfMonth, monthGrid, monthOf, weekdayOf } from '../lib/dates.ts';
import { useToday } from '../lib/use-today.ts';

type Filters = { town: string | undefined; type: string | undefined };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The upcoming list's sections: this week (to Sunday), the rest of this month, later. */
export function upcomingSections(events: readonly CalendarEvent[], today: string): { id: string; title: string; events: CalendarEvent[] }[] {
  const weekEnd = addDays(today, (7 - weekdayOf(today)) % 7);
  const monthEnd = lastDayOfMonth(monthOf(today));
  return [
    { id: 'week', title: 'This Week', events: events.filter((e) => e.date <= weekEnd) },
    { id: 'month', title: 'Later This Month', events: events.filter((e) => e.date > weekEnd && e.date <= monthEnd) },
    { id: 'later', title: 'Coming Up', events: events.filter((e) => e.date > monthEnd && e.date > weekEnd) },
  ];
}

function EventGrid({ events, label }: { events: readonly CalendarEvent[]; label: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {events.map((event) => (
        <li key={event.listingId}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}

function CardsSkeleton({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-48 w-full" />
      ))}
    </div>
  );
}

/** The pages after the first (Load more), each asked with the cursor of the one before. */
function MoreEvents({ args, cursor }: { args: Filters & { from: string; to: string; today: string }; cursor: string }) {
  const [more, setMore] = useState(false);
  const { data, error, refetch } = useGetCalendarQuery({ ...args, cursor }, { skip: !more });
  if (!more)
    return (
      <div className="flex justify-center">
        <Button variant="outline" onClick={() => setMore(true)}>
          Load more events
        </Button>
      </div>
    );
  if (error) return <LoadError title="More events could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={2} />;
  if (!data) return <CardsSkeleton count={2} label="Loading more events…" />;
  return (
    <>
      <EventGrid events={data.items} label="More events" />
      {data.nextCursor ? <MoreEvents args={args} cursor={data.nextCursor} /> : null}
    </>
  );
}

function Upcoming({ today, filters, onMonthView }: { today: string; filters: Filters; onMonthView: () => void }) {
  const args = { from: today, to: addDays(today, CALENDAR_MAX_DAYS - 1), ...filters, today };
  // Another town or type: the last list stays, dimmed, until the new one is here (nothing jumps to a skeleton).
  const { data, currentData, isFetching, error, refetch } = useGetCalendarQuery(args);
  const stale = isFetching && !currentData;
  if (error) return <LoadError title="The calendar could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={2} />;
  if (!data) return <CardsSkeleton label="Loading events…" />;
  const pastLink = (
    <p className="text-sm text-muted-foreground">
      Looking for past events?{' '}
      <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={onMonthView}>
        Browse earlier months in the month view
      </button>
      .
    </p>
  );
  if (data.items.length === 0) {
    return (
      <>
        <EmptyState
          headingLevel={2}
          icon={<CalendarDays />}
          title="No Upcoming Events"
          description={filters.town || filters.type ? 'No events match these filters in the coming weeks. Try another town or type.' : 'Nothing is planned yet. Organizing something? Post it as an Events listing.'}
        />
        {pastLink}
      </>
    );
  }
  return (
    <div className={stale ? 'space-y-8 opacity-60' : 'space-y-8'} aria-busy={stale}>
      {upcomingSections(data.items, today).map((section) => (
        <section key={section.id} aria-labelledby={`events-${section.id}`} className="space-y-3">
          <h2 id={`events-${section.id}`} className="text-xl font-semibold">
            {section.title}
          </h2>
          {section.events.length > 0 ? <EventGrid events={section.events} label={section.title} /> : <p className="text-sm text-muted-foreground">No events.</p>}
        </section>
      ))}
      {data.nextCursor ? <MoreEvents args={args} cursor={data.nextCursor} /> : null}
      {pastLink}
    </div>
  );
}

function MonthView({ today, month, filters, onMonth }: { today: string; month: string; filters: Filters; onMonth: (month: string) => void }) {
  const headingId = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const grid = monthGrid(month);
  // This month's answer only (`currentData`): another month's events never sit in this grid while it loads.
  const { currentData: data, error, refetch } = useGetMonthQuery({ from: grid.from, to: grid.to, ...filters, today });
  const days = byDay(data ?? []);
  const shown = selected ? (days.get(selected) ?? []) : (data ?? []).filter((e) => monthOf(e.date) === month);
  const go = (next: string) => {
    setSelected(null);
    onMonth(next);
  };
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => go(addMonths(month, -1))} aria-label={`Previous month, ${formatMonth(addMonths(month, -1))}`}>
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">{formatMonth(addMonths(month, -1))}</span>
        </Button>
        <h2 id={headingId} className="text-xl font-semibold" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <Button variant="outline" size="sm" onClick={() => go(addMonths(month, 1))} aria-label={`Next month, ${formatMonth(addMonths(month, 1))}`}>
          <span className="hidden sm:inline">{formatMonth(addMonths(month, 1))}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Arrow keys move between days, Page Up and Page Down between months; Enter shows a day's events.</p>
      <MonthGrid month={month} today={today} events={days} selected={selected} onSelect={setSelected} onMonth={go} labelledBy={headingId} />
      <section aria-labelledby={`${headingId}-list`} className="space-y-3">
        <h3 id={`${headingId}-list`} className="text-lg font-semibold">
          {selected ? `Events on ${formatDay(selected, 'long')}` : `Events in ${formatMonth(month)}`}
        </h3>
        {error ? (
          <LoadError title="The calendar could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />
        ) : !data ? (
          <CardsSkeleton count={3} label="Loading events…" />
        ) : shown.length > 0 ? (
          <EventGrid events={shown} label={selected ? formatDay(selected, 'long') : formatMonth(month)} />
        ) : (
          <p className="text-sm text-muted-foreground">{selected ? 'No events on this day.' : 'No events this month.'}</p>
        )}
      </section>
    </section>
  );
}

function FilterSelect({ label, value, values, onChange }: { label: string; value: string | undefined; values: readonly string[]; onChange: (value: string | undefined) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="">All</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

function Frame({ children, controls }: { children: ReactNode; controls: ReactNode }) {
  return (
    <div className="space-y-6">
      <title>Community Events in Central PA | Central PA Desi Community</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Community Events</h1>
          <p className="text-muted-foreground">Music, cultural evenings, family functions and get-togethers across Central Pennsylvania.</p>
        </div>
        <a href={FEED_PATH} className="flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
          <Rss className="h-4 w-4" aria-hidden="true" />
          Subscribe to the calendar (.ics)
        </a>
      </div>
      {controls}
      {children}
    </div>
  );
}

/**
 * /events (issue 38): the upcoming events (this week, later this month, coming up) or a month grid, filtered by town
 * and type; past events only in the month view's earlier months. The view, month and filters are the URL's (the
 * server renders the same page). Every date is a day of America/New_York: the server's "today" reaches the browser's
 * first render through the server's answers (use-today.ts).
 */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const today = useToday();
  const filters: Filters = { town: oneOf(LOCATIONS, params.get('town')), type: oneOf(EVENT_TYPES, params.get('type')) };
  const view = params.get('view') === 'month' ? 'month' : 'list';
  const rawMonth = params.get('month');

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [key, value] of Object.entries(changes)) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );

  const controls = (
    <div className="flex flex-wrap items-end gap-4">
      <FilterSelect label="Town" value={filters.town} values={LOCATIONS} onChange={(town) => update({ town })} />
      <FilterSelect label="Event type" value={filters.type} values={EVENT_TYPES} onChange={(type) => update({ type })} />
      <div role="group" aria-label="View" className="flex gap-2">
        <Button size="sm" variant={view === 'list' ? 'default' : 'outline'} aria-pressed={view === 'list'} onClick={() => update({ view: undefined, month: undefined })}>
          List
        </Button>
        <Button size="sm" variant={view === 'month' ? 'default' : 'outline'} aria-pressed={view === 'month'} onClick={() => update({ view: 'month' })}>
          Month
        </Button>
      </div>
      {filters.town || filters.type ? (
        <Link to="/events" className="pb-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
          Clear filters
        </Link>
      ) : null}
    </div>
  );

  let body;
  if (!today) body = <CardsSkeleton label="Loading events…" />;
  else if (view === 'month') {
    const month = isMonth(rawMonth) ? rawMonth : monthOf(today);
    body = <MonthView today={today} month={month} filters={filters} onMonth={(next) => update({ month: next === monthOf(today) ? undefined : next })} />;
  } else body = <Upcoming today={today} filters={filters} onMonthView={() => update({ view: 'month', month: addMonths(monthOf(today), -1) })} />;
  return <Frame controls={controls}>{body}</Frame>;
}

export default EventsPage;
