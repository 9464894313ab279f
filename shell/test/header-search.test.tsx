/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QUERY_TEXT_MAX, SearchQuerySchema, SuggestQuerySchema, type SearchHit } from '@cp/contracts';
import { HeaderSearch } from '../src/chrome/HeaderSearch.tsx';
import { groupHits } from '../src/search/suggestions.ts';
import { renderRouter, type TestRouter } from '../../packages/web-core/test/support/render-router.tsx';

const hit = (type: SearchHit['type'], n: number, title: string): SearchHit => {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  const url = type === 'listing' ? `/listing/${id}` : type === 'post' ? `/forum/post/${id}` : `/business/${id}`;
  return { type, id, title, snippet: `About ${title}`, url };
};
const HITS = [hit('business', 1, 'Spice Bazaar'), hit('listing', 2, 'Spice rack'), hit('business', 3, 'Spice Route Catering'), hit('post', 4, 'Where to buy spices?')];

type Pending = { url: URL; signal: AbortSignal; answer: (items: SearchHit[]) => void };
let requests: Pending[] = [];
let router: TestRouter;

/** `auto`: every suggest call answers at once with `answer(q)`; otherwise each waits for the test (`requests`). */
async function renderBox(answer?: (q: string) => SearchHit[]) {
  requests = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    return new Promise<Response>((resolve, reject) => {
      const respond = (items: SearchHit[]) => resolve(new Response(JSON.stringify({ items, nextCursor: null }), { status: 200, headers: { 'content-type': 'application/json' } }));
      req.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      requests.push({ url, signal: req.signal, answer: respond });
      if (answer) respond(answer(url.searchParams.get('q') ?? ''));
    });
  }) as typeof fetch;
  ({ router } = await renderRouter([{ path: '*', element: <HeaderSearch /> }], { path: '/' }));
}

/** Focus the box. The first time it is the bare box: the combobox loads and takes its place, focused (once loaded, later boxes are the combobox at once). */
async function focusBox(): Promise<HTMLElement> {
  await act(async () => screen.getByLabelText('Search listings, businesses and forum posts').focus());
  const box = await screen.findByRole('combobox', { name: 'Search listings, businesses and forum posts' });
  await waitFor(() => expect(document.activeElement).toBe(box));
  return box;
}

const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const path = () => `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('header search (issue 15)', () => {
  it('groups hits by type, in the order of their best hit', () => {
    expect(groupHits(HITS).map((g) => [g.type, g.hits.map((h) => h.title)])).toEqual([
      ['business', ['Spice Bazaar', 'Spice Route Catering']],
      ['listing', ['Spice rack']],
      ['post', ['Where to buy spices?']],
    ]);
  });

  it('is a bare search box until focused; Enter then goes to the results page', async () => {
    await renderBox(() => []);
    expect(screen.queryByRole('combobox')).toBeNull();
    const bare = screen.getByRole('textbox', { name: 'Search listings, businesses and forum posts' });
    type(bare, 'dosa');
    await act(async () => fireEvent.submit(bare.closest('form')!));
    expect(path()).toBe('/search?q=dosa');
    expect(requests).toEqual([]);
  });

  it("stops at the API's most characters, bare and as the combobox (a longer text would be answered 400)", async () => {
    for (const schema of [SuggestQuerySchema, SearchQuerySchema]) {
      expect(schema.safeParse({ q: 'a'.repeat(QUERY_TEXT_MAX) }).success).toBe(true);
      expect(schema.safeParse({ q: 'a'.repeat(QUERY_TEXT_MAX + 1) }).success).toBe(false);
    }
    await renderBox(() => []);
    expect(screen.getByRole('textbox', { name: 'Search listings, businesses and forum posts' }).getAttribute('maxlength')).toBe(String(QUERY_TEXT_MAX));
    expect((await focusBox()).getAttribute('maxlength')).toBe(String(QUERY_TEXT_MAX));
  });

  it('typing: one request once the typing settles, the suggestions grouped and labelled, each a link to its page', async () => {
    await renderBox(() => HITS);
    const box = await focusBox();
    type(box, 's');
    type(box, 'sp');
    type(box, 'spi');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(requests.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/search/suggest?q=spi&limit=8']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(within(list).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Businesses', 'Listings', 'Forum posts']);
    const businesses = within(list).getByRole('group', { name: 'Businesses' });
    expect(within(businesses).getAllByRole('option').map((o) => o.textContent)).toEqual(['Spice BazaarAbout Spice Bazaar', 'Spice Route CateringAbout Spice Route Catering']);
    expect(screen.getByRole('option', { name: 'Where to buy spices?' }).getAttribute('href')).toBe(HITS[3]!.url);
    // A business hit is its own page, /business/{id} (the contracts' searchHitUrl).
    expect(screen.getByRole('option', { name: 'Spice Bazaar' }).getAttribute('href')).toBe(`/business/${HITS[0]!.id}`);
    expect(screen.getByRole('option', { name: 'All results for “spi”' }).getAttribute('href')).toBe('/search?q=spi');
    expect(screen.getByRole('status').textContent).toBe('4 suggestions');
  });

  it('keyboard: arrows move the active option (wrapping), Enter opens it and clears the box; Escape closes the list', async () => {
    await renderBox(() => HITS);
    const box = await focusBox();
    type(box, 'spice');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: 'All results for “spice”' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = screen.getByRole('option', { name: 'Spice Bazaar' });
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Spice Route Catering' }).id);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(path()).toBe(`/business/${HITS[2]!.id}`);
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Enter with no option chosen submits the words to the results page', async () => {
    await renderBox(() => HITS);
    const box = await focusBox();
    type(box, 'spice');
    await screen.findByRole('listbox');
    await act(async () => fireEvent.submit(box.closest('form')!));
    expect(path()).toBe('/search?q=spice');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('a click on a suggestion opens it', async () => {
    await renderBox(() => HITS);
    const box = await focusBox();
    type(box, 'where');
    await screen.findByRole('listbox');
    await act(async () => screen.getByRole('option', { name: 'Where to buy spices?' }).click());
    expect(path()).toBe(HITS[3]!.url);
  });

  it('a request the typing has moved past is aborted; only the latest words are shown', async () => {
    await renderBox();
    const box = await focusBox();
    type(box, 'sp');
    await waitFor(() => expect(requests).toHaveLength(1));
    type(box, 'where');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.url.searchParams.get('q')).toBe('where');
    await act(async () => requests[1]!.answer([HITS[3]!]));
    expect(await screen.findByRole('option', { name: 'Where to buy spices?' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Spice Bazaar' })).toBeNull();
  });

  it('one letter asks nothing; the service failing says so and still offers all results', async () => {
    globalThis.fetch = (async () => new Response('{"error":"Service unavailable"}', { status: 503 })) as typeof fetch;
    const spy = jest.spyOn(globalThis, 'fetch');
    ({ router } = await renderRouter([{ path: '*', element: <HeaderSearch /> }], { path: '/' }));
    const box = await focusBox();
    type(box, 's');
    await new Promise((r) => setTimeout(r, 300));
    expect(spy).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    type(box, 'sa');
    expect(await screen.findByText('Suggestions are unavailable right now.')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'All results for “sa”' })).toBeTruthy();
  });
});
