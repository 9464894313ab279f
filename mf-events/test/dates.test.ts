import { addDays, dayIn, formatClock, formatDay, monthGrid, weekendOf } from '../src/lib/dates.ts';
import { googleCalendarUrl, icsPath } from '../src/lib/calendar-links.ts';
import { storedToday } from '../src/lib/use-today.ts';
import { upcomingSections } from '../src/pages/EventsPage.tsx';
import { priceLabel, timeLabel } from '../src/components/EventCard.tsx';
import type { CalendarEvent } from '@cp/events/contracts';
import { calendarEvent } from './support/calendar-event.ts';

const event = (over: Partial<CalendarEvent> = {}) =>
  calendarEvent({ listingId: '00000000-0000-4000-8000-000000000001', title: 'Diwali Mela & Dinner', date: '2026-11-08', startsAt: '2026-11-08T23:00:00.000Z', ...over });

describe('the day in America/New_York', () => {
  it('is the site’s day, not UTC’s, on both sides of the DST changes', () => {
    // 2026-11-01 (Sunday) DST ends: 23:30 EST is 04:30 UTC the next day.
    expect(dayIn(Date.parse('2026-11-02T04:30:00Z'))).toBe('2026-11-01');
    expect(dayIn(Date.parse('2026-11-02T05:30:00Z'))).toBe('2026-11-02');
    // 2026-03-08 (Sunday) DST begins: 23:30 EDT is 03:30 UTC.
    expect(dayIn(Date.parse('2026-03-09T03:30:00Z'))).toBe('2026-03-08');
    expect(dayIn(Date.parse('2026-03-09T04:30:00Z'))).toBe('2026-03-09');
  });

  it('calendar arithmetic ignores DST and crosses months and years', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('this weekend', () => {
  it('Friday to Sunday of this week; Monday to Thursday the coming one', () => {
    expect(weekendOf('2026-12-07')).toEqual({ friday: '2026-12-11', sunday: '2026-12-13' }); // Monday
    expect(weekendOf('2026-12-10')).toEqual({ friday: '2026-12-11', sunday: '2026-12-13' }); // Thursday
    expect(weekendOf('2026-12-11')).toEqual({ friday: '2026-12-11', sunday: '2026-12-13' }); // Friday
    expect(weekendOf('2026-12-12')).toEqual({ friday: '2026-12-11', sunday: '2026-12-13' }); // Saturday
    expect(weekendOf('2026-12-13')).toEqual({ friday: '2026-12-11', sunday: '2026-12-13' }); // Sunday
  });

  it('across month and year ends', () => {
    expect(weekendOf('2026-10-29')).toEqual({ friday: '2026-10-30', sunday: '2026-11-01' });
    expect(weekendOf('2027-01-02')).toEqual({ friday: '2027-01-01', sunday: '2027-01-03' });
    expect(weekendOf('2026-12-28')).toEqual({ friday: '2027-01-01', sunday: '2027-01-03' });
    expect(weekendOf('2028-02-28')).toEqual({ friday: '2028-03-03', sunday: '2028-03-05' });
  });

  it('across DST: late Sunday evening is still that weekend, just after midnight the next one', () => {
    // DST ends on Sunday 2026-11-01.
    expect(weekendOf(dayIn(Date.parse('2026-11-02T04:59:00Z')))).toEqual({ friday: '2026-10-30', sunday: '2026-11-01' });
    expect(weekendOf(dayIn(Date.parse('2026-11-02T05:01:00Z')))).toEqual({ friday: '2026-11-06', sunday: '2026-11-08' });
    // DST begins on Sunday 2026-03-08.
    expect(weekendOf(dayIn(Date.parse('2026-03-09T03:59:00Z')))).toEqual({ friday: '2026-03-06', sunday: '2026-03-08' });
    expect(weekendOf(dayIn(Date.parse('2026-03-09T04:01:00Z')))).toEqual({ friday: '2026-03-13', sunday: '2026-03-15' });
  });
});

describe('the month grid', () => {
  it('whole weeks, Sunday first, within one calendar query', () => {
    const dec = monthGrid('2026-12');
    expect(dec.from).toBe('2026-11-29');
    expect(dec.to).toBe('2027-01-02');
    expect(dec.weeks).toHaveLength(5);
    const feb = monthGrid('2026-02'); // starts on a Sunday, 28 days
    expect([feb.from, feb.to, feb.weeks.length]).toEqual(['2026-02-01', '2026-02-28', 4]);
    const aug = monthGrid('2026-08'); // six weeks
    expect(aug.weeks).toHaveLength(6);
    expect(aug.weeks.flat()).toHaveLength(42);
  });

  it('labels: written out, the same on server and browser', () => {
    expect(formatDay('2026-12-05')).toBe('Sat, Dec 5');
    expect(formatDay('2026-12-05', 'long')).toBe('Saturday, December 5, 2026');
    expect(['00:00', '09:05', '12:00', '19:30'].map(formatClock)).toEqual(['12:00 AM', '9:05 AM', '12:00 PM', '7:30 PM']);
  });
});

describe('card labels', () => {
  it('time: the read one and the typed one; all day when unreadable; price', () => {
    expect(timeLabel({ time: '19:00', timeText: '7 - 10 PM', allDay: false })).toBe('7:00 PM · 7 - 10 PM');
    expect(timeLabel({ time: null, timeText: 'after prayers', allDay: true })).toBe('All day · after prayers');
    expect(timeLabel({ time: null, timeText: null, allDay: true })).toBe('All day');
    expect([0, 15, 7.5].map(priceLabel)).toEqual(['Free', '$15', '$7.50']);
  });
});

describe('add to calendar', () => {
  it('Google Calendar: a timed event in UTC, two hours', () => {
    const url = new URL(googleCalendarUrl(event()));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Diwali Mela & Dinner');
    expect(url.searchParams.get('dates')).toBe('20261108T230000Z/20261109T010000Z');
    expect(url.searchParams.get('details')).toBe('Food, music, dance.');
    expect(url.searchParams.get('location')).toBe('Hindu Temple, Harrisburg PA');
  });

  it('Google Calendar: an all-day event is its day to the next (month end), with the typed time', () => {
    const url = new URL(googleCalendarUrl(event({ allDay: true, time: null, timeText: 'after prayers', date: '2026-10-31', startsAt: '2026-10-31T04:00:00.000Z', venue: null })));
    expect(url.searchParams.get('dates')).toBe('20261031/20261101');
    expect(url.searchParams.get('details')).toBe('Time: after prayers\n\nFood, music, dance.');
    expect(url.searchParams.get('location')).toBe('Harrisburg PA');
  });

  it('the .ics file of one event', () => {
    expect(icsPath('00000000-0000-4000-8000-000000000001')).toBe('/api/events/00000000-0000-4000-8000-000000000001/ics');
  });
});

describe('the upcoming list', () => {
  it('this week (to Sunday), later this month, coming up', () => {
    const days = ['2026-12-03', '2026-12-06', '2026-12-07', '2026-12-31', '2027-01-01'];
    const sections = upcomingSections(days.map((date, i) => event({ date, listingId: `id-${i}` })), '2026-12-03');
    expect(sections.map((s) => [s.title, s.events.map((e) => e.date)])).toEqual([
      ['This Week', ['2026-12-03', '2026-12-06']],
      ['Later This Month', ['2026-12-07', '2026-12-31']],
      ['Coming Up', ['2027-01-01']],
    ]);
    // A week across the month's end stays this week.
    const end = upcomingSections([event({ date: '2027-01-02' }), event({ date: '2027-01-04', listingId: 'x' })], '2026-12-29');
    expect(end.map((s) => s.events.length)).toEqual([1, 0, 1]);
  });

  it('the server’s day reaches the browser’s first render through its answers', () => {
    expect(storedToday({ 'getCalendar({…})': { endpointName: 'getCalendar', originalArgs: { from: 'x', today: '2026-12-03' } } })).toBe('2026-12-03');
    expect(storedToday({ 'getCurrentUser(undefined)': { endpointName: 'getCurrentUser' } })).toBeNull();
    expect(storedToday(undefined)).toBeNull();
  });
});
