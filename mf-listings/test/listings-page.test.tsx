/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LISTINGS_SERVER_SEARCH_THRESHOLD, QUERY_TEXT_MAX, SearchListingsQuerySchema, type Listing } from '@cp/contracts';
import { SAMPLE_SITE_SETTINGS, SITE_SETTINGS_ELEMENT_ID } from '@cp/contracts/site-settings';
import { renderRouter, type TestRouter } from '../../packages/web-core/test/support/render-router.tsx';
import ListingsPage from '../src/pages/ListingsPage.tsx';
import { listingsMode, serverListingsArgs } from '../src/lib/listings-server.ts';
import { NO_FILTERS } from '../src/lib/listing-filters.ts';
import { listingFixture } from './listing-fixture.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

type Api = (path: string, query: URLSearchParams) => [number, unknown];
const calls: string[] = [];

const listing = listingFixture;

const SOFA = listing(1, { title: 'Sofa for sale', price: 40 });
const JOB = listing(2, { title: 'Cook wanted', category: 'Jobs', description: 'A restaurant in Camp Hill needs a cook.' });
const ROOM = listing(3, { title: 'Room for rent', category: 'Home Rentals', location: 'Mechanicsburg PA' });
const SMALL = [SOFA, JOB, ROOM];

const FACETS = { category: { Jobs: 12, 'Buy & Sell': 40 }, location: {}, priceRange: { 'under-50': 3, '50-100': 0, '100-500': 0, '500-1000': 0, '1000-plus': 0 } };
const BIG = LISTINGS_SERVER_SEARCH_THRESHOLD + 1;
const page = (items: Listing[], total: number, p = 1) => ({ items, total, page: p, pageSize: 24, facets: FACETS });

let router: TestRouter;
async function renderAt(path: string, api: Api) {
  calls.length = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    // The session (the cards' Save toggles read it; on a page the shell has asked it already) is not the listings' calls.
    if (url.pathname === '/api/auth/user') return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
    calls.push(`${url.pathname}${url.search}`);
    const [status, body] = api(url.pathname, url.searchParams);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  ({ router } = await renderRouter([{ path: '/listings', element: <ListingsPage /> }], { path }));
}

/** A small catalogue: the search service's unfiltered page says 3, the full list is the spec's. */
const small: Api = (path) => (path === '/api/search/listings' ? [200, page(SMALL, SMALL.length)] : path === '/api/listings' ? [200, SMALL] : [404, { error: 'Not found' }]);

const status = () => screen.getByText(/^(\d+ listings? found|Loading listings…|Listings unavailable)/, { selector: 'p' });

quietConsole();

describe('which /listings applies', () => {
  it('pending until the probe answers; server past the threshold; client up to it and when the search service fails', () => {
    expect(listingsMode({ isError: false })).toBe('pending');
    expect(listingsMode({ isError: false, data: { total: LISTINGS_SERVER_SEARCH_THRESHOLD } })).toBe('client');
    expect(listingsMode({ isError: false, data: { total: LISTINGS_SERVER_SEARCH_THRESHOLD + 1 } })).toBe('server');
    expect(listingsMode({ isError: true })).toBe('client');
    expect(listingsMode({ isError: false, data: { total: 11 } }, 10)).toBe('server');
    expect(listingsMode({ isError: false, data: { total: 10 } }, 10)).toBe('client');
    expect(listingsMode({ isError: false, data: { total: 1 } }, 0)).toBe('server');
    expect(listingsMode({ isError: false, data: { total: 0 } }, 0)).toBe('client');
    // No configured threshold (the page's settings without one): the constant.
    expect(listingsMode({ isError: false, data: { total: LISTINGS_SERVER_SEARCH_THRESHOLD } }, undefined)).toBe('client');
    expect(listingsMode({ isError: false, data: { total: LISTINGS_SERVER_SEARCH_THRESHOLD + 1 } }, undefined)).toBe('server');
  });

  it("the page's filters become the search service's query (price → priceRange, unset filters left out)", () => {
    expect(serverListingsArgs(NO_FILTERS, 1)).toEqual({ page: 1, pageSize: 24 });
    expect(serverListingsArgs({ search: ' sofa ', category: 'Jobs', location: 'Camp Hill PA', price: 'under-50' }, 3)).toEqual({
      search: 'sofa',
      category: 'Jobs',
      location: 'Camp Hill PA',
      priceRange: 'under-50',
      page: 3,
      pageSize: 24,
    });
  });

  it("a search longer than the API takes (an old link, the home hero) is cut to it, not answered 400", () => {
    const long = `${'a'.repeat(QUERY_TEXT_MAX - 1)} ${'b'.repeat(50)}`;
    const args = serverListingsArgs({ ...NO_FILTERS, search: long }, 1);
    expect(args.search).toBe('a'.repeat(QUERY_TEXT_MAX - 1));
    expect(SearchListingsQuerySchema.safeParse({ ...args, search: long.slice(0, QUERY_TEXT_MAX + 1) }).success).toBe(false);
    expect(SearchListingsQuerySchema.safeParse({ search: 'a'.repeat(QUERY_TEXT_MAX) }).success).toBe(true);
  });
});

