/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, adFixture, businessFixture, jsonAnswer, openAndFill, renderAdminPage } from './support/admin-fixtures.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

// The admin's tabs page through the services' cursor pages (issue 24 §2): the first page, then Load more, each asked
// with the cursor the page before named; a create, an edit or a delete shows in every page loaded, without a reload.

/** The fake service's page size (the page asks for 100; a service may answer fewer, and names the next page). */
const PAGE = 2;

interface Item {
  id: string;
}

/**
 * A list served in cursor pages like the services' (`{ items, nextCursor }`, newest first): the cursor is the id of the
 * page's last item, and the next page is what follows it.
 */
class PagedList<T extends Item> {
  items: T[];
  constructor(items: T[]) {
    this.items = items;
  }
  page(cursor: string | null): { items: T[]; nextCursor: string | null } {
    const start = cursor === null ? 0 : this.items.findIndex((i) => i.id === cursor) + 1;
    const items = this.items.slice(start, start + PAGE);
    return { items, nextCursor: start + PAGE < this.items.length ? items[items.length - 1]!.id : null };
  }
}

const ad = (n: number) =>
  adFixture({ id: `00000000-0000-4000-8000-00000000000${n}`, title: `Ad number ${n}`, description: 'Sweets', status: 'paused', impressions: 0, clicks: 0, impressionsFiltered: 0, clicksFiltered: 0 });

const business = (n: number) => businessFixture({ id: `00000000-0000-4000-8000-00000000010${n}`, name: `Business number ${n}` });

/** Every list request, as `path?query`. */
const listCalls: string[] = [];

/** The admin page over a fake site: the ads and businesses lists paged, and their writes applied to them. */
async function renderAdmin(ads: PagedList<ReturnType<typeof ad>>, businesses: PagedList<ReturnType<typeof business>>) {
  listCalls.length = 0;
  await renderAdminPage(async (req) => {
    const url = new URL(req.url);
    const json = jsonAnswer;
    if (url.pathname === '/api/auth/user') return json(200, ADMIN);
    for (const [base, list] of [
      ['/api/advertisements', ads],
      ['/api/businesses', businesses],
    ] as const) {
      if (req.method === 'GET' && url.pathname === base) {
        listCalls.push(`${url.pathname}${url.search}`);
        return json(200, list.page(url.searchParams.get('cursor')));
      }
    }
    const id = url.pathname.split('/').pop()!;
    const list: PagedList<Item> = url.pathname.startsWith('/api/advertisements') ? ads : businesses;
    if (req.method === 'DELETE') {
      list.items = list.items.filter((i) => i.id !== id);
      return json(204, null);
    }
    if (req.method === 'PUT') {
      const body = (await req.json()) as object;
      list.items = list.items.map((i) => (i.id === id ? { ...i, ...body } : i));
      return json(200, list.items.find((i) => i.id === id));
    }
    if (req.method === 'POST') {
      const created = { ...ad(9), ...((await req.json()) as object) };
      list.items = [created, ...list.items];
      return json(201, created);
    }
    return json(404, { error: 'Not found' });
  });
}

quietConsole();

const heading = (name: string) => screen.queryByRole('heading', { name });
/** The titles of the cards shown, in order. */
const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/admin: the tabs page through the cursor pages', () => {
  it('Advertisements: the first page, then Load more until the last; a delete on a later page and a create show without a reload', async () => {
    const ads = new PagedList([1, 2, 3, 4, 5].map(ad));
    await renderAdmin(ads, new PagedList([]));
    await screen.findByRole('heading', { name: 'Ad number 1' });
    expect(heading('Ad number 2')).toBeTruthy();
    expect(heading('Ad number 3')).toBeNull();
    expect(listCalls).toEqual(['/api/advertisements?limit=100']);

    await act(async () => screen.getByRole('button', { name: 'Load more advertisements' }).click());
    await screen.findByRole('heading', { name: 'Ad number 4' });
    expect(listCalls).toContain(`/api/advertisements?limit=100&cursor=${ad(2).id}`);
    expect(heading('Ad number 5')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Load more advertisements' }).click());
    await screen.findByRole('heading', { name: 'Ad number 5' });
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more advertisements' })).toBeNull();

    // Delete one on the second page: it goes, and the pages after it close up (no ad lost or shown twice).
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await act(async () => within(heading('Ad number 3')!.closest('li')!).getByRole('button', { name: 'Delete Ad number 3' }).click());
    expect(await screen.findByText('Advertisement deleted successfully')).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toEqual(['Ad number 1', 'Ad number 2', 'Ad number 4', 'Ad number 5']));

    // Create one: the newest, at the top of the first page.
    const dialog = await openAndFill('Create Advertisement', { Title: 'Brand new ad', Description: 'Fresh', 'Call-to-action text': 'Go', 'Call-to-action URL': 'https://new.example.com' });
    await act(async () => within(dialog).getByRole('button', { name: 'Create Advertisement' }).click());
    expect(await screen.findByText('Advertisement created successfully')).toBeTruthy();
    // The pages opened stay open: every ad still shows, once each.
    await waitFor(() => expect(cardTitles()).toEqual(['Brand new ad', 'Ad number 1', 'Ad number 2', 'Ad number 4', 'Ad number 5']));
  });

  it('Yellow Pages: Load more shows the businesses past the first page, and an edit there shows in place', async () => {
    await renderAdmin(new PagedList([]), new PagedList([1, 2, 3].map(business)));
    const tab = await screen.findByRole('tab', { name: 'Yellow Pages' });
    await act(async () => fireEvent.mouseDown(tab, { button: 0 }));
    await screen.findByRole('heading', { name: 'Business number 1' });
    expect(heading('Business number 3')).toBeNull();
    expect(listCalls).toContain('/api/businesses?limit=100');

    await act(async () => screen.getByRole('button', { name: 'Load more businesses' }).click());
    const card = (await screen.findByRole('heading', { name: 'Business number 3' })).closest('li')!;
    expect(screen.queryByRole('button', { name: 'Load more businesses' })).toBeNull();

    await act(async () => within(card).getByRole('button', { name: 'Edit Business number 3' }).click());
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Business name/), { target: { value: 'Renamed business' } });
    await act(async () => within(dialog).getByRole('button', { name: 'Update Business' }).click());
    expect(await screen.findByText('Business updated successfully')).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toEqual(['Business number 1', 'Business number 2', 'Renamed business']));
  });
});
