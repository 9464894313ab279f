import { calendarDate, clockTime, eventDayEnd, eventStart, eventStartText, zonedInstant } from '../src/index.ts';

/** What a wall clock in Central Pennsylvania shows at an instant: `2026-11-01 01:30`. */
const newYorkClock = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

describe('an event\'s typed time (issue 38: free-text times read where they can be, never as a wrong time)', () => {
  test.each([
    ['6 PM', '18:00'],
    ['6pm', '18:00'],
    ['6 p.m.', '18:00'],
    ['6:30 PM', '18:30'],
    ['6:30pm', '18:30'],
    ['12 PM', '12:00'],
    ['12:15 am', '00:15'],
    ['18:00', '18:00'],
    ['09:30', '09:30'],
    ['19h30', '19:30'],
    ['noon', '12:00'],
    ['Midnight', '00:00'],
    ['7 - 10 PM', '19:00'],
    ['6:30pm to 9pm', '18:30'],
    ['11 - 2 PM', '11:00'],
    ['12 - 3 pm', '12:00'],
    ['10 AM – 4 PM', '10:00'],
  ])('%j → %s', (typed, time) => expect(clockTime(typed)).toBe(time));

  test.each(['', '  ', 'evening', 'after evening prayers', '7', '7:30', '13 PM', '0 AM', '6:75 PM', '24:00', '25:00', '6 - 26', 'TBD', null, undefined, '6 PM'.repeat(20)])(
    '%j is not a time',
    (typed) => expect(clockTime(typed)).toBeNull(),
  );
});

describe('an event\'s start in America/New_York, across daylight-saving changes', () => {
  it('is the wall-clock time of its day, with the offset of that day', () => {
    const winter = eventStart('2027-01-15', '6:30 PM');
    expect(winter && eventStartText(winter)).toBe('2027-01-15T18:30:00-05:00');
    expect(winter && !winter.allDay && winter.at.toISOString()).toBe('2027-01-15T23:30:00.000Z');
    const summer = eventStart('2027-07-04', '9 PM');
    expect(summer && eventStartText(summer)).toBe('2027-07-04T21:00:00-04:00');
    expect(summer && !summer.allDay && summer.at.toISOString()).toBe('2027-07-05T01:00:00.000Z');
  });

  it('on the nights the clocks change, each time is the one the clock shows', () => {
    // 2026-03-08: 2:00 AM becomes 3:00 AM; 2026-11-01: 2:00 AM becomes 1:00 AM again.
    for (const [date, time] of [
      ['2026-03-08', '01:30'],
      ['2026-03-08', '03:30'],
      ['2026-03-08', '18:00'],
      ['2026-11-01', '00:30'],
      ['2026-11-01', '18:00'],
    ] as const) {
      const start = eventStart(date, time);
      expect(start?.allDay).toBe(false);
      expect(newYorkClock((start as { at: Date }).at)).toBe(`${date} ${time}`);
    }
    expect(eventStart('2026-03-08', '6 PM') && eventStartText(eventStart('2026-03-08', '6 PM')!)).toBe('2026-03-08T18:00:00-04:00');
    expect(eventStart('2026-11-01', '6 PM') && eventStartText(eventStart('2026-11-01', '6 PM')!)).toBe('2026-11-01T18:00:00-05:00');
    // The days themselves are 23 and 25 hours long.
    const day = (date: string) => {
      const start = eventStart(date, null)!;
      return (start.dayEnd.getTime() - start.dayStart.getTime()) / 3_600_000;
    };
    expect([day('2026-03-08'), day('2026-11-01'), day('2026-11-02')]).toEqual([23, 25, 24]);
    expect(eventDayEnd('2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(zonedInstant(2026, 12, 31, 23, 59).toISOString()).toBe('2027-01-01T04:59:00.000Z');
  });

  it('an unreadable time leaves the event all-day; without a real date there is no start', () => {
    expect(eventStart('2027-01-15', 'evening')).toMatchObject({ allDay: true, date: '2027-01-15' });
    expect(eventStartText(eventStart('2027-01-15', undefined)!)).toBe('2027-01-15');
    for (const date of ['2027-02-30', '2027-13-01', '27-01-15', '2027-1-5', '', null]) expect(eventStart(date, '6 PM')).toBeNull();
    expect(calendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(calendarDate('2027-02-29')).toBeNull();
  });
});
