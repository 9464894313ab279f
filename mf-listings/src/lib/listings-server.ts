import { LIST_PAGE_SIZES, LISTINGS_SERVER_SEARCH_THRESHOLD, QUERY_TEXT_MAX, type PriceBucketId } from '@cp/contracts';
import type { ListingFilters } from './listing-filters.ts';

/** Listings per page of /listings in server mode (the search service's default page size). */
export const SERVER_PAGE_SIZE = LIST_PAGE_SIZES.listings.default;
/** In server mode a typed search waits this long after the last key before it asks the service. */
export const SERVER_SEARCH_DEBOUNCE_MS = 300;


/** The query of GET /api/search/listings: ListingsQuerySchema's names; an unset filter is left out. */
export interface ServerListingsArgs {
  search?: string;
  category?: string;
  location?: string;
  priceRange?: PriceBucketId;
  page: number;
  pageSize: number;
}

/** The page's filters as the search service's query (the URL's `price` is the service's `priceRange`). */
export function serverListingsArgs(filters: ListingFilters, page: number): ServerListingsArgs {
  const args: Partial<ServerListingsArgs> = {};
  const search = filters.search.trim().slice(0, QUERY_TEXT_MAX).trim();
  if (search) args.search = search;
  if (filters.category !== 'all') args.category = filters.category;
  if (filters.location !== 'all') args.location = filters.location;
  if (filters.price !== 'all') args.priceRange = filters.price;
  return { ...args, page, pageSize: SERVER_PAGE_SIZE };
}

/**
 * The unfiltered first page: how /listings learns the catalogue's size (its `total`) without the full list. In server
 * mode with no filters it is also the page shown (the same query, one request).
 */
export const PROBE_ARGS: ServerListingsArgs = { page: 1, pageSize: SERVER_PAGE_SIZE };

export type ListingsMode = 'pending' | 'client' | 'server';

/**
 * Which /listings applies: the spec's client filtering of the full list up to the threshold (the operator's, from the
 * page's site settings; unset: LISTINGS_SERVER_SEARCH_THRESHOLD), the search service's pages past it. No answer yet:
 * pending. The search service failed or is not deployed: client mode, so the page works as the spec describes whatever
 * the search service does.
 */
export function listingsMode(probe: { isError: boolean; data?: { total: number } | undefined }, threshold: number = LISTINGS_SERVER_SEARCH_THRESHOLD): ListingsMode {
  if (probe.isError) return 'client';
  if (probe.data) return probe.data.total > threshold ? 'server' : 'client';
  return 'pending';
}

/** The page number of the URL's `page` (1 when absent or not a positive whole number). */
export function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** An option's label with its facet count when the service gave one ("Jobs (12)"). */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
