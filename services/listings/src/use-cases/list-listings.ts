import { ListingsQuerySchema, type Listing, type ListingsPage } from '@cp/contracts';
import { listingFor } from './public-listing.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * GET /api/listings. Without a query: every listing, newest first (spec §7; the client filters). With any query
 * parameter: one page `{ items, total, page, pageSize }` filtered on the server with the same §9 rules. Listings
 * moderation keeps from the public (hidden, or their author banned) are left out, but for the signed-in viewer's own,
 * which come marked `moderation: 'under-review'` (My Listings). Every item goes through publicListing: a
 * 'messages-only' listing's phone and e-mail reach its owner only (issue 23).
 */
export async function listListings(deps: ListingsDeps, query: Record<string, unknown>, viewerId?: string): Promise<Listing[] | ListingsPage> {
  if (Object.keys(query).length === 0) return (await deps.listings.all(viewerId)).map((doc) => listingFor(doc, viewerId));
  // An empty parameter (`?search=&category=`) does not filter, as on the listings page.
  const q = ListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total } = await deps.listings.search(q, viewerId);
  return { items: items.map((doc) => listingFor(doc, viewerId)), total, page: q.page, pageSize: q.pageSize };
}
