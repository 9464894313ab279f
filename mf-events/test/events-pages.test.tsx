/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarEvent } from '@cp/events/contracts';
import { calendarEvent, ORGANIZER } from './support/calendar-event.ts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';
import EventsPage from '../src/pages/EventsPage.tsx';
import WeekendWidget from '../src/widgets/WeekendWidget.tsx';
import RsvpWidget from '../src/widgets/RsvpWidget.tsx';
import UnsubscribePage from '../src/pages/UnsubscribePage.tsx';

type Answer = [number, unknown];
type Call = { method: string; path: string; query: Record<string, string>; body: unknown };
type Api = (call: Call) => Answer | Promise<Answer>;

const ME = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };
const ID = '00000000-0000-4000-8000-000000000001';
// Thursday 2026-12-03, noon in Harrisburg.
const NOW = Date.parse('2026-12-03T17:00:00Z');

const event = calendarEvent;

let calls: Call[] = [];

async function renderWith(routes: Parameters<typeof renderRouter>[0], path: string, api: Api) {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call = { method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const [status, body] = await api(call);
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return renderRouter([...routes, { path: '/auth', element: <h1>Auth page</h1> }, { path: '/listing/:id', element: <h1>Listing page</h1> }], { path });
}

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => jest.restoreAllMocks());
quietConsole();

const calendar = (items: CalendarEvent[]) => (call: Call): Answer | undefined =>
  call.path === '/api/events' ? [200, { items: items.filter((e) => e.date >= call.query.from! && e.date <= call.query.to!), nextCursor: null }] : undefined;

const anonymous =
  (...handlers: ((call: Call) => Answer | undefined)[]): Api =>
  (call) => {
    if (call.path === '/api/auth/user') return [401, { error: 'Not logged in' }];
    for (const h of handlers) {
      const answer = h(call);
      if (answer) return answer;
    }
    return [404, { error: 'Not found' }];
  };

describe('/events', () => {
  const events = [
    event({ title: 'Garba Night', date: '2026-12-05' }),
    event({ title: 'Potluck', date: '2026-12-19', time: null, timeText: 'after prayers', allDay: true, startsAt: '2026-12-19T05:00:00.000Z', venue: null, town: 'Carlisle PA', eventType: 'Get Together' }),
    event({ title: 'New Year Party', date: '2027-01-09', eventType: 'Party' }),
    event({ title: 'Last Month Concert', date: '2026-11-20', eventType: 'Music' }),
  ];

  it('upcoming: this week, later this month, coming up; past events out of the list; links and calendar links', async () => {
    await renderWith([{ path: '/events', element: <EventsPage /> }], '/events', anonymous(calendar(events)));
    expect(screen.getByRole('heading', { level: 1, name: 'Community Events' })).toBeTruthy();
    const week = await screen.findByRole('list', { name: 'This Week' });
    expect(within(week).getByRole('link', { name: 'Garba Night' }).getAttribute('href')).toBe(`/listing/${events[0]!.listingId}`);
    expect(within(week).getByText('Sat, Dec 5')).toBeTruthy();
    expect(within(week).getByText('6:00 PM · 6 PM')).toBeTruthy();
    expect(within(week).getByText('Hindu Temple, Harrisburg PA')).toBeTruthy();
    expect(within(week).getByText('3 going · 5 interested')).toBeTruthy();
    expect(within(week).getByText('Free')).toBeTruthy();
    expect(within(week).getByRole('link', { name: 'Download Garba Night as an .ics file' }).getAttribute('href')).toBe(`/api/events/${events[0]!.listingId}/ics`);
    expect(within(week).getByRole('link', { name: /Add Garba Night to Google Calendar/ }).getAttribute('href')).toContain('dates=20261205T230000Z%2F20261206T010000Z');
    const month = screen.getByRole('list', { name: 'Later This Month' });
    expect(within(month).getByText('All day · after prayers')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Coming Up' })).getByText('New Year Party')).toBeTruthy();
    expect(screen.queryByText('Last Month Concert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Subscribe to the calendar (.ics)' }).getAttribute('href')).toBe('/events.ics');
    // One query: today and the 61 days after (the contracts' 62-day span).
    expect(calls.filter((c) => c.path === '/api/events').map((c) => [c.query.from, c.query.to])).toEqual([['2026-12-03', '2027-02-02']]);
  });

  it('the filters are labelled and sent to the service', async () => {
    await renderWith([{ path: '/events', element: <EventsPage /> }], '/events', anonymous(calendar(events)));
    await screen.findByRole('list', { name: 'This Week' });
    await act(async () => fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Carlisle PA' } }));
    await act(async () => fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'Get Together' } }));
    await waitFor(() => expect(calls.some((c) => c.query.town === 'Carlisle PA' && c.query.type === 'Get Together')).toBe(true));
  });

  it('the month grid: navigable months and keyboard, earlier months show past events', async () => {
    await renderWith([{ path: '/events', element: <EventsPage /> }], '/events?view=month', anonymous(calendar(events)));
    const grid = await screen.findByRole('grid', { name: 'December 2026' });
    expect(calls.find((c) => c.path === '/api/events')?.query).toMatchObject({ from: '2026-11-29', to: '2027-01-02' });
    const today = within(grid).getByRole('gridcell', { name: 'Thursday, December 3, 2026, today' });
    expect(today.getAttribute('tabindex')).toBe('0');
    expect(today.getAttribute('aria-current')).toBe('date');
    await screen.findByRole('list', { name: 'December 2026' });
    // Arrow right, then Enter: Saturday's events.
    await act(async () => fireEvent.keyDown(today, { key: 'ArrowRight' }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }));
    const saturday = within(grid).getByRole('gridcell', { name: 'Saturday, December 5, 2026, 1 event' });
    expect(document.activeElement).toBe(saturday);
    await act(async () => fireEvent.keyDown(saturday, { key: 'Enter' }));
    expect(screen.getByRole('heading', { name: 'Events on Saturday, December 5, 2026' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Saturday, December 5, 2026' })).getByText('Garba Night')).toBeTruthy();
    // Page Down: the month after, the focus on the same weekday four weeks on.
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'PageDown' }));
    const january = await screen.findByRole('grid', { name: 'January 2027' });
    expect(document.activeElement).toBe(within(january).getByRole('gridcell', { name: 'Saturday, January 2, 2027' }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'PageUp' }));
    await screen.findByRole('grid', { name: 'December 2026' });
    // The month before: its past events.
    await act(async () => screen.getByRole('button', { name: 'Previous month, November 2026' }).click());
    await screen.findByRole('grid', { name: 'November 2026' });
    expect(await screen.findByRole('link', { name: 'Last Month Concert' })).toBeTruthy();
    expect(within(screen.getByRole('grid')).getByRole('gridcell', { name: 'Friday, November 20, 2026, 1 event' }).className).toContain('text-muted-foreground');
  });
});

