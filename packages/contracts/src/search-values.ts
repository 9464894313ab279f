/**
 * The search service's plain values and answer types (issue 15). No zod here: the listings page and the header's
 * search read these without loading the schemas; search.ts builds its schemas from them.
 */
import type { PriceBucketId } from './constants.ts';
import type { Listing } from './listings.ts';
import type { CursorPage, PageResponse } from './lists.ts';

/**
 * Past this many listings, /listings stops filtering the full list in the browser and asks the search service. Chosen
 * so that the full list, brotli-compressed by the gateway, stays within issue 15's 100 KB for the first view of
 * /listings (`npm run bench` prints the list's bytes on the wire per listing count).
 */
export const LISTINGS_SERVER_SEARCH_THRESHOLD = 1500;

/** What a search hit can be. */
export const SEARCH_HIT_TYPES = ['listing', 'business', 'post'] as const;
export type SearchHitType = (typeof SEARCH_HIT_TYPES)[number];

/** How the site names each type of hit: the header's suggestion groups and the results page's links (plural), a hit's badge (one). */
export const SEARCH_HIT_TYPE_NAMES: Record<SearchHitType, { plural: string; one: string }> = {
  listing: { plural: 'Listings', one: 'Listing' },
  business: { plural: 'Businesses', one: 'Business' },
  post: { plural: 'Forum posts', one: 'Forum post' },
};

/** At most this many characters of text in a hit's snippet. */
export const SEARCH_SNIPPET_MAX = 160;
/** GET /api/search/suggest: suggestions start from this many characters (one letter matches too much to help). */
export const SUGGEST_MIN_CHARS = 2;
/** GET /api/search/suggest: the default and largest `limit`. */
export const SUGGEST_LIMIT_DEFAULT = 8;
export const SUGGEST_LIMIT_MAX = 10;

/** One hit of the site-wide search: what it is, its title, a short text, and the site path that shows it. */
export interface SearchHit {
  type: SearchHitType;
  id: string;
  title: string;
  /** Up to SEARCH_SNIPPET_MAX characters of its text. */
  snippet: string;
  /** `/listing/{id}`, `/forum/post/{id}` or `/business/{id}`. */
  url: string;
}

/** The site path of a hit (the pages that show each type). */
export function searchHitUrl(type: SearchHitType, id: string): string {
  if (type === 'listing') return `/listing/${id}`;
  if (type === 'post') return `/forum/post/${id}`;
  return `/business/${id}`;
}

/** Counts per facet, each counted with every other filter applied (the alternatives the user can pick). */
export interface ListingFacets {
  category: Record<string, number>;
  location: Record<string, number>;
  priceRange: Record<PriceBucketId, number>;
}

/** GET /api/search/listings answer: a page (the page shape) of listings with the §9 rules, and the facets. */
export interface SearchListingsPage extends PageResponse<Listing> {
  facets: ListingFacets;
}

/** GET /api/search/suggest answer: the list shape, one slice (nextCursor null), best first. */
export type SuggestResponse = CursorPage<SearchHit>;

/** GET /api/search answer: one page of hits (the page shape), best first, and the hits of each type for the same words. */
export interface SearchResponse extends PageResponse<SearchHit> {
  counts: Record<SearchHitType, number>;
}
