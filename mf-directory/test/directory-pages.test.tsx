/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@cp/ui';
import { createAppStore } from '@cp/web-core';
import BusinessesPage from '../src/pages/BusinessesPage.tsx';
import YellowPagesPage from '../src/pages/YellowPagesPage.tsx';

type Api = (method: string, path: string, search: string) => [number, unknown];
const calls: string[] = [];

const BUSINESS = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '11111111-1111-4111-8111-111111111111',
  name: 'Spice Bazaar',
  category: 'Grocers',
  mainCategory: 'Grocers',
  description: 'Fresh vegetables and spices.',
  address: '1 Market St, Mechanicsburg PA',
  phone: '(717) 555-0100',
  email: 'hello@spice.example.com',
  website: 'spice.example.com',
  rating: 4.5,
  reviewCount: 12,
  verified: true,
  premium: true,
  createdAt: '2025-11-01T00:00:00.000Z',
};

async function renderAt(path: string, api: Api) {
  calls.length = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    const [status, body] = api(req.method, url.pathname, url.search);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const router = createMemoryRouter(
    [
      { path: '/businesses', element: <BusinessesPage /> },
      { path: '/yellow-pages', element: <YellowPagesPage /> },
    ],
    { initialEntries: [path] },
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

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('directory screens', () => {
  it('/businesses: cards with badges, rating, links and the Add Business button', async () => {
    await renderAt('/businesses', () => [200, [BUSINESS]]);
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('(12 reviews)')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(717) 555-0100' }).getAttribute('href')).toBe('tel:7175550100');
    expect(screen.getByRole('link', { name: 'spice.example.com (opens in a new tab)' }).getAttribute('href')).toBe('https://spice.example.com');
    expect(screen.getByRole('button', { name: 'Add Business' })).toBeTruthy();
  });

  it('/businesses with the API down: the error state', async () => {
    await renderAt('/businesses', () => [503, { error: 'Service unavailable' }]);
    expect(await screen.findByRole('heading', { name: 'Businesses could not be loaded' })).toBeTruthy();
  });

  it('/yellow-pages: nothing fetched until a main category is chosen; then the results with WhatsApp', async () => {
    await renderAt('/yellow-pages', (_m, p, search) => (p === '/api/yellow-pages' && search.includes('Grocers') ? [200, [BUSINESS]] : [200, []]));
    expect(screen.getByRole('button', { name: 'No categories starting with Z' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'Grocers' }).click());
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/yellow-pages?mainCategory=Grocers']);
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/17175550100');
    expect(screen.getByText('Current Selection')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Clear Selection' }).click());
    expect(screen.queryByText('Current Selection')).toBeNull();
    expect(screen.getByRole('button', { name: 'Automotive' })).toBeTruthy();
  });

  it('/yellow-pages: a subcategory narrows the query; an empty answer and a failure have their texts', async () => {
    await renderAt('/yellow-pages', (_m, _p, search) => (search.includes('subCategory') ? [500, 'boom'] : [200, []]));
    await act(async () => screen.getByRole('button', { name: 'Automotive' }).click());
    expect(await screen.findByText('No businesses are listed in this category yet.')).toBeTruthy();
    await act(async () => screen.getAllByRole('button', { name: 'Auto Repair' })[0]!.click());
    expect(await screen.findByRole('heading', { name: 'Failed to fetch businesses' })).toBeTruthy();
    expect(calls).toContain('GET /api/yellow-pages?mainCategory=Automotive&subCategory=Auto+Repair');
  });
});
