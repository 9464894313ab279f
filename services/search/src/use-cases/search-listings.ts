import { SearchListingsQuerySchema, type SearchListingsPage } from '@cp/contracts';
import type { SearchDeps } from './deps.ts';

/**
 * GET /api/search/listings: the page GET /api/listings?... answers (same query, same §9 rules, same order), with the
 * facets. An empty parameter does not filter, as there.
 */
export function searchListings(deps: SearchDeps, query: Record<string, unknown>): SearchListingsPage {
  const q = SearchListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total, facets } = deps.index.listings.query(q);
  return { items, total, page: q.page, pageSize: q.pageSize, facets };
}
