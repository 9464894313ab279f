import { SearchListingsQuerySchema, type Listing, type ListingsPage } from '@cp/contracts';
import { filterListings } from '../../../mf-listings/src/lib/listing-filters.ts';

/**
 * What /listings' client mode shows for a query: the full list (GET /api/listings, newest first) filtered in the
 * browser by mf-listings' `filterListings` — the contracts' `listingMatchesFilters` — then put in the query's order
 * and cut to its page. The reference the search service's pages are held to: the listings service has no query of
 * its own, so the one rule runs in the browser and in search's index only.
 * `tier` and `userId` are not filters of the page: they narrow the list the same way on both sides (a test's own
 * listings among those other test files publish on the shared streams).
 */
export function clientModePage(fullList: readonly Listing[], query: URLSearchParams): ListingsPage {
  // An empty parameter (`?search=&category=`) does not filter, as on the listings page.
  const q = SearchListingsQuerySchema.parse(Object.fromEntries([...query].filter(([, v]) => v !== '')));
  const narrowed = fullList.filter((l) => (!q.tier || l.tier === q.tier) && (!q.userId || l.userId === q.userId));
  const hits = filterListings(narrowed, { search: q.search ?? '', category: q.category ?? 'all', location: q.location ?? 'all', price: q.priceRange ?? 'all' });
  const sorted = [...hits].sort(LISTING_ORDERS[q.sort]);
  return { items: sorted.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: sorted.length, page: q.page, pageSize: q.pageSize };
}

const newestFirst = (a: Listing, b: Listing) => (a.createdAt !== b.createdAt ? b.createdAt.localeCompare(a.createdAt) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
/** Price up with no price first, price down with no price last; ties newest first. */
const byPrice = (desc: boolean) => (a: Listing, b: Listing) => {
  const x = a.price ?? null;
  const y = b.price ?? null;
  if (x !== y) {
    if (x === null) return desc ? 1 : -1;
    if (y === null) return desc ? -1 : 1;
    return desc ? y - x : x - y;
  }
  return newestFirst(a, b);
};
/** The orders of the listings pages, as client mode sorts: ties newest first, the id breaking equal times. */
export const LISTING_ORDERS = { newest: newestFirst, oldest: (a: Listing, b: Listing) => newestFirst(b, a), 'price-asc': byPrice(false), 'price-desc': byPrice(true) } as const;
