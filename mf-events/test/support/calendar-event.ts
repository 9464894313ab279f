import type { CalendarEvent } from '@cp/events/contracts';

export const ORGANIZER = '11111111-1111-4111-8111-111111111111';

let n = 0;

/** A calendar event as the events service answers it (each one its own listing id): Diwali Mela at 6 PM, `over` on top. */
export const calendarEvent = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  listingId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  title: 'Diwali Mela',
  excerpt: 'Food, music, dance.',
  date: '2026-12-05',
  time: '18:00',
  timeText: '6 PM',
  allDay: false,
  startsAt: '2026-12-05T23:00:00.000Z',
  town: 'Harrisburg PA',
  venue: 'Hindu Temple',
  organizer: null,
  eventType: 'Cultural',
  price: 0,
  imageUrl: null,
  ownerId: ORGANIZER,
  counts: { going: 3, interested: 5 },
  ...over,
});
