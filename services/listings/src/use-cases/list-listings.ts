import { ListingsQuerySchema, type Listing, type ListingsPage } from '@cp/contracts';
import { toListing } from '../data/listing-mapper.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * GET /api/listings. Without a query: every listing, newest first (spec §7; the client filters). With any query
 * parameter: one page `{ items, total, page, pageSize }` filtered on the server with the same §9 rules.
 */
export async function listListings(deps: ListingsDeps, query: Record<string, unknown>): Promise<Listing[] | ListingsPage> {
  if (Object.keys(query).length === 0) return (await deps.listings.all()).map(toListing);
  // An empty parameter (`?search=&category=`) does not filter, as on the listings page.
  const q = ListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total } = await deps.listings.search(q);
  return { items: items.map(toListing), total, page: q.page, pageSize: q.pageSize };
}
