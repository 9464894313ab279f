/**
 * The Events team's own contracts (issue 38): the calendar's entities and the API's bodies, queries and answers. One
 * declaration, read by the service (zod, at every boundary) and by mf-events
 * (`import type` only: the remote never bundles zod). Exported as `@cp/events/contracts`.
 *
 * Why here and not in packages/contracts: a new team ships touching only its own folders (issue 35). What the
 * platform shares (the listing events it builds from, the notice mail it asks comms for, ids, pages, time zone and
 * event-time reading) comes from `@cp/contracts` and is never restated here.
 */
import { z } from 'zod';
import { CursorPageSchema, cursorQuery, EVENT_TYPES, IdSchema, IsoDateTimeSchema, LOCATIONS, QueryTextSchema, type OwnPostingAction } from '@cp/contracts';

import { ATTENDEES_PAGE, CALENDAR_MAX_DAYS, CALENDAR_PAGE, RSVP_ANSWERS } from './values.ts';

export { ATTENDEES_PAGE, CALENDAR_MAX_DAYS, CALENDAR_PAGE, RSVP_ANSWERS };

export const RsvpAnswerSchema = z.enum(RSVP_ANSWERS);
export type RsvpAnswer = z.infer<typeof RsvpAnswerSchema>;

/** A calendar day in the site's time zone, `YYYY-MM-DD`. */
export const CalendarDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-08');

/** What the subscribable feed (`/events.ics`) holds: the upcoming events of this many days, at most FEED_MAX. */
export const FEED_DAYS = 90;
export const FEED_MAX = 500;

export const RsvpCountsSchema = z.object({ going: z.number().int().nonnegative(), interested: z.number().int().nonnegative() });
export type RsvpCounts = z.infer<typeof RsvpCountsSchema>;

/**
 * An upcoming (or past) community event as the calendar shows it: built from an Events listing, its start read once
 * (`eventStart` of @cp/contracts: the site's time zone; `allDay` when the typed time cannot be read — never a guessed
 * time). `startsAt`: the instant it starts, or the start of its day when all-day.
 */
export const CalendarEventSchema = z.object({
  listingId: IdSchema,
  title: z.string(),
  /** The listing's description, cut to a card's excerpt. */
  excerpt: z.string(),
  date: CalendarDaySchema,
  /** `HH:MM` (24 h) in the site's time zone; null when all-day. */
  time: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
  /** The time as its organizer typed it ("7 - 10 PM"), shown beside the read one. */
  timeText: z.string().nullable(),
  allDay: z.boolean(),
  startsAt: IsoDateTimeSchema,
  town: z.string(),
  venue: z.string().nullable(),
  organizer: z.string().nullable(),
  eventType: z.string().nullable(),
  /** 0: free. */
  price: z.number().nonnegative(),
  imageUrl: z.string().nullable(),
  /** The listing's owner: the organizer, the only one who sees who answered. */
  ownerId: IdSchema,
  counts: RsvpCountsSchema,
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

/** GET /api/events: the events of a span of days (at most CALENDAR_MAX_DAYS), oldest first, filtered by town and type. */
export const CalendarQuerySchema = z
  .object({
    from: CalendarDaySchema,
    to: CalendarDaySchema,
    town: z.enum(LOCATIONS).optional(),
    type: z.enum(EVENT_TYPES).optional(),
    q: QueryTextSchema(80).optional(),
    ...cursorQuery(CALENDAR_PAGE),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: '`to` must not be before `from`' })
  .refine((q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < CALENDAR_MAX_DAYS, {
    path: ['to'],
    message: `At most ${CALENDAR_MAX_DAYS} days at a time`,
  });
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;
export const CalendarPageSchema = CursorPageSchema(CalendarEventSchema);
export type CalendarPage = z.infer<typeof CalendarPageSchema>;

/** GET /api/events/:listingId: one event, with what the asking person answered and whether they organize it. */
export const EventViewSchema = CalendarEventSchema.extend({
  /** Past, or no longer shown (deleted, hidden, done, expired): it takes no answers. */
  open: z.boolean(),
  myAnswer: RsvpAnswerSchema.nullable(),
  isOrganizer: z.boolean(),
});
export type EventView = z.infer<typeof EventViewSchema>;

/**
 * The posting limit of answers (the kit's posting limits, with the site's own actions): each new or changed answer takes
 * a slot, so a script cannot churn the counts and the organizers' lists; the same answer again takes none.
 * `POSTING_LIMITS={"event-answer":{...}}` overrides it.
 */
export const RSVP_POSTING = { action: 'event-answer', limit: 100, newAccountLimit: 30, windowHours: 1, noun: 'answers to events' } as const satisfies OwnPostingAction;

/** PUT /api/events/:listingId/rsvp. */
export const RsvpBodySchema = z.strictObject({ answer: RsvpAnswerSchema });
export type RsvpBody = z.infer<typeof RsvpBodySchema>;
/** What PUT and DELETE /api/events/:listingId/rsvp answer: the counts after the change and the person's answer. */
export const RsvpResultSchema = z.object({ myAnswer: RsvpAnswerSchema.nullable(), counts: RsvpCountsSchema });
export type RsvpResult = z.infer<typeof RsvpResultSchema>;

/** GET /api/events/:listingId/attendees (its organizer only): who answered, newest first. */
export const AttendeeSchema = z.object({ userId: IdSchema, name: z.string(), answer: RsvpAnswerSchema, answeredAt: IsoDateTimeSchema });
export type Attendee = z.infer<typeof AttendeeSchema>;
export const AttendeesQuerySchema = z.object({ answer: RsvpAnswerSchema.optional(), ...cursorQuery(ATTENDEES_PAGE) });
export const AttendeesPageSchema = CursorPageSchema(AttendeeSchema);
export type AttendeesPage = z.infer<typeof AttendeesPageSchema>;

