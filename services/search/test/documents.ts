import { randomUUID } from 'node:crypto';
import { ListingCreated, ListingDeleted, ListingUpdated, makeEvent, type Listing } from '@cp/contracts';

/** The index on its own (no service, no stream): documents on a fixed clock and the events their owners publish. */
export const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

/** An active free listing of a new owner at t(0); a test gives what it searches for. */
export function aListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: randomUUID(),
    userId: randomUUID(),
    category: 'Buy & Sell',
    title: 'Mountain bike for sale',
    description: 'Barely used, 21 gears, new tyres and a helmet included.',
    price: 120,
    location: 'Mechanicsburg PA',
    imageUrls: [],
    tier: 'free',
    status: 'active',
    createdAt: t(0),
    updatedAt: t(0),
    ...overrides,
  };
}

/** What every event of a listing's own says of it (the listings service sends the whole listing along). */
export const listingRef = (l: Listing) => ({ listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title, listing: l });
export const created = (l: Listing) => makeEvent(ListingCreated, listingRef(l));
export const updated = (l: Listing, changed = ['title']) => makeEvent(ListingUpdated, { ...listingRef(l), changed });
export const deleted = (l: Listing) => makeEvent(ListingDeleted, { listingId: l.id, userId: l.userId, imageUrls: [] });
