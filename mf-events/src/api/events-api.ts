import type { AttendeesPage, CalendarEvent, CalendarPage, EventView, RsvpAnswer, RsvpResult } from '@cp/events/contracts';
import { CALENDAR_PAGE, UNSUBSCRIBE_PATH } from '@cp/events/values';
import { baseApi, type ApiError } from '@cp/web-core';

/**
 * A span of the calendar. `today`: the day the page was rendered for (not sent): the server's answers carry it to the
 * browser, whose first render must be the server's (see use-today.ts).
 */
export interface CalendarArgs {
  from: string;
  to: string;
  town?: string | undefined;
  type?: string | undefined;
  cursor?: string | undefined;
  today: string;
}

/** Events a list page asks for at once: the most the service gives (a month grid must fit). */
export const CALENDAR_LIMIT = CALENDAR_PAGE.max;
/** Pages a month grid follows at most (a month of more than 500 events is not this community's). */
const MONTH_MAX_PAGES = 5;

export const calendarPath = ({ from, to, town, type, cursor }: Omit<CalendarArgs, 'today'>): string =>
  `/api/events?${new URLSearchParams({ from, to, ...(town ? { town } : {}), ...(type ? { type } : {}), ...(cursor ? { cursor } : {}), limit: String(CALENDAR_LIMIT) }).toString()}`;

const eventPath = (listingId: string) => `/api/events/${encodeURIComponent(listingId)}`;

/** Who asks (their answer and organizer flag are theirs): a new session asks again. */
export interface EventArgs {
  listingId: string;
  userId: string | null;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['EventRsvp', 'EventAttendees'] });

/** The events service's calls (issue 38), injected into the page's one API when this remote loads. */
export const eventsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/events: one page of a span, oldest first. */
    getCalendar: build.query<CalendarPage, CalendarArgs>({
      query: calendarPath,
      providesTags: [{ type: 'EventRsvp', id: 'LIST' }],
    }),
    /** A month grid's span, every page of it (its cursor followed, at most MONTH_MAX_PAGES). */
    getMonth: build.query<CalendarEvent[], CalendarArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const items: CalendarEvent[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MONTH_MAX_PAGES; page++) {
          const result = await baseQuery(calendarPath({ ...args, cursor }));
          if (result.error) return { error: result.error as ApiError };
          const data = result.data as CalendarPage;
          items.push(...data.items);
          if (!data.nextCursor) break;
          cursor = data.nextCursor;
        }
        return { data: items };
      },
      providesTags: [{ type: 'EventRsvp', id: 'LIST' }],
    }),
    /** GET /api/events/:listingId: the event with the asking person's answer; 404 when not in the calendar. */
    getEvent: build.query<EventView, EventArgs>({
      query: ({ listingId }) => eventPath(listingId),
    }),
    /** PUT (an answer) or DELETE (none) /api/events/:listingId/rsvp. */
    setRsvp: build.mutation<RsvpResult, { listingId: string; userId: string; answer: RsvpAnswer | null }>({
      query: ({ listingId, answer }) =>
        answer ? { url: `${eventPath(listingId)}/rsvp`, method: 'PUT', body: { answer } } : { url: `${eventPath(listingId)}/rsvp`, method: 'DELETE' },
      async onQueryStarted({ listingId, userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(eventsApi.util.updateQueryData('getEvent', { listingId, userId }, (view) => ({ ...view, myAnswer: data.myAnswer, counts: data.counts })));
        } catch {
          // The control shows the error.
        }
      },
      invalidatesTags: (_result, error, { listingId }) => (error ? [] : [{ type: 'EventAttendees', id: listingId }]),
    }),
    /** POST /api/events/reminders/unsubscribe: the token of a reminder or change mail's link (its page's button). */
    unsubscribeFromMail: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: UNSUBSCRIBE_PATH, method: 'POST', body: { token } }),
    }),
    /** GET /api/events/:listingId/attendees (its organizer only). */
    getAttendees: build.query<AttendeesPage, { listingId: string; cursor?: string | undefined }>({
      query: ({ listingId, cursor }) => `${eventPath(listingId)}/attendees${cursor ? `?${new URLSearchParams({ cursor }).toString()}` : ''}`,
      providesTags: (_result, _error, { listingId }) => [{ type: 'EventAttendees', id: listingId }],
    }),
  }),
});

export const { useGetCalendarQuery, useGetMonthQuery, useGetEventQuery, useSetRsvpMutation, useGetAttendeesQuery, useUnsubscribeFromMailMutation } = eventsApi;
