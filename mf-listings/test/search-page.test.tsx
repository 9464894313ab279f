/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QUERY_TEXT_MAX, SearchQuerySchema, type SearchHit } from '@cp/contracts';
import { renderRouter, type TestRouter } from '../../packages/web-core/test/support/render-router.tsx';
import SearchPage from '../src/pages/SearchPage.tsx';

const calls: string[] = [];
const HITS: SearchHit[] = [
  { type: 'business', id: '00000000-0000-4000-8000-000000000001', title: 'Spice Bazaar', snippet: 'Fresh vegetables and spices.', url: '/business/00000000-0000-4000-8000-000000000001' },
  { type: 'listing', id: '00000000-0000-4000-8000-000000000002', title: 'Spice rack for sale', snippet: 'Oak, 12 jars.', url: '/listing/00000000-0000-4000-8000-000000000002' },
  { type: 'post', id: '00000000-0000-4000-8000-000000000003', title: 'Where to buy spices?', snippet: 'Looking for fresh curry leaves.', url: '/forum/post/00000000-0000-4000-8000-000000000003' },
];
const COUNTS = { listing: 25, business: 1, post: 1 };

let router: TestRouter;
async function renderAt(path: string, answer: (q: URLSearchParams) => [number, unknown]) {
  calls.length = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    calls.push(`${url.pathname}${url.search}`);
    const [status, body] = answer(url.searchParams);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  ({ router } = await renderRouter([{ path: '/search', element: <SearchPage /> }], { path }));
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('/search (issue 15)', () => {
  it('the hits of every type with their links, the count of each type, and pages', async () => {
    await renderAt('/search?q=spice', (q) => [200, { items: q.get('type') === 'listing' ? [HITS[1]] : HITS, total: q.get('type') === 'listing' ? 25 : 27, page: Number(q.get('page')), pageSize: 20, counts: COUNTS }]);
    expect(screen.getByRole('heading', { name: 'Results for “spice”', level: 1 })).toBeTruthy();
    // A business hit links to its own page, /business/{id} (the contracts' searchHitUrl).
    expect((await screen.findByRole('link', { name: 'Spice Bazaar' })).getAttribute('href')).toBe(`/business/${HITS[0]!.id}`);
    expect(calls).toEqual(['/api/search?q=spice&page=1']);
    expect(screen.getByRole('link', { name: 'Where to buy spices?' }).getAttribute('href')).toBe(HITS[2]!.url);
    expect(screen.getByText('Fresh vegetables and spices.')).toBeTruthy();
    const kinds = screen.getByRole('navigation', { name: 'Kinds of results' });
    expect(within(kinds).getAllByRole('link').map((a) => a.textContent)).toEqual(['All (27)', 'Listings (25)', 'Businesses (1)', 'Forum posts (1)']);
    expect(within(kinds).getByRole('link', { name: 'All (27)' }).getAttribute('aria-current')).toBe('page');
    await act(async () => within(kinds).getByRole('link', { name: 'Listings (25)' }).click());
    expect(router.state.location.search).toBe('?q=spice&type=listing');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Spice Bazaar' })).toBeNull());
    expect(calls).toEqual(['/api/search?q=spice&page=1', '/api/search?q=spice&type=listing&page=1']);
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/search?q=spice&type=listing&page=2');
  });

  it('new words from the page: the same page asks again from page 1', async () => {
    await renderAt('/search?q=spice&page=2', () => [200, { items: [], total: 0, page: 1, pageSize: 20, counts: { listing: 0, business: 0, post: 0 } }]);
    expect(await screen.findByRole('heading', { name: 'No results found' })).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search listings, businesses and forum posts' });
    // The box stops at the API's most characters (a longer text would be answered 400).
    expect(box.getAttribute('maxlength')).toBe(String(QUERY_TEXT_MAX));
    expect(SearchQuerySchema.safeParse({ q: 'a'.repeat(QUERY_TEXT_MAX) }).success).toBe(true);
    expect(SearchQuerySchema.safeParse({ q: 'a'.repeat(QUERY_TEXT_MAX + 1) }).success).toBe(false);
    fireEvent.change(box, { target: { value: 'dosa' } });
    await act(async () => screen.getByRole('button', { name: 'Search' }).click());
    expect(router.state.location.search).toBe('?q=dosa');
    expect(await screen.findByRole('heading', { name: 'Results for “dosa”' })).toBeTruthy();
  });

  it('a page past the last one: replaced by the last page', async () => {
    await renderAt('/search?q=spice&page=7', (q) => [200, { items: q.get('page') === '2' ? HITS : [], total: 27, page: Number(q.get('page')), pageSize: 20, counts: COUNTS }]);
    expect(await screen.findByRole('link', { name: 'Spice Bazaar' })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=spice&page=2');
    expect(screen.queryByRole('heading', { name: 'No results found' })).toBeNull();
    expect(calls).toEqual(['/api/search?q=spice&page=7', '/api/search?q=spice&page=2']);
  });

  it('no words: nothing is asked', async () => {
    await renderAt('/search', () => [200, {}]);
    expect(screen.getByRole('heading', { name: 'Search the site' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('the search service down: its error state with Try again', async () => {
    await renderAt('/search?q=spice', () => [503, { error: 'Service unavailable' }]);
    expect(await screen.findByRole('heading', { name: 'Search is unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
