/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { CalendarEvent } from '@cp/events/contracts';
import { createAppStore } from '@cp/web-core';
import { hydrateApi } from '@cp/web-core/ssr';
import { dehydrateApiState } from '@cp/web-core/ssr-server';
import { eventsApi } from '../src/api/events-api.ts';
import { addDays, CALENDAR_MAX_DAYS } from '../src/lib/dates.ts';
import EventsPage from '../src/pages/EventsPage.tsx';

const item = (date: string, title: string): CalendarEvent => ({
  listingId: `00000000-0000-4000-8000-0000000000${date.slice(8)}`,
  title,
  excerpt: '',
  date,
  time: '19:00',
  timeText: '7 PM',
  allDay: false,
  startsAt: `${date}T00:00:00.000Z`,
  town: 'Enola PA',
  venue: null,
  organizer: null,
  eventType: null,
  price: 0,
  imageUrl: null,
  ownerId: '11111111-1111-4111-8111-111111111111',
  counts: { going: 1, interested: 0 },
});

/**
 * The server renders /events for its day; the browser hydrates that markup later — here after midnight, the next day.
 * Its first render must still be the server's (the day comes with the server's answers), with nothing fetched again;
 * then it moves to its own day.
 */
it('the browser’s first render is the server’s markup, even across midnight; then it reads its own day', async () => {
  const serverDay = '2026-12-03';
  let fetched: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(new Request(input).url);
    fetched.push(url.pathname + url.search);
    if (url.pathname === '/api/auth/user') return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
    const from = url.searchParams.get('from')!;
    return new Response(JSON.stringify({ items: [item(from, `Event of ${from}`)], nextCursor: null }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  // The server: its answers for its day (the renderer's first pass asks, its second renders them).
  const server = createAppStore();
  await server.dispatch(eventsApi.endpoints.getCalendar.initiate({ from: serverDay, to: addDays(serverDay, CALENDAR_MAX_DAYS - 1), town: undefined, type: undefined, today: serverDay }));
  const page = (store: ReturnType<typeof createAppStore>) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={['/events']}>
        <EventsPage />
      </MemoryRouter>
    </Provider>
  );
  const html = renderToString(page(server));
  expect(html).toContain('Event of 2026-12-03');

  // The browser, the next day (00:30 in Harrisburg on December 4).
  const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-12-04T05:30:00Z'));
  fetched = [];
  const errors: unknown[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  const recoverable: unknown[] = [];
  const client = createAppStore();
  client.dispatch(hydrateApi(dehydrateApiState(server.getState().api)));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  let firstRender = '';
  await act(async () => {
    hydrateRoot(container, page(client), { onRecoverableError: (e) => void recoverable.push(e) });
    firstRender = container.innerHTML;
  });
  expect(recoverable).toEqual([]);
  expect(errors).toEqual([]);
  expect(firstRender).toContain('Event of 2026-12-03');
  // Then its own day: the list from December 4.
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  expect(fetched.filter((f) => f.startsWith('/api/events'))).toEqual([`/api/events?from=2026-12-04&to=${addDays('2026-12-04', CALENDAR_MAX_DAYS - 1)}&limit=100`]);
  expect(container.textContent).toContain('Event of 2026-12-04');
  error.mockRestore();
  now.mockRestore();
});
