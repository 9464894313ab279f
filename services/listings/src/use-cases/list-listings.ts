import { FULL_LIST_MAX, ListingsQuerySchema, type Listing, type ListingsPage } from '@cp/contracts';
import { listingFor } from './public-listing.ts';
import type { ListingsDeps } from './deps.ts';

/** The page size of the page after a bounded full list (the page form's largest; FULL_LIST_MAX is a multiple of it). */
const NEXT_PAGE_SIZE = 100;

/**
 * GET /api/listings. Without a query: the listings, newest first (spec §7; the client filters). With any query
 * parameter: one page `{ items, total, page, pageSize }` filtered on the server with the same §9 rules. Listings
 * moderation keeps from the public (hidden, or their author banned) are left out, but for the signed-in viewer's own,
 * which come marked `moderation: 'under-review'` (My Listings). Every item goes through publicListing: a
 * 'messages-only' listing's phone and e-mail reach its owner only (issue 23). The bare list is bounded (issue 24 §2): at
 * most FULL_LIST_MAX, the newest; `next` then names the page of the page form that follows them (the listings page
 * asks for the full list only in client mode, below its threshold; past it, it pages through the search service).
 */
export async function listListings(deps: ListingsDeps, query: Record<string, unknown>, viewerId?: string): Promise<{ body: Listing[] | ListingsPage; next?: string }> {
  if (Object.keys(query).length === 0) {
    const docs = await deps.listings.all(viewerId, FULL_LIST_MAX + 1);
    const body = docs.slice(0, FULL_LIST_MAX).map((doc) => listingFor(doc, viewerId));
    return docs.length > FULL_LIST_MAX ? { body, next: `/api/listings?page=${FULL_LIST_MAX / NEXT_PAGE_SIZE + 1}&pageSize=${NEXT_PAGE_SIZE}` } : { body };
  }
  // An empty parameter (`?search=&category=`) does not filter, as on the listings page.
  const q = ListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total } = await deps.listings.search(q, viewerId);
  return { body: { items: items.map((doc) => listingFor(doc, viewerId)), total, page: q.page, pageSize: q.pageSize } };
}
