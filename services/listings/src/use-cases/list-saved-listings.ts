import { SAVED_LISTINGS_MAX, SavedListingsQuerySchema, type SavedListingItem, type SavedListingsPage } from '@cp/contracts';
import { toListing } from '../data/listing-mapper.ts';
import { publicListing } from './public-listing.ts';
import { savedStateOf, type SavedListingsDeps } from './saved-listing-rules.ts';

/**
 * GET /api/saved-listings?page=&pageSize=: one page of the signed-in user's saves, newest first. Each item carries
 * the listing as visitors see it when it is `available`; otherwise only its state (expired, removed, unavailable —
 * savedStateOf), and an expired one its title, so /saved can say which one it was and offer to drop it.
 */
export async function listSavedListings(deps: SavedListingsDeps, userId: string, query: Record<string, unknown>): Promise<SavedListingsPage> {
  const q = SavedListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total } = await deps.saved.page(userId, q.page, q.pageSize);
  const listings = new Map((await deps.listings.findByIds(items.map((s) => s.listingId))).map((l) => [l._id, l]));
  const now = deps.now();
  return {
    items: items.map((saved): SavedListingItem => {
      const doc = listings.get(saved.listingId);
      const state = savedStateOf(doc, now);
      const base = { listingId: saved.listingId, savedAt: saved.createdAt.toISOString(), state };
      if (state === 'available' && doc) return { ...base, listing: publicListing(toListing(doc), userId) };
      if (state === 'expired' && doc) return { ...base, title: doc.title };
      return base;
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** GET /api/saved-listings/ids: the ids of every listing the user saved, newest first (the Save toggles' state; the cap bounds it). */
export async function savedListingIds(deps: SavedListingsDeps, userId: string): Promise<{ listingIds: string[] }> {
  return { listingIds: await deps.saved.listingIds(userId, SAVED_LISTINGS_MAX) };
}
