import { FEATURED_TIERS, HOME_COUNTS, type Listing, type ListingCategory } from '@cp/contracts';

// The home page's helpers. A card's formatting is in listing-format.ts and the /listings page's filters in
// listing-filters.ts: modules of their own, so home's chunks carry neither the filters nor the disclaimers.

/** Featured Listings on home: the first 3 in tier silver, gold or platinum (spec §2, §9). */
export function featuredListings(listings: readonly Listing[], count: number = HOME_COUNTS.featuredListings): Listing[] {
  return listings.filter((l) => FEATURED_TIERS.includes(l.tier)).slice(0, count);
}

/** Recent Listings on home: the first 6 (spec §2, §9). */
export function recentListings(listings: readonly Listing[], count: number = HOME_COUNTS.recentListings): Listing[] {
  return listings.slice(0, count);
}

export function categoryCounts(listings: readonly Listing[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const l of listings) counts.set(l.category, (counts.get(l.category) ?? 0) + 1);
  return counts;
}

/**
 * The hero's target (spec §2 Home): /listings with the query when text or a non-All category is set, else nothing.
 */
export function heroSearchTarget(search: string, category: string): string | null {
  const text = search.trim();
  const hasCategory = category !== '' && category !== 'All';
  if (!text && !hasCategory) return null;
  const params = new URLSearchParams();
  if (text) params.set('search', text);
  if (hasCategory) params.set('category', category);
  return `/listings?${params.toString()}`;
}

/** The categories of the hero chips and of Browse by Category (six; Community is reached through /listings). */
export const HOME_CATEGORIES: readonly ListingCategory[] = ['Jobs', 'Real Estate', 'Home Rentals', 'Services', 'Buy & Sell', 'Events'];
