import { FULL_LIST_MAX, FullListQuerySchema, MyListingsQuerySchema, type Listing, type ListingsPage } from '@cp/contracts';
import { listingFor } from './public-listing.ts';
import type { ListingsDeps } from './deps.ts';

/** The page size of the page after a bounded full list (the page form's largest; FULL_LIST_MAX is a multiple of it). */
const NEXT_PAGE_SIZE = 100;

/**
 * GET /api/listings: the listings, newest first (spec §7; the client filters with the §9 rule). It takes no query:
 * pages, search and filters are the search service's (GET /api/search/listings), the one server engine of the §9 rule.
 * Listings moderation keeps from the public (hidden, or their author banned) are left out, but for the signed-in
 * viewer's own, which come marked `moderation: 'under-review'`. Every item goes through publicListing: a
 * 'messages-only' listing's phone and e-mail reach its owner only (issue 23). The list is bounded (issue 24 §2): at most
 * FULL_LIST_MAX, the newest; `next` then names the search service's page that follows them (the listings page asks for
 * the full list only in client mode, below its threshold; past it, it pages through the search service).
 */
export async function listListings(deps: ListingsDeps, query: Record<string, unknown>, viewerId?: string): Promise<{ body: Listing[]; next?: string }> {
  FullListQuerySchema.parse(query);
  const docs = await deps.listings.all(viewerId, FULL_LIST_MAX + 1);
  const body = docs.slice(0, FULL_LIST_MAX).map((doc) => listingFor(doc, viewerId));
  return docs.length > FULL_LIST_MAX ? { body, next: `/api/search/listings?page=${FULL_LIST_MAX / NEXT_PAGE_SIZE + 1}&pageSize=${NEXT_PAGE_SIZE}` } : { body };
}

/**
 * GET /api/listings/mine (My Listings): every listing of the signed-in user, newest first — expired, retired and
 * under moderation too (marked) — one page `{ items, total, page, pageSize }`. The owner gets their contacts.
 */
export async function listMyListings(deps: ListingsDeps, userId: string, query: Record<string, unknown>): Promise<ListingsPage> {
  const q = MyListingsQuerySchema.parse(query);
  const { items, total } = await deps.listings.ownedPage(userId, q.page, q.pageSize);
  return { items: items.map((doc) => listingFor(doc, userId)), total, page: q.page, pageSize: q.pageSize };
}
