import type { Advertisement } from '@cp/contracts';

// The admin tests' users and ad, without the DOM set-up of admin-fixtures.tsx: the pure tests (admin.test.ts) run in Node.

export const USER = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };
export const ADMIN = { ...USER, isAdmin: true };

/** An advertisement as the ads service answers it. */
export const adFixture = (overrides: Partial<Advertisement> = {}): Advertisement => ({
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
  impressionsFiltered: 40,
  clicksFiltered: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
