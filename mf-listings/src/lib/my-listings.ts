import type { Listing } from '@cp/contracts';

/** The user's own listings: userId equals the user's id (spec §2 My Listings; the client filters). */
export function myListings(listings: readonly Listing[], userId: string): Listing[] {
  return listings.filter((l) => l.userId === userId);
}

/** Total Listings, Active (status active), Featured (platinum or gold), Free Tier. */
export function myListingCounters(listings: readonly Listing[]): { total: number; active: number; featured: number; free: number } {
  return {
    total: listings.length,
    active: listings.filter((l) => l.status === 'active').length,
    featured: listings.filter((l) => l.tier === 'platinum' || l.tier === 'gold').length,
    free: listings.filter((l) => l.tier === 'free').length,
  };
}
