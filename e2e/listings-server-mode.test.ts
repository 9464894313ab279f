/**
 * /listings in server mode on the real search service (issue 15: "a browser test of /listings in both modes"; client
 * mode is in e2e/search.test.ts and e2e/listings.test.ts). This stack's catalogue is far below
 * LISTINGS_SERVER_SEARCH_THRESHOLD, so this file restarts the gateway with SITE_LISTINGS_SERVER_SEARCH_THRESHOLD=0 (the
 * operator's setting, written into each page's site settings) and restores it afterwards: every catalogue with a
 * listing is then past the threshold. Its listings (a word unique to this run, 20 in Community and 6 in Services:
 * two pages of 24) are deleted again, so the other files' counts never see them.
 */
import type { Page } from 'playwright-core';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { newUser, registerDirect } from './support/site.ts';

const run = Date.now().toString(36);
const WORD = `tandoorix${run}`;
const COUNTS = { Community: 20, Services: 6 } as const;
const TOTAL = COUNTS.Community + COUNTS.Services;
let token = '';
const ids: string[] = [];

/** Restarts the gateway with these variables added (none: as the stack configures it); resolves once it serves. */
async function restartGateway(env: Record<string, string>): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/gateway/restart?${new URLSearchParams(env)}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (res.status !== 204) throw new Error(`gateway restart: ${res.status} ${await res.text()}`);
}

/** The search service's total for a query, asked directly (set-up, not through the page). */
async function searchTotal(query: string): Promise<number> {
  const res = await fetch(`${e2eEnv().serviceUrls.search}/api/search/listings?${query}`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`search: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { total: number }).total;
}

beforeAll(async () => {
  await restartGateway({ SITE_LISTINGS_SERVER_SEARCH_THRESHOLD: '0' });
  token = await registerDirect(newUser('tandoor'));
  for (const [category, count] of Object.entries(COUNTS)) {
    for (let i = 1; i <= count; i++) {
      const res = await fetch(`${e2eEnv().serviceUrls.listings}/api/listings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` },
        body: JSON.stringify({ title: `Tandoor ${WORD} ${category} ${i}`, category, description: 'A clay tandoor oven, seasoned and ready to use.', price: 30 + i, location: 'Enola PA' }),
        signal: AbortSignal.timeout(15_000),
      });
      if (res.status !== 201) throw new Error(`create listing: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
  }
  // The search service indexes from the listings service's events: wait until it has all of them.
  const deadline = Date.now() + 30_000;
  while ((await searchTotal(`search=${WORD}`)) !== TOTAL) {
    if (Date.now() > deadline) throw new Error(`the search service did not index this run's ${TOTAL} listings`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(async () => {
  for (const id of ids) {
    await fetch(`${e2eEnv().serviceUrls.listings}/api/listings/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });
  }
  await restartGateway({});
});

/** The cards of this run's listings on the page, once there are `count` of them. */
async function expectCards(page: Page, count: number): Promise<void> {
  const cards = page.getByRole('heading', { level: 2, name: new RegExp(`^Tandoor ${WORD} `) });
  await cards.nth(count - 1).waitFor();
  expect(await cards.count()).toBe(count);
}

describe('/listings in server mode (SITE_LISTINGS_SERVER_SEARCH_THRESHOLD=0)', () => {
  test('the search service pages the URL search and the category, with facet counts, paging, the empty state and Clear All; the full list is never downloaded', async () => {
    const catalogue = await searchTotal('');
    await withPage(async ({ page, pageErrors }) => {
      const asked: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname.startsWith('/api/search/listings') || url.pathname.startsWith('/api/listings')) asked.push(`${url.pathname}${url.search}`);
      });
      await page.goto(`/listings?search=${WORD}`);
      // The catalogue's size from the unfiltered first page, then the URL's search as the service's query.
      await page.getByText(`${TOTAL} listings found`).waitFor();
      await expectCards(page, 24);
      // Asked by the server that rendered the page (issue 20), or by the browser for what the server had not in time.
      const firstView = ['/api/search/listings?page=1&pageSize=24', `/api/search/listings?search=${WORD}&page=1&pageSize=24`];
      expect(asked.filter((a) => !firstView.includes(a))).toEqual([]);
      const pages = page.getByRole('navigation', { name: 'Listing pages' });
      await pages.getByText('Page 1 of 2').waitFor();

      await pages.getByRole('link', { name: 'Next' }).click();
      await pages.getByText('Page 2 of 2').waitFor();
      await expectCards(page, TOTAL - 24);
      expect(new URL(page.url()).search).toBe(`?search=${WORD}&page=2`);
      expect(asked).toContain(`/api/search/listings?search=${WORD}&page=2&pageSize=24`);

      // The category options carry the service's facet counts (counted with the search applied); choosing one starts at page 1.
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: `Community (${COUNTS.Community})`, exact: true }).waitFor();
      await page.getByRole('option', { name: `Services (${COUNTS.Services})`, exact: true }).click();
      await page.getByText(`${COUNTS.Services} listings found`).waitFor();
      await page.getByText('2 filters active').waitFor();
      await expectCards(page, COUNTS.Services);
      expect(await pages.count()).toBe(0);
      expect(new URL(page.url()).search).toBe(`?search=${WORD}&category=Services`);
      expect(asked).toContain(`/api/search/listings?search=${WORD}&category=Services&page=1&pageSize=24`);

      await page.getByRole('searchbox', { name: 'Search' }).fill(`nothing${run}`);
      await page.getByRole('heading', { name: 'No listings found' }).waitFor();
      await page.getByText('0 listings found').waitFor();
      expect(asked).toContain(`/api/search/listings?search=nothing${run}&category=Services&page=1&pageSize=24`);

      await page.getByRole('button', { name: 'Clear All' }).click();
      await page.getByText(`${catalogue} ${catalogue === 1 ? 'listing' : 'listings'} found`).waitFor();
      expect(new URL(page.url()).search).toBe('');
      await page.getByRole('navigation', { name: 'Listing pages' }).getByText(`Page 1 of ${Math.ceil(catalogue / 24)}`).waitFor();

      // Every answer came from the search service: the gateway's full list was never asked for.
      expect(asked.filter((a) => a.startsWith('/api/listings'))).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
});
