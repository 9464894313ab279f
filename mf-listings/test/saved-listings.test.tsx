/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import { LOCAL_SAVES_KEY } from '@cp/web-core/saved-listings';
import ListingDetailPage from '../src/pages/ListingDetailPage.tsx';
import SavedListingsPage from '../src/pages/SavedListingsPage.tsx';
import { listingFixture } from './listing-fixture.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

const USER = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', isAdmin: false };
type Answer = [number, unknown];
let calls: Array<{ method: string; path: string; body: unknown }> = [];

/** The services: the session, one listing's detail, and the saved-listings routes answered by `saved`. */
function serve(user: unknown, saved: (method: string, path: string, body: unknown) => Answer | undefined, detail?: ReturnType<typeof listingFixture>) {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path: url.pathname + url.search, body });
    const answer: Answer =
      url.pathname === '/api/auth/user'
        ? [200, user]
        : url.pathname === '/api/listings'
          ? [200, []]
          : detail && url.pathname === `/api/listings/${detail.id}`
            ? [200, detail]
            : (saved(request.method, url.pathname, body) ?? [404, { error: 'Not found' }]);
    return new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function renderAt(path: string, routes: Array<{ path: string; element: React.ReactNode }>) {
  await renderRouter(routes, { path });
}

/**
 * The account's saved listings as the saved-listings service keeps them, for serve(): the ids (GET), a save (POST), a
 * merge of a browser's saves (POST merge), a removal (DELETE).
 */
function accountSaves(ids: string[] = []) {
  return (method: string, path: string, body: unknown): Answer | undefined => {
    if (method === 'GET' && path === '/api/saved-listings/ids') return [200, { listingIds: ids }];
    if (method === 'POST' && path === '/api/saved-listings') {
      const { listingId } = body as { listingId: string };
      ids = [listingId, ...ids];
      return [201, { id: '33333333-3333-4333-8333-333333333333', userId: USER.id, listingId, createdAt: '2026-01-01T00:00:00.000Z' }];
    }
    if (method === 'POST' && path === '/api/saved-listings/merge') {
      const { listingIds } = body as { listingIds: string[] };
      ids = [...listingIds, ...ids];
      return [200, { merged: listingIds.length, skipped: 0, total: ids.length }];
    }
    if (method === 'DELETE' && path.startsWith('/api/saved-listings/')) {
      const listingId = path.slice('/api/saved-listings/'.length);
      ids = ids.filter((i) => i !== listingId);
      return [200, { message: 'removed' }];
    }
    return undefined;
  };
}

const local = () => JSON.parse(localStorage.getItem(LOCAL_SAVES_KEY) ?? '[]') as string[];

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());
quietConsole();

