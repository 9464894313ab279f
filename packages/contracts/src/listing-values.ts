/**
 * The listings' plain values (spec §3, §4) and their types. No zod here: a page that needs only these (the listings
 * page's filters, home's featured tiers) does not load the schemas (zod); listings.ts builds its schemas from
 * them.
 */

export const LISTING_CATEGORIES = ['Buy & Sell', 'Real Estate', 'Home Rentals', 'Jobs', 'Services', 'Community', 'Events'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export const LOCATIONS = ['Mechanicsburg PA', 'Harrisburg PA', 'Carlisle PA', 'Camp Hill PA', 'Enola PA'] as const;
export type Location = (typeof LOCATIONS)[number];

export const EVENT_TYPES = ['Music', 'Cultural', 'Family function', 'Get Together', 'Party'] as const;

export const LISTING_TIERS = ['free', 'silver', 'gold', 'platinum'] as const;
export type ListingTier = (typeof LISTING_TIERS)[number];
/** The tier picker and badges (spec §2, §4). */
export const TIER_INFO: Record<ListingTier, { label: string; visibility: string; badge: string | null }> = {
  free: { label: 'Free', visibility: 'Standard visibility', badge: null },
  silver: { label: 'Silver', visibility: 'Highlighted', badge: 'Popular' },
  gold: { label: 'Gold', visibility: 'Promoted', badge: 'Featured' },
  platinum: { label: 'Platinum', visibility: 'Featured', badge: 'Premium' },
};
/** The tiers shown as featured (spec §2 Home: silver, gold or platinum). */
export const FEATURED_TIERS: readonly ListingTier[] = ['silver', 'gold', 'platinum'];

/**
 * Listing statuses: 'active' is the spec's (the default). Issue 22: the owner marks a listing done — 'sold', 'rented'
 * or 'filled', the word its category uses (DONE_STATUS_BY_CATEGORY) — and visitors see it with that badge for
 * DONE_VISIBLE_DAYS, then not at all; 'expired' past its expiresAt (renewable by the owner); 'inactive' taken down.
 */
export const LISTING_STATUSES = ['active', 'sold', 'rented', 'filled', 'expired', 'inactive'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The 404 of a listing that does not exist or that the reader may not see (the web shows 'Listing Not Found'). */
export const LISTING_NOT_FOUND = 'Listing not found';
/** The 404 of a category's link-preview card (`/og/category/<slug>.jpg`) for a slug that names no category. */
export const CATEGORY_NOT_FOUND = 'Category not found';
/** The 404 of `GET /uploads/<key>` for a key that names no stored image. */
export const IMAGE_NOT_FOUND = 'Image not found';
