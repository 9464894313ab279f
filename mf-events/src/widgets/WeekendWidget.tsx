import { Skeleton } from '@cp/ui';
import { HomeSection } from '@cp/web-core';
import { useGetCalendarQuery } from '../api/events-api.ts';
import { EventCard } from '../components/EventCard.tsx';
import { weekendOf } from '../lib/dates.ts';
import { useToday } from '../lib/use-today.ts';

/** How many of the weekend's events home shows. */
export const WEEKEND_CARDS = 4;

/** While the day and the events are not known: the section's shape, as the shell's skeleton before it (nothing jumps). */
function WeekendSkeleton() {
  return (
    <div role="status" aria-label="Loading this weekend's events…" className="space-y-4">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: WEEKEND_CARDS }, (_, i) => (
          <Skeleton key={i} className="h-40 w-full" />
        ))}
      </div>
    </div>
  );
}

/** The weekend's events, ahead of today (on Saturday, Friday's are over). */
function Weekend({ today }: { today: string }) {
  const { friday, sunday } = weekendOf(today);
  const from = friday < today ? today : friday;
  const { data, isLoading } = useGetCalendarQuery({ from, to: sunday, today });
  if (isLoading) return <WeekendSkeleton />;
  // An extra of the home page: nothing when it fails or when the weekend has no events.
  const events = data?.items.slice(0, WEEKEND_CARDS) ?? [];
  if (events.length === 0) return null;
  return (
    <HomeSection id="home-events-weekend" title="This Weekend" viewAll={{ to: '/events', label: 'All events' }}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {events.map((event) => (
          <li key={event.listingId}>
            <EventCard event={event} calendarLinks={false} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

/**
 * Home's "This weekend" (the open `community` slot): Friday to Sunday of this week in America/New_York, from Monday to
 * Thursday the coming weekend; up to four events and a link to /events. A deferred slot (rendered near the viewport,
 * never on the server), so it reads the day like any component after hydration.
 */
export function WeekendWidget() {
  const today = useToday();
  return today ? <Weekend today={today} /> : <WeekendSkeleton />;
}

export default WeekendWidget;
