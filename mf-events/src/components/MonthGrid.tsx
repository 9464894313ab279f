import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CalendarEvent } from '@cp/events/contracts';
import { cn } from '@cp/ui';
import { addDays, formatDay, monthGrid, monthOf, weekdayOf, WEEKDAYS } from '../lib/dates.ts';

/** The events of each day, in the order given (oldest first). */
export function byDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) days.set(event.date, [...(days.get(event.date) ?? []), event]);
  return days;
}

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month as a grid of days, Sunday first (the WAI-ARIA grid pattern): one day is in the tab order; the arrow keys move
 * by a day or a week, Home and End to the week's ends, Page Up and Page Down to the month before and after
 * (`onMonth`); Enter, Space or a click choose the day (`onSelect`; again: none). The cells show each day's first two
 * titles; the chosen day's events are listed under the grid by the page. Same size with and without events: nothing
 * moves when they arrive.
 */
export function MonthGrid({
  month,
  today,
  events,
  selected,
  onSelect,
  onMonth,
  labelledBy,
}: {
  month: string;
  today: string;
  events: Map<string, CalendarEvent[]>;
  selected: string | null;
  onSelect: (day: string | null) => void;
  onMonth: (month: string, focusDay: string) => void;
  labelledBy: string;
}) {
  const { weeks } = monthGrid(month);
  const first = weeks[0]![0]!;
  const last = weeks[weeks.length - 1]![6]!;
  const initial = selected ?? (monthOf(today) === month ? today : `${month}-01`);
  const [focusDay, setFocusDay] = useState(initial);
  // A day of another month (the page moved on): start again at this month's.
  const active = focusDay >= first && focusDay <= last ? focusDay : initial;
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cells.current.get(active)?.focus();
  }, [active]);

  function onKeyDown(event: KeyboardEvent, day: string) {
    let next: string;
    const weekday = weekdayOf(day);
    if (event.key in MOVES) next = addDays(day, MOVES[event.key]!);
    else if (event.key === 'Home') next = addDays(day, -weekday);
    else if (event.key === 'End') next = addDays(day, 6 - weekday);
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const target = addDays(day, event.key === 'PageUp' ? -28 : 28);
      moved.current = true;
      setFocusDay(target);
      onMonth(monthOf(target), target);
      return;
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(selected === day ? null : day);
      return;
    } else return;
    event.preventDefault();
    moved.current = true;
    if (next < first || next > last) {
      setFocusDay(next);
      onMonth(monthOf(next), next);
    } else setFocusDay(next);
  }

  return (
    <table role="grid" aria-labelledby={labelledBy} className="w-full table-fixed border-collapse text-sm">
      <thead>
        <tr>
          {WEEKDAYS.map((name) => (
            <th key={name} scope="col" abbr={name} className="pb-2 text-center text-xs font-medium text-muted-foreground">
              <span aria-hidden="true">{name.slice(0, 3)}</span>
              <span className="sr-only">{name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const dayEvents = events.get(day) ?? [];
              const outside = monthOf(day) !== month;
              const past = day < today;
              const count = dayEvents.length;
              return (
                <td
                  key={day}
                  ref={(el) => {
                    if (el) cells.current.set(day, el);
                    else cells.current.delete(day);
                  }}
                  role="gridcell"
                  tabIndex={day === active ? 0 : -1}
                  aria-selected={selected === day}
                  aria-current={day === today ? 'date' : undefined}
                  aria-label={`${formatDay(day, 'long')}${count > 0 ? `, ${count} ${count === 1 ? 'event' : 'events'}` : ''}${day === today ? ', today' : ''}`}
                  onClick={() => {
                    setFocusDay(day);
                    onSelect(selected === day ? null : day);
                  }}
                  onKeyDown={(e) => onKeyDown(e, day)}
                  className={cn(
                    'h-20 cursor-pointer border align-top p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:h-24',
                    outside || past ? 'bg-muted/40 text-muted-foreground' : 'bg-card',
                    selected === day && 'bg-primary/10 ring-2 ring-primary ring-inset',
                  )}
                >
                  <span className={cn('inline-flex h-6 w-6 items-center justify-center rounded-full text-xs', day === today && 'bg-primary font-semibold text-primary-foreground')}>
                    {Number(day.slice(8))}
                  </span>
                  {count > 0 ? (
                    <ul aria-hidden="true" className="mt-0.5 space-y-0.5">
                      {dayEvents.slice(0, 2).map((e) => (
                        <li key={e.listingId} className="truncate rounded bg-primary/10 px-1 text-[11px] leading-4 text-foreground">
                          {e.title}
                        </li>
                      ))}
                      {count > 2 ? <li className="px-1 text-[11px] leading-4 text-muted-foreground">+{count - 2} more</li> : null}
                    </ul>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
