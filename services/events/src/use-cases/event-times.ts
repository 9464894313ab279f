import { calendarDate, SITE_TIME_ZONE } from '@cp/contracts';

/** The site's calendar day of an instant (`YYYY-MM-DD` in America/New_York). */
export function siteDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The calendar day `days` after `day` (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const d = calendarDate(day);
  if (!d) throw new Error(`not a calendar day: ${day}`);
  return new Date(Date.UTC(d.year, d.month - 1, d.day + days)).toISOString().slice(0, 10);
}

/** "Saturday, December 5" of a day. */
export function dayText(day: string): string {
  const d = calendarDate(day)!;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
}

/** "6:30 PM" of `HH:MM`. */
export function clockText(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The hour (0-23) of an instant in the site's time zone. */
export function siteHour(at: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, hourCycle: 'h23', hour: '2-digit' }).format(at));
}
