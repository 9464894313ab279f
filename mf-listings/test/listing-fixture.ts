import type { Listing } from '@cp/contracts';

/** Listing number `n` as the API returns it: an ordinary free listing in Harrisburg, changed by `patch`. */
export function listingFixture(n: number, patch: Partial<Listing> = {}): Listing {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: '11111111-1111-4111-8111-111111111111',
    category: 'Buy & Sell',
    title: `Listing ${n}`,
    description: 'A perfectly ordinary description of an item.',
    price: null,
    location: 'Harrisburg PA',
    imageUrls: [],
    tier: 'free',
    status: 'active',
    createdAt: '2025-11-01T00:00:00.000Z',
    updatedAt: '2025-11-01T00:00:00.000Z',
    ...patch,
  };
}
