/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@cp/ui';
import { createAppStore } from '@cp/web-core';
import AdminPage from '../src/pages/AdminPage.tsx';

type Api = (method: string, path: string) => [number, unknown];
const calls: string[] = [];

const USER = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };
const ADMIN = { ...USER, isAdmin: true };
const AD = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Diwali Sale',
  description: '20% off sweets',
  imageUrl: null,
  ctaText: 'Shop now',
  ctaUrl: 'https://shop.example.com',
  placement: 'homepage-top',
  size: 'large',
  pricingTier: 'banner',
  status: 'active',
  impressions: 200,
  clicks: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function renderAdmin(api: Api) {
  calls.length = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const p = new URL(req.url).pathname;
    calls.push(`${req.method} ${p}`);
    const [status, body] = api(req.method, p);
    return new Response(body === null ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminPage /> },
      { path: '/auth', element: <h1>Auth page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: ['/admin'] },
  );
  await act(async () => {
    render(
      <Provider store={createAppStore()}>
        <RouterProvider router={router} />
        <Toaster />
      </Provider>,
    );
  });
}

const as =
  (user: unknown, rest: Api = () => [200, []]): Api =>
  (m, p) =>
    p === '/api/auth/user' ? (user ? [200, user] : [401, { error: 'Authentication required' }]) : rest(m, p);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/admin', () => {
  it('logged out: Authentication Required with Go to Login, and no admin data fetched', async () => {
    await renderAdmin(as(null));
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/auth');
    expect(calls).toEqual(['GET /api/auth/user']);
  });

  it('a user who is not admin: Access Denied / Admin Access Required with Return to Home', async () => {
    await renderAdmin(as(USER));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Admin Access Required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('an admin: Advertisements tab by default with the empty state', async () => {
    await renderAdmin(as(ADMIN));
    expect(await screen.findByRole('tab', { name: 'Advertisements', selected: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No advertisements yet' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Yellow Pages' })).toBeTruthy();
  });

  it('an ad card shows the CTR; delete asks the confirm text and calls DELETE only when confirmed', async () => {
    const api = as(ADMIN, (m, p) => (p === '/api/advertisements' ? [200, [AD]] : m === 'DELETE' ? [200, { ok: true }] : [200, []]));
    await renderAdmin(api);
    const card = (await screen.findByRole('heading', { name: 'Diwali Sale' })).closest('li')!;
    expect(within(card).getByText('1.50%')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /shop\.example\.com/ }).getAttribute('target')).toBe('_blank');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await act(async () => within(card).getByRole('button', { name: 'Delete Diwali Sale' }).click());
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this advertisement?');
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    await act(async () => within(card).getByRole('button', { name: 'Delete Diwali Sale' }).click());
    expect(calls).toContain(`DELETE /api/advertisements/${AD.id}`);
    expect(await screen.findByText('Advertisement deleted successfully')).toBeTruthy();
  });

  it('create: a refused save says so and keeps the form; a saved one says so and closes it', async () => {
    let accept = false;
    const api = as(ADMIN, (m, p) => (m === 'POST' && p === '/api/advertisements' ? (accept ? [201, AD] : [500, { error: 'boom' }]) : [200, []]));
    await renderAdmin(api);
    await act(async () => (await screen.findByRole('button', { name: 'Create Advertisement' })).click());
    const dialog = await screen.findByRole('dialog');
    const fill = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill(/^Title/, 'Diwali Sale');
    fill(/^Description/, '20% off sweets');
    fill(/^Call-to-action text/, 'Shop now');
    fill(/^Call-to-action URL/, 'https://shop.example.com');
    await act(async () => within(dialog).getByRole('button', { name: 'Create Advertisement' }).click());
    expect(await screen.findByText('Failed to create advertisement')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    accept = true;
    await act(async () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Advertisement' }).click());
    expect(await screen.findByText('Advertisement created successfully')).toBeTruthy();
    expect(calls.filter((c) => c === 'POST /api/advertisements')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the API down: the error state inside the tab, not a crash', async () => {
    await renderAdmin(as(ADMIN, () => [502, 'Bad Gateway']));
    expect(await screen.findByRole('heading', { name: 'Advertisements could not be loaded' })).toBeTruthy();
  });
});
