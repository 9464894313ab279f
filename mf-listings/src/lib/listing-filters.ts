import { listingMatchesFilters, type Listing, type ListingCategory, type PriceBucketId } from '@cp/contracts';

export interface ListingFilters {
  search: string;
  category: ListingCategory | 'all';
  location: string | 'all';
  price: PriceBucketId | 'all';
}

export const NO_FILTERS: ListingFilters = { search: '', category: 'all', location: 'all', price: 'all' };

/**
 * Client mode's filtering over the full list (spec §2 Listings, §9): the contracts' `listingMatchesFilters`, the one
 * rule the search service's index answers too (services/search/test/client-mode-agreement.test.ts), with the page's
 * 'all' as no filter. Zod-free (the contracts' module has no schema), and only on /listings: never in home's chunks.
 */
export function filterListings(listings: readonly Listing[], filters: ListingFilters): Listing[] {
  const values = {
    search: filters.search,
    category: filters.category === 'all' ? undefined : filters.category,
    location: filters.location === 'all' ? undefined : filters.location,
    priceRange: filters.price === 'all' ? undefined : filters.price,
  };
  return listings.filter((l) => listingMatchesFilters(l, values));
}

export function activeFilterCount(filters: ListingFilters): number {
  return (filters.search.trim() ? 1 : 0) + (filters.category !== 'all' ? 1 : 0) + (filters.location !== 'all' ? 1 : 0) + (filters.price !== 'all' ? 1 : 0);
}

/** Category disclaimers (spec §9): the site verifies nothing; never share personal or financial identifiers. */
export const CATEGORY_DISCLAIMERS: Record<ListingCategory | 'default', string> = {
  'Real Estate':
    'We do not verify property listings or ownership. Visit in person, verify the seller and never wire deposits or share bank or Social Security details before signing with a licensed professional.',
  'Home Rentals':
    'We do not verify rental listings or landlords. See the home before paying anything, get a written lease and never send deposits, bank details or identity documents to someone you have not met.',
  Jobs: 'We do not verify employers or job offers. A real employer never asks for payment, bank details or your Social Security number before a formal offer.',
  Services: 'We do not verify service providers, licences or insurance. Ask for references and written quotes, and never pay the full amount in advance.',
  'Buy & Sell': 'We do not verify sellers or items. Meet in a public place, inspect before paying and never share bank or card details.',
  Events: 'We do not verify events or organizers. Buy tickets only from the organizer and never share personal or financial details to register.',
  Community: 'We do not verify community posts. Be careful with personal information and never share financial identifiers.',
  default:
    'Central PA Desi Community does not verify listings or users. Meet in public places, never send money in advance and never share bank details, Social Security numbers or other personal or financial identifiers.',
};
