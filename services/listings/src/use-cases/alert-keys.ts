import { LOCATIONS, type SavedSearchFilters } from '@cp/contracts';

/** The key part that stands for any category or any town. */
const ANY = '*';

/**
 * The index of saved searches (issue 22 §3: a new listing is compared only with candidates). A saved search is stored
 * with the (category, town) pairs a listing must have to possibly match it; a listing asks for its own four pairs
 * (its category or any, its town or any). The §9 location filter is a substring of the town, and a listing's town is
 * always one of LOCATIONS, so the filter is resolved to the towns it matches, as the listings query does; a filter no
 * town matches gives no key (nothing can match it). The keys only narrow: the match itself is `listingMatchesFilters`.
 */
export function savedSearchKeys(filters: Pick<SavedSearchFilters, 'category' | 'location'>): string[] {
  const category = filters.category ?? ANY;
  const location = filters.location?.trim().toLowerCase();
  if (!location) return [`${category}|${ANY}`];
  const towns = LOCATIONS.filter((l) => l.toLowerCase().includes(location));
  if (towns.length === LOCATIONS.length) return [`${category}|${ANY}`];
  return towns.map((town) => `${category}|${town}`);
}

/** A listing's candidate keys: every saved search that can match it has one of them. */
export function listingAlertKeys(listing: { category: string; location: string }): string[] {
  return [`${listing.category}|${listing.location}`, `${listing.category}|${ANY}`, `${ANY}|${listing.location}`, `${ANY}|${ANY}`];
}
