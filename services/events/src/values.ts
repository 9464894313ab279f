/**
 * The Events team's plain values (no zod): read by the service (its contracts, use cases) and by mf-events at run time
 * (`@cp/events/values`), so the remote never restates a limit or a sentence and never bundles the schemas of
 * `@cp/events/contracts` (whose types it imports).
 */

/** The answers a signed-in person gives on an upcoming event. */
export const RSVP_ANSWERS = ['going', 'interested'] as const;

/** The longest span one calendar query may ask for (a month grid with its leading and trailing days fits). */
export const CALENDAR_MAX_DAYS = 62;
/** Page sizes of the calendar's lists (a cursor list: `{ items, nextCursor }`) and of an organizer's attendee list. */
export const CALENDAR_PAGE = { default: 50, max: 100 } as const;
export const ATTENDEES_PAGE = { default: 50, max: 100 } as const;

/** The reminder and change mails' unsubscribe: the API the one-click header and the page's button post to, the page. */
export const UNSUBSCRIBE_PATH = '/api/events/reminders/unsubscribe';
export const UNSUBSCRIBE_PAGE = '/events/unsubscribe';
/** A bad, altered or expired unsubscribe link (the service's 400, and the page for a token of another shape). */
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link of a recent mail.';
