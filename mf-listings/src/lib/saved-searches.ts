import { PRICE_BUCKETS, type SavedSearchFilters, type SavedSearchFrequency } from '@cp/contracts';
import type { ListingFilters } from './listing-filters.ts';

/** The /listings page's filters as a saved search's (the API's field names; an unset filter left out). */
export function savedSearchFiltersOf(filters: ListingFilters): SavedSearchFilters {
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.category !== 'all' ? { category: filters.category } : {}),
    ...(filters.location !== 'all' && filters.location.trim() ? { location: filters.location.trim() } : {}),
    ...(filters.price !== 'all' ? { priceRange: filters.price } : {}),
  };
}

/** What a saved search looks for, in words: its filters in the page's order, or every listing. */
export function describeFilters(filters: SavedSearchFilters): string {
  const parts = [
    filters.search ? `“${filters.search}”` : null,
    filters.category ?? null,
    filters.location ?? null,
    filters.priceRange ? (PRICE_BUCKETS.find((b) => b.id === filters.priceRange)?.label ?? null) : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' · ') : 'Every new listing';
}

/** A name to start from: the filters in words, cut to fit. */
export function suggestedName(filters: SavedSearchFilters, max: number): string {
  const words = describeFilters(filters).replace(/[“”]/g, '');
  return words.length > max ? `${words.slice(0, max - 1)}…` : words;
}

/** The /listings URL of a saved search's filters (the page keeps them in its query). */
export function listingsPathOf(filters: SavedSearchFilters): string {
  const q = new URLSearchParams();
  if (filters.search) q.set('search', filters.search);
  if (filters.category) q.set('category', filters.category);
  if (filters.location) q.set('location', filters.location);
  if (filters.priceRange) q.set('price', filters.priceRange);
  const qs = q.toString();
  return `/listings${qs ? `?${qs}` : ''}`;
}

export const FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  instant: 'Instant: an e-mail for each new listing',
  daily: 'Daily digest: one e-mail a day at most',
};
