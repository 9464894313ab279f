import { FEATURED_TIERS, HOME_COUNTS, priceBucketMatches, type Listing, type ListingCategory, type PriceBucketId } from '@cp/contracts';

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

export interface ListingFilters {
  search: string;
  category: ListingCategory | 'all';
  location: string | 'all';
  price: PriceBucketId | 'all';
}

export const NO_FILTERS: ListingFilters = { search: '', category: 'all', location: 'all', price: 'all' };

/**
 * Client-side filtering over the full list (spec §2 Listings, §9): search in title or description, case-insensitive;
 * location by substring; price by bucket (listings without a price pass).
 */
export function filterListings(listings: readonly Listing[], filters: ListingFilters): Listing[] {
  const search = filters.search.trim().toLowerCase();
  const location = filters.location === 'all' ? '' : filters.location.toLowerCase();
  return listings.filter((l) => {
    if (search && !l.title.toLowerCase().includes(search) && !l.description.toLowerCase().includes(search)) return false;
    if (filters.category !== 'all' && l.category !== filters.category) return false;
    if (location && !l.location.toLowerCase().includes(location)) return false;
    if (filters.price !== 'all' && !priceBucketMatches(l.price, filters.price)) return false;
    return true;
  });
}

export function activeFilterCount(filters: ListingFilters): number {
  return (filters.search.trim() ? 1 : 0) + (filters.category !== 'all' ? 1 : 0) + (filters.location !== 'all' ? 1 : 0) + (filters.price !== 'all' ? 1 : 0);
}

/**
 * The price when above 0, formatted (spec §2 Listing detail): whole dollars with thousands separators, `$1,250`, as
 * en-US currency with no cents reads; otherwise nothing. Written out rather than with Intl.NumberFormat: creating one
 * loads the locale's data, tens of milliseconds of a phone's main thread on every page that shows a card.
 */
export function formatPrice(price: number | null | undefined): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || !(price > 0)) return null;
  return `$${String(Math.round(price)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Tier badge text: Platinum, Gold, Silver, else Free. */
export function tierLabel(tier: string | null | undefined): string {
  if (tier === 'platinum') return 'Platinum';
  if (tier === 'gold') return 'Gold';
  if (tier === 'silver') return 'Silver';
  return 'Free';
}

/**
 * Events cards use a 4:3 image, every other category 16:9. The images in these boxes carry the same aspect as `width` and
 * `height` (ListingCard, the detail's gallery): no layout shift while a server-rendered page's images load.
 */
export function imageAspect(category: string): string {
  return category === 'Events' ? 'aspect-[4/3]' : 'aspect-video';
}

/** An event date in long US format ("March 5, 2026"); the raw text when it is not a date. */
export function formatEventDate(date: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00`) : new Date(date);
  return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
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
