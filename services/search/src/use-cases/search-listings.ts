import { SearchListingsQuerySchema, type SearchListingsPage } from '@cp/contracts';
import type { SearchDeps } from './deps.ts';

/**
 * GET /api/search/listings: the server-side listings page (the one server engine of the §9 rule): the listings client
 * mode would show for the same filters over the full list, in the query's order and page, with the facets. An empty
 * parameter does not filter, as on the listings page.
 */
export function searchListings(deps: SearchDeps, query: Record<string, unknown>): SearchListingsPage {
  const q = SearchListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total, facets } = deps.index.listings.query(q);
  return { items, total, page: q.page, pageSize: q.pageSize, facets };
}
