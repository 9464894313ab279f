import { LOCATIONS, PRICE_BUCKETS, priceBucketMatches, type SavedSearchFilters } from '@cp/contracts';

/** The key part that stands for any category, any town or any price. */
const ANY = '*';

/**
 * The index of saved searches (issue 22 §3: a new listing is compared only with candidates). A saved search is stored
 * with the (category, town, price range) triples a listing must have to possibly match it; a listing asks for its own
 * (its category or any, its town or any, its price range or any). The §9 location filter is a substring of the town,
 * and a listing's town is always one of LOCATIONS, so the filter is resolved to the towns it matches, as the listings
 * query does; a filter no town matches gives no key (nothing can match it). A listing without a price passes every
 * price range (§9), so it asks for all of them. The keys only narrow: the match itself is `listingMatchesFilters`.
 */
export function savedSearchKeys(filters: Pick<SavedSearchFilters, 'category' | 'location' | 'priceRange'>): string[] {
  const category = filters.category ?? ANY;
  const price = filters.priceRange ?? ANY;
  const location = filters.location?.trim().toLowerCase();
  const towns = location ? LOCATIONS.filter((l) => l.toLowerCase().includes(location)) : LOCATIONS;
  if (towns.length === LOCATIONS.length) return [`${category}|${ANY}|${price}`];
  return towns.map((town) => `${category}|${town}|${price}`);
}

/** A listing's candidate keys: every saved search that can match it has one of them. */
export function listingAlertKeys(listing: { category: string; location: string; price?: number | null | undefined }): string[] {
  const prices = [ANY, ...PRICE_BUCKETS.filter((b) => priceBucketMatches(listing.price, b.id)).map((b) => b.id)];
  return [listing.category, ANY].flatMap((category) => [listing.location, ANY].flatMap((town) => prices.map((price) => `${category}|${town}|${price}`)));
}
