import { priceBucketMatches, type PriceBucketId } from './constants.ts';

/** What a listing needs for the §9 filters (a stored or an API listing). */
export interface FilterableListing {
  title: string;
  description: string;
  category: string;
  location: string;
  price?: number | null | undefined;
}

/** The §9 filters; an absent or empty value does not filter. */
export interface ListingFilterValues {
  search?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  priceRange?: PriceBucketId | undefined;
}

/**
 * The spec's client rule (§2 Listings, §9), the one reference for client and server: search matches title or
 * description case-insensitively (lower-cased substring); category exactly; location by lower-cased substring;
 * price by bucket, where listings without a price pass. Pure, no zod: safe for the smallest bundles.
 */
export function listingMatchesFilters(listing: FilterableListing, filters: ListingFilterValues): boolean {
  const search = (filters.search ?? '').trim().toLowerCase();
  if (search && !listing.title.toLowerCase().includes(search) && !listing.description.toLowerCase().includes(search)) return false;
  if (filters.category && listing.category !== filters.category) return false;
  const location = (filters.location ?? '').trim().toLowerCase();
  if (location && !listing.location.toLowerCase().includes(location)) return false;
  if (filters.priceRange && !priceBucketMatches(listing.price, filters.priceRange)) return false;
  return true;
}

/**
 * The thumbnail of an image the listings service stored (`/uploads/img/<id>.webp` → `/uploads/img/<id>-thumb.webp`,
 * WebP, longest side 480): for cards and gallery thumbnails. Any other URL is returned unchanged.
 */
export function thumbnailUrlOf(url: string): string {
  return /^\/uploads\/img\/[0-9a-f-]{36}\.webp$/.test(url) ? url.replace(/\.webp$/, '-thumb.webp') : url;
}