describe("home's This weekend", () => {
  it('up to four events of Friday to Sunday and a link to /events', async () => {
    const weekend = ['2026-12-04', '2026-12-05', '2026-12-05', '2026-12-06', '2026-12-06'].map((date, i) => event({ date, title: `Weekend ${i}` }));
    await renderWith([{ path: '/', element: <WeekendWidget /> }], '/', anonymous(calendar([...weekend, event({ date: '2026-12-07', title: 'Monday' })])));
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('article')).toHaveLength(4);
    expect(calls.find((c) => c.path === '/api/events')?.query).toMatchObject({ from: '2026-12-04', to: '2026-12-06' });
    expect(screen.getByRole('heading', { name: 'This Weekend' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All events' }).getAttribute('href')).toBe('/events');
  });

  it('nothing when the weekend has no events', async () => {
    await renderWith([{ path: '/', element: <div data-testid="home"><WeekendWidget /></div> }], '/', anonymous(calendar([])));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/events')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('home').innerHTML).toBe(''));
  });
});

describe('the RSVP control on an Events listing', () => {
  const listing = { id: ID, category: 'Events' as const, title: 'Diwali Mela', userId: ORGANIZER, status: 'active' as const, location: 'Harrisburg PA' as const };
  const view = (over: Record<string, unknown> = {}) => ({ ...event({ listingId: ID }), open: true, myAnswer: null, isOrganizer: false, ...over });
  const page = [{ path: '/listing/:id', element: <RsvpWidget listing={listing} /> }];

  it('signed out: the counts and a login prompt', async () => {
    await renderWith(page, `/listing/${ID}`, anonymous((c) => (c.path === `/api/events/${ID}` ? [200, view()] : undefined)));
    expect(await screen.findByText('3 going · 5 interested')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to RSVP' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it('signed in: Going updates the counts from the answer; a refusal shows the server’s text', async () => {
    let refuse = false;
    await renderWith(page, `/listing/${ID}`, (c) => {
      if (c.path === '/api/auth/user') return [200, ME];
      if (c.path === `/api/events/${ID}`) return [200, view()];
      if (c.path === `/api/events/${ID}/rsvp` && c.method === 'PUT')
        return refuse ? [409, { error: 'This event is over' }] : [200, { myAnswer: (c.body as { answer: string }).answer, counts: { going: 4, interested: 5 } }];
      if (c.path === `/api/events/${ID}/rsvp` && c.method === 'DELETE') return [200, { myAnswer: null, counts: { going: 3, interested: 5 } }];
      return [404, { error: 'Not found' }];
    });
    const going = await screen.findByRole('button', { name: 'Going' });
    expect(going.getAttribute('aria-pressed')).toBe('false');
    await act(async () => going.click());
    expect(await screen.findByText('4 going · 5 interested')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ answer: 'going' });
    await act(async () => screen.getByRole('button', { name: 'Clear my answer' }).click());
    expect(await screen.findByText('3 going · 5 interested')).toBeTruthy();
    refuse = true;
    await act(async () => screen.getByRole('button', { name: 'Interested' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('This event is over');
    // Not the organizer: no names asked for.
    expect(calls.some((c) => c.path.endsWith('/attendees'))).toBe(false);
  });

  it('the organizer sees who answered, a page at a time', async () => {
    const attendee = (i: number, answer: string) => ({ userId: `33333333-3333-4333-8333-33333333333${i}`, name: `Neighbour ${i}`, answer, answeredAt: '2026-12-01T10:00:00.000Z' });
    await renderWith([{ path: '/listing/:id', element: <RsvpWidget listing={{ ...listing, userId: ME.id }} /> }], `/listing/${ID}`, (c) => {
      if (c.path === '/api/auth/user') return [200, ME];
      if (c.path === `/api/events/${ID}`) return [200, view({ isOrganizer: true })];
      if (c.path === `/api/events/${ID}/attendees`)
        return c.query.cursor === 'next' ? [200, { items: [attendee(3, 'going')], nextCursor: null }] : [200, { items: [attendee(1, 'going'), attendee(2, 'interested')], nextCursor: 'next' }];
      return [404, { error: 'Not found' }];
    });
    expect(await screen.findByText('Neighbour 1')).toBeTruthy();
    expect(screen.getByText('Neighbour 2')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Load more' }).click());
    expect(await screen.findByText('Neighbour 3')).toBeTruthy();
  });

  it('a past or closed event: counts, no buttons', async () => {
    await renderWith(page, `/listing/${ID}`, (c) => (c.path === '/api/auth/user' ? [200, ME] : c.path === `/api/events/${ID}` ? [200, view({ open: false })] : [404, { error: 'Not found' }]));
    expect(await screen.findByText('3 going · 5 interested')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('nothing at all when the events service answers 404', async () => {
    await renderWith([{ path: '/listing/:id', element: <div data-testid="slot"><RsvpWidget listing={listing} /></div> }], `/listing/${ID}`, anonymous());
    await waitFor(() => expect(calls.some((c) => c.path === `/api/events/${ID}`)).toBe(true));
    await act(async () => undefined);
    expect(screen.getByTestId('slot').innerHTML).toBe('');
  });
});

describe('/events/unsubscribe (the reminder and change mails\' link)', () => {
  const TOKEN = `${Buffer.from('{"p":"events-unsubscribe"}').toString('base64url')}.${'S'.repeat(43)}`;
  const page = [{ path: '/events/unsubscribe', element: <UnsubscribePage /> }];

  it('changes nothing on opening; the button posts the token and says which mails stop', async () => {
    await renderWith(page, `/events/unsubscribe?token=${TOKEN}`, () => [200, { message: 'You will get no more event reminders.' }]);
    expect(screen.getByRole('heading', { name: 'Stop Event E-mails' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/events/reminders/unsubscribe', query: {}, body: { token: TOKEN } }]);
    expect(await screen.findByRole('heading', { name: 'You Have Been Unsubscribed' })).toBeTruthy();
    expect(screen.getByText('You will get no more event reminders.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Community Events' }).getAttribute('href')).toBe('/events');
  });

  it('a refused token shows the service\'s sentence; one of another shape is never sent', async () => {
    await renderWith(page, `/events/unsubscribe?token=${TOKEN}`, () => [400, { error: 'This unsubscribe link is not valid. Please use the link of a recent mail.' }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    });
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
  });

  it('without a well-formed token: invalid at once, no button, nothing sent', async () => {
    await renderWith(page, '/events/unsubscribe?token=%3Cscript%3E', () => [200, {}]);
    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText('This unsubscribe link is not valid. Please use the link of a recent mail.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