describe('the Save toggle (issue 22 §2)', () => {
  it('signed out: saves in this browser only, nothing is sent', async () => {
    const listing = listingFixture(1, { title: 'Sofa for sale' });
    serve(null, () => undefined, listing);
    await renderAt(`/listing/${listing.id}`, [{ path: '/listing/:id', element: <ListingDetailPage /> }]);
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(await screen.findByRole('button', { name: 'Saved', pressed: true })).toBeTruthy();
    expect(local()).toEqual([listing.id]);
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
    expect(local()).toEqual([]);
    expect(calls.some((c) => c.path.startsWith('/api/saved-listings'))).toBe(false);
  });

  it('signed in: reads and writes the account, shown at once', async () => {
    const listing = listingFixture(2);
    serve(USER, accountSaves(), listing);
    await renderAt(`/listing/${listing.id}`, [{ path: '/listing/:id', element: <ListingDetailPage /> }]);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/saved-listings/ids')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved', pressed: true })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/saved-listings')?.body).toEqual({ listingId: listing.id });
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
    expect(local()).toEqual([]);
  });

  it('signed in, a refused save (the cap) is undone', async () => {
    const listing = listingFixture(3);
    serve(
      USER,
      (method, path) => {
        if (method === 'GET' && path === '/api/saved-listings/ids') return [200, { listingIds: [] }];
        if (method === 'POST' && path === '/api/saved-listings') return [409, { error: 'You can save up to 500 listings. Remove some saved listings to save more.' }];
        return undefined;
      },
      listing,
    );
    await renderAt(`/listing/${listing.id}`, [{ path: '/listing/:id', element: <ListingDetailPage /> }]);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/saved-listings/ids')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
  });

  it('signed in with saves left in this browser: they are merged into the account, then cleared here', async () => {
    const listing = listingFixture(4);
    const other = listingFixture(5);
    localStorage.setItem(LOCAL_SAVES_KEY, JSON.stringify([other.id]));
    serve(USER, accountSaves(), listing);
    await renderAt(`/listing/${listing.id}`, [{ path: '/listing/:id', element: <ListingDetailPage /> }]);
    await waitFor(() => expect(local()).toEqual([]));
    expect(calls.filter((c) => c.path === '/api/saved-listings/merge').map((c) => c.body)).toEqual([{ listingIds: [other.id] }]);
    // The ids are asked again after the merge.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/saved-listings/ids').length).toBeGreaterThanOrEqual(2));
  });
});

describe('/saved', () => {
  it('signed out: asks to log in and says the browser’s saves will be added', async () => {
    localStorage.setItem(LOCAL_SAVES_KEY, JSON.stringify([listingFixture(6).id, listingFixture(7).id]));
    serve(null, () => undefined);
    await renderAt('/saved', [{ path: '/saved', element: <SavedListingsPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Please Log In', level: 1 })).toBeTruthy();
    expect(screen.getByText(/The 2 listings you saved in this browser will be added to your account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
  });

  it('signed in: the saved listings, an expired or removed one as such with Remove', async () => {
    const shown = listingFixture(8, { title: 'Sofa for sale' });
    const expiredId = listingFixture(9).id;
    const removedId = listingFixture(10).id;
    let items = [
      { listingId: shown.id, savedAt: '2026-01-03T00:00:00.000Z', state: 'available', listing: shown },
      { listingId: expiredId, savedAt: '2026-01-02T00:00:00.000Z', state: 'expired', title: 'Old bike' },
      { listingId: removedId, savedAt: '2026-01-01T00:00:00.000Z', state: 'removed' },
    ];
    serve(USER, (method, path) => {
      if (method === 'GET' && path === '/api/saved-listings') return [200, { items, total: items.length, page: 1, pageSize: 24 }];
      if (method === 'GET' && path === '/api/saved-listings/ids') return [200, { listingIds: items.map((i) => i.listingId) }];
      if (method === 'DELETE' && path === `/api/saved-listings/${expiredId}`) {
        items = items.filter((i) => i.listingId !== expiredId);
        return [200, { message: 'removed' }];
      }
      return undefined;
    });
    await renderAt('/saved', [{ path: '/saved', element: <SavedListingsPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Saved Listings', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Sofa for sale' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Saved Sofa for sale', pressed: true })).toBeTruthy();
    expect(screen.getByText('This listing has expired')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Old bike' })).toBeTruthy();
    expect(screen.getByText('This listing was removed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Old bike from your saved listings' }));
    await waitFor(() => expect(screen.queryByText('This listing has expired')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/saved-listings/${expiredId}`)).toBe(true);
    expect(screen.getByText('2 saved listings')).toBeTruthy();
  });

  it('signed in with nothing saved: No Saved Listings', async () => {
    serve(USER, (method, path) => (method === 'GET' && path === '/api/saved-listings' ? [200, { items: [], total: 0, page: 1, pageSize: 24 }] : undefined));
    await renderAt('/saved', [{ path: '/saved', element: <SavedListingsPage /> }]);
    expect(await screen.findByText('No Saved Listings')).toBeTruthy();
  });
});
