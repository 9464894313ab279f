/**
 * When a community event happens, from what its poster typed: the date (`YYYY-MM-DD`, the form's date control) and a
 * free-text time ("6 PM", "6:30pm", "18:00", "7 - 10 PM", "noon", "evening"), in the community's time zone across
 * daylight-saving changes. One reading for every reader of an event — the listing's expiry, its page's schema.org data,
 * and any team that builds on events (calendars, reminders) — so that nobody shows a time another part reads otherwise.
 *
 * A time that cannot be read leaves the event all-day: never a guessed time. Plain functions, no zod: browser-safe.
 */

/** The community's time zone (Central Pennsylvania). */
export const SITE_TIME_ZONE = 'America/New_York';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date's parts when `text` is a real calendar date in `YYYY-MM-DD` form (not 2026-02-30). */
export function calendarDate(text: string | null | undefined): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(text ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

const NAMED_TIMES: Record<string, string> = { noon: '12:00', midday: '12:00', midnight: '00:00' };

/**
 * The start of a typed event time as `HH:MM` (24 h), or null when it is not a time. Reads "7:30 PM", "7:30pm", "7pm",
 * "7 p.m.", "19:30", "09:30", "19h30", "noon"; of a range ("7 - 10 PM", "6:30pm to 9pm") the start, taking the
 * range's AM/PM when only its end has one. "7" or "7:30" alone (morning or evening?), "evening" or "after prayers"
 * are not times.
 */
export function clockTime(text: string | null | undefined): string | null {
  const value = (text ?? '').trim().toLowerCase().replace(/\./g, '');
  if (value.length === 0 || value.length > 40) return null;
  const named = NAMED_TIMES[value];
  if (named) return named;
  const time = String.raw`(\d{1,2})(?:[:h](\d{2}))?\s*(am|pm)?`;
  const m = new RegExp(String.raw`^${time}(?:\s*(?:-|–|to|until|till)\s*${time})?$`).exec(value);
  if (!m) return null;
  const [, h, min, half, , endMin, endHalf] = m;
  const meridiem = half ?? (m[4] !== undefined ? endHalf : undefined);
  let hours = Number(h);
  const minutes = min ? Number(min) : 0;
  if (minutes > 59) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || (endMin !== undefined && Number(endMin) > 59))) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
    // "11 - 2 PM": a start after its end under the end's PM is a morning start.
    if (!half && meridiem === 'pm' && m[4] !== undefined && Number(h) > Number(m[4]) && Number(h) !== 12) hours -= 12;
  } else if (hours > 23 || min === undefined || h!.length < 2) return null; // "7:30" alone: morning or evening? Not a time.
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The UTC offset (ms, local − UTC) of a time zone at an instant. */
export function zoneOffsetMs(at: Date, timeZone = SITE_TIME_ZONE): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time of the site's time zone stands for. Two passes: the offset at the guess, then at the
 * corrected instant (a daylight-saving change on that night). A time the spring change skips (2:30 AM) is read as
 * the same time before the change, i.e. an hour later by the clock.
 */
export function zonedInstant(year: number, month: number, day: number, hours = 0, minutes = 0, timeZone = SITE_TIME_ZONE): Date {
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const first = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  return new Date(asUtc - zoneOffsetMs(new Date(first), timeZone));
}

/** The end of an event's day (`YYYY-MM-DD`): midnight starting the next day in the site's time zone. */
export function eventDayEnd(eventDate: string, timeZone = SITE_TIME_ZONE): Date {
  const [y, m, d] = eventDate.split('-').map(Number) as [number, number, number];
  return zonedInstant(y, m, d + 1, 0, 0, timeZone);
}

/** When an event starts: a day (all-day: its time was not given or could not be read) or an instant. */
export type EventStart =
  | { allDay: true; date: string; dayStart: Date; dayEnd: Date }
  | { allDay: false; date: string; time: string; at: Date; dayStart: Date; dayEnd: Date; offset: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** `-05:00` / `-04:00`: the site's UTC offset at an instant, as ISO 8601 writes it. */
export function isoOffset(at: Date, timeZone = SITE_TIME_ZONE): string {
  const minutes = Math.round(zoneOffsetMs(at, timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** An event's start from its listing's `eventDate` and `eventTime`; null without a real date. */
export function eventStart(eventDate: string | null | undefined, eventTime: string | null | undefined): EventStart | null {
  const date = calendarDate(eventDate);
  if (!date) return null;
  const day = `${date.year}-${pad(date.month)}-${pad(date.day)}`;
  const dayStart = zonedInstant(date.year, date.month, date.day);
  const dayEnd = zonedInstant(date.year, date.month, date.day + 1);
  const time = clockTime(eventTime);
  if (!time) return { allDay: true, date: day, dayStart, dayEnd };
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const at = zonedInstant(date.year, date.month, date.day, hours, minutes);
  return { allDay: false, date: day, time, at, dayStart, dayEnd, offset: isoOffset(at) };
}

/** The start as schema.org and ISO 8601 write it: `2026-11-08T18:00:00-05:00`, or the day alone when all-day. */
export function eventStartText(start: EventStart): string {
  return start.allDay ? start.date : `${start.date}T${start.time}:00${start.offset}`;
}
