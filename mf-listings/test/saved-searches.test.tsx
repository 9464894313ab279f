/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SAVED_SEARCH_MESSAGES } from '@cp/contracts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import AlertUnsubscribePage from '../src/pages/AlertUnsubscribePage.tsx';
import { describeFilters, listingsPathOf, savedSearchFiltersOf } from '../src/lib/saved-searches.ts';
import { NO_FILTERS } from '../src/lib/listing-filters.ts';

describe('saved searches from the /listings filters', () => {
  it('keeps the set filters under the API’s names and says them in words', () => {
    const filters = savedSearchFiltersOf({ search: ' bedroom ', category: 'Home Rentals', location: 'Mechanicsburg PA', price: '500-1000' });
    expect(filters).toEqual({ search: 'bedroom', category: 'Home Rentals', location: 'Mechanicsburg PA', priceRange: '500-1000' });
    expect(describeFilters(filters)).toBe('“bedroom” · Home Rentals · Mechanicsburg PA · $500 - $1,000');
    expect(listingsPathOf(filters)).toBe('/listings?search=bedroom&category=Home+Rentals&location=Mechanicsburg+PA&price=500-1000');
    expect(savedSearchFiltersOf(NO_FILTERS)).toEqual({});
    expect(describeFilters({})).toBe('Every new listing');
    expect(listingsPathOf({})).toBe('/listings');
  });
});

/** A link's token as the listings service signs it: a base64url payload, a dot, an HMAC-SHA256 signature. */
const TOKEN = `${Buffer.from('{"savedSearchId":"x"}').toString('base64url')}.${'S'.repeat(43)}`;

describe('/alerts/unsubscribe', () => {
  const posts: unknown[] = [];
  async function renderAt(path: string, answer: [number, unknown]) {
    posts.length = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      if (req.method === 'POST') posts.push({ path: new URL(req.url).pathname, body: await req.json() });
      return new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await renderRouter([{ path: '/alerts/unsubscribe', element: <AlertUnsubscribePage /> }], { path });
  }
  afterEach(cleanup);

  it('changes nothing on opening; the button POSTs the token and says what happened', async () => {
    await renderAt(`/alerts/unsubscribe?token=${TOKEN}`, [200, { status: 'paused', name: 'Rooms', message: SAVED_SEARCH_MESSAGES.paused }]);
    expect(posts).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop e-mails' }));
    });
    expect(posts).toEqual([{ path: '/api/saved-searches/unsubscribe', body: { token: TOKEN } }]);
    expect(await screen.findByRole('heading', { name: 'Alert Stopped' })).toBeTruthy();
    expect(screen.getByText(`“Rooms”: ${SAVED_SEARCH_MESSAGES.paused}`)).toBeTruthy();
  });

  it('a refused link shows the service’s sentence; a malformed one is not sent at all', async () => {
    await renderAt(`/alerts/unsubscribe?token=${TOKEN}`, [400, { error: SAVED_SEARCH_MESSAGES.invalidLink }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop e-mails' }));
    });
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    cleanup();
    await renderAt('/alerts/unsubscribe?token=%3Cscript%3E', [200, {}]);
    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop e-mails' })).toBeNull();
    expect(posts).toEqual([]);
  });
});
