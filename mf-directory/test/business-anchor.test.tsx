/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { screen } from '@testing-library/react';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import BusinessesPage from '../src/pages/BusinessesPage.tsx';
import { recordScrolls } from './support/record-scrolls.ts';

const business = (n: number, name: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  userId: '11111111-1111-4111-8111-111111111111',
  name,
  category: 'Grocers',
  description: 'Fresh vegetables and spices.',
  address: '1 Market St, Mechanicsburg PA',
  phone: '(717) 555-0100',
  rating: 4.5,
  reviewCount: 12,
  verified: false,
  premium: false,
  createdAt: '2025-11-01T00:00:00.000Z',
});

it('/businesses#business-{id} (a search hit): that card is scrolled to and outlined once the list is there', async () => {
  const { scrolled, stop } = recordScrolls();
  try {
    globalThis.fetch = (async () => new Response(JSON.stringify([business(1, 'Spice Bazaar'), business(2, 'Dosa House')]), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    await renderRouter([{ path: '/businesses', element: <BusinessesPage /> }], { path: '/businesses#business-00000000-0000-4000-8000-000000000002' });
    const card = (await screen.findByRole('heading', { name: 'Dosa House' })).closest('li')!;
    expect(card.id).toBe('business-00000000-0000-4000-8000-000000000002');
    expect(card.hasAttribute('data-highlighted')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Spice Bazaar' }).closest('li')!.hasAttribute('data-highlighted')).toBe(false);
    expect(scrolled).toEqual(['business-00000000-0000-4000-8000-000000000002']);
  } finally {
    stop();
  }
});