describe('/listings, a small catalogue (client mode, spec §2)', () => {
  it('asks the catalogue size, then filters the full list in the browser by the URL', async () => {
    await renderAt('/listings?search=SOFA', small);
    expect(await screen.findByRole('heading', { name: 'Sofa for sale' })).toBeTruthy();
    expect(calls).toEqual(['/api/search/listings?page=1&pageSize=24', '/api/listings']);
    expect(status().textContent).toBe('1 listing found1 filter active');
    expect(screen.queryByRole('heading', { name: 'Cook wanted' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Listing pages' })).toBeNull();
    // Typing filters at once, without asking any service again.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'cook' } });
    expect(await screen.findByRole('heading', { name: 'Cook wanted' })).toBeTruthy();
    expect(router.state.location.search).toBe('?search=cook');
    expect(calls).toHaveLength(2);
    // Category options have no counts in this mode.
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('All Categories');
  });

  it("no match: 'No listings found'; Clear All empties the URL and shows every listing", async () => {
    await renderAt('/listings?search=piano&category=Jobs', small);
    expect(await screen.findByRole('heading', { name: 'No listings found' })).toBeTruthy();
    expect(status().textContent).toBe('0 listings found2 filters active');
    expect(screen.getByText(/We do not verify employers or job offers/)).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Clear All' }).click());
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Room for rent' })).toBeTruthy();
    expect(status().textContent).toBe('3 listings found');
  });

  it('the search service is down: the spec page still works from the full list', async () => {
    await renderAt('/listings?category=Home%20Rentals', (path) => (path === '/api/listings' ? [200, SMALL] : [503, { error: 'Service unavailable' }]));
    expect(await screen.findByRole('heading', { name: 'Room for rent' })).toBeTruthy();
    expect(status().textContent).toBe('1 listing found1 filter active');
    expect(calls).toEqual(['/api/search/listings?page=1&pageSize=24', '/api/listings']);
  });

  it('both down: the error state with Try again', async () => {
    await renderAt('/listings', () => [503, { error: 'Service unavailable' }]);
    expect(await screen.findByRole('heading', { name: 'Listings could not be loaded' })).toBeTruthy();
    expect(status().textContent).toBe('Listings unavailable');
  });
});

describe("the operator's threshold (SITE_LISTINGS_SERVER_SEARCH_THRESHOLD, in the page's site settings)", () => {
  /** The settings block as the gateway writes it into the page. */
  function pageSettings(threshold: number | undefined) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SITE_SETTINGS_ELEMENT_ID;
    block.textContent = JSON.stringify({ ...SAMPLE_SITE_SETTINGS, ...(threshold === undefined ? {} : { listingsServerSearchThreshold: threshold }) });
    document.head.append(block);
  }
  afterEach(() => document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.remove());

  it('past it, the small catalogue is served in pages by the search service; the full list is never asked', async () => {
    pageSettings(2);
    await renderAt('/listings', small);
    expect(await screen.findByRole('heading', { name: 'Sofa for sale' })).toBeTruthy();
    expect(status().textContent).toBe('3 listings found');
    expect(calls).toEqual(['/api/search/listings?page=1&pageSize=24']);
  });

  it('up to it, and without one (the constant), the same catalogue is the spec page over the full list', async () => {
    for (const threshold of [3, undefined]) {
      pageSettings(threshold);
      await renderAt('/listings', small);
      expect(await screen.findByRole('heading', { name: 'Sofa for sale' })).toBeTruthy();
      expect(calls).toEqual(['/api/search/listings?page=1&pageSize=24', '/api/listings']);
      cleanup();
      document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.remove();
    }
  });
});

describe('/listings, a large catalogue (server mode, issue 15)', () => {
  it('never downloads the full list; the unfiltered first page is shown as it came, with pages and facet counts', async () => {
    const items = Array.from({ length: 24 }, (_, i) => listing(100 + i));
    await renderAt('/listings', (path) => (path === '/api/search/listings' ? [200, page(items, BIG)] : [200, SMALL]));
    expect(await screen.findByRole('heading', { name: 'Listing 100' })).toBeTruthy();
    expect(calls).toEqual(['/api/search/listings?page=1&pageSize=24']);
    expect(status().textContent).toBe(`${BIG} listings found`);
    const pages = screen.getByRole('navigation', { name: 'Listing pages' });
    expect(within(pages).getByText(`Page 1 of ${Math.ceil(BIG / 24)}`)).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/listings?page=2');
  });

  it('the URL filters and page go to the service; the options carry the facet counts; Next and Previous keep the filters', async () => {
    await renderAt('/listings?category=Jobs&price=under-50&page=2', (path, q) => {
      if (path !== '/api/search/listings') return [500, {}];
      return q.get('category') ? [200, page([JOB], 30, Number(q.get('page')))] : [200, page([], BIG)];
    });
    expect(await screen.findByRole('heading', { name: 'Cook wanted' })).toBeTruthy();
    expect(calls).toEqual(['/api/search/listings?page=1&pageSize=24', '/api/search/listings?category=Jobs&priceRange=under-50&page=2&pageSize=24']);
    expect(status().textContent).toBe('30 listings found2 filters active');
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Jobs (12)');
    expect(screen.getByRole('combobox', { name: 'Price range' }).textContent).toBe('Under $50 (3)');
    const pages = screen.getByRole('navigation', { name: 'Listing pages' });
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();
    await act(async () => within(pages).getByRole('link', { name: 'Previous' }).click());
    expect(router.state.location.search).toBe('?category=Jobs&price=under-50');
    await waitFor(() => expect(calls).toContain('/api/search/listings?category=Jobs&priceRange=under-50&page=1&pageSize=24'));
  });

  it('typing asks the service once the typing settles, from page 1; no match is the same empty state', async () => {
    await renderAt('/listings?page=3', (path, q) => (path !== '/api/search/listings' ? [500, {}] : q.get('search') ? [200, page([], 0)] : [200, page([SOFA], BIG, Number(q.get('page')))]));
    expect(await screen.findByRole('heading', { name: 'Sofa for sale' })).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('maxlength')).toBe(String(QUERY_TEXT_MAX));
    fireEvent.change(box, { target: { value: 'pi' } });
    fireEvent.change(box, { target: { value: 'piano' } });
    expect(router.state.location.search).toBe('?search=piano');
    expect(await screen.findByRole('heading', { name: 'No listings found' })).toBeTruthy();
    expect(calls.filter((c) => c.includes('search='))).toEqual(['/api/search/listings?search=piano&page=1&pageSize=24']);
    expect(status().textContent).toBe('0 listings found1 filter active');
  });

  it('a page past the last one (an old link): replaced by the last page, with its pages; an empty result stays empty', async () => {
    await renderAt('/listings?category=Jobs&page=9', (path, q) => {
      if (path !== '/api/search/listings') return [500, {}];
      if (!q.get('category')) return [200, page([], BIG)];
      return q.get('page') === '2' ? [200, page([JOB], 30, 2)] : [200, page([], 30, Number(q.get('page')))];
    });
    expect(await screen.findByRole('heading', { name: 'Cook wanted' })).toBeTruthy();
    expect(router.state.location.search).toBe('?category=Jobs&page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'No listings found' })).toBeNull();
    expect(status().textContent).toBe('30 listings found1 filter active');
    expect(within(screen.getByRole('navigation', { name: 'Listing pages' })).getByText('Page 2 of 2')).toBeTruthy();
    cleanup();
    await renderAt('/listings?search=piano&page=3', (path, q) => (path !== '/api/search/listings' ? [500, {}] : q.get('search') ? [200, page([], 0, 3)] : [200, page([], BIG)]));
    expect(await screen.findByRole('heading', { name: 'No listings found' })).toBeTruthy();
    expect(router.state.location.search).toBe('?search=piano&page=3');
  });

  it('a failed page: the error state, and Try again asks again', async () => {
    let fail = true;
    await renderAt('/listings?category=Jobs', (_p, q) => (!q.get('category') ? [200, page([], BIG)] : fail ? [503, { error: 'Service unavailable' }] : [200, page([JOB], 1)]));
    expect(await screen.findByRole('heading', { name: 'Listings could not be loaded' })).toBeTruthy();
    expect(calls).not.toContain('/api/listings');
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'Cook wanted' })).toBeTruthy();
  });
});
