import { SITE_TIME_ZONE } from '@cp/contracts';

/**
 * Calendar days of the site's time zone (America/New_York), as `YYYY-MM-DD` strings. Only "today" reads the clock (an
 * instant, through Intl); everything else is arithmetic on calendar days in UTC, so no daylight-saving change or the
 * browser's own zone can move a day. No date library: Intl and a few lines.
 */

/** The longest span one calendar query may ask for (`to - from` must stay below it). */
export { CALENDAR_MAX_DAYS } from '@cp/events/values';

const pad = (n: number) => String(n).padStart(2, '0');
const dayMs = 86_400_000;

const toUtc = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number): string => {
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar day an instant falls on in the site's time zone. */
export function dayIn(instant: number): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(dayFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export const addDays = (day: string, days: number): string => fromUtc(toUtc(day) + days * dayMs);
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: string): number => new Date(toUtc(day)).getUTCDay();
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / dayMs);

/** `YYYY-MM` of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);
export const isMonth = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}
export const lastDayOfMonth = (month: string): string => addDays(`${addMonths(month, 1)}-01`, -1);

/**
 * "This weekend" (home): Friday to Sunday of the current week; from Monday to Thursday, the coming one. On Saturday
 * and Sunday `from` is still the Friday (callers that show only what is ahead start at today).
 */
export function weekendOf(today: string): { friday: string; sunday: string } {
  const weekday = weekdayOf(today);
  // Days from today to this week's Friday: Mon(1)..Thu(4) ahead, Fri 0, Sat -1, Sun -2.
  const toFriday = weekday === 0 ? -2 : 5 - weekday;
  const friday = addDays(today, toFriday);
  return { friday, sunday: addDays(friday, 2) };
}

/** The days a month grid shows: whole weeks, Sunday first (at most 42 days: one calendar query). */
export function monthGrid(month: string): { from: string; to: string; weeks: string[][] } {
  const first = `${month}-01`;
  const from = addDays(first, -weekdayOf(first));
  const last = lastDayOfMonth(month);
  const to = addDays(last, 6 - weekdayOf(last));
  const weeks: string[][] = [];
  for (let day = from; day <= to; day = addDays(day, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  return { from, to, weeks };
}

// Names written out (not Intl): the server's and the browser's output must be the same characters.
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "Sat, Dec 5" (short) or "Saturday, December 5, 2026" (long). */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[weekdayOf(day)]!;
  const month = MONTHS[m - 1]!;
  return style === 'short' ? `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${d}` : `${weekday}, ${month} ${d}, ${y}`;
}

/** "December 2026". */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]!} ${y}`;
}

/** `19:05` → "7:05 PM". */
export function formatClock(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}
