/** Business constants and limits (spec §9). The screens' timings are the web's: `@cp/ui/timings`. */
/**
 * Bounds the spec leaves open ("not shown"), chosen here once for client and server (plain values: a page that shows
 * them loads no zod):
 * usernames 3-32 characters of letters, digits, _ . -; passwords up to 128; e-mail up to 254; titles up to 120;
 * descriptions up to 5000; forum content up to 10000; URLs up to 2048 and http(s) only; phones up to 32.
 */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 80,
  titleMax: 120,
  descriptionMax: 5000,
  contentMax: 10_000,
  urlMax: 2048,
  phoneMax: 32,
  shortTextMax: 200,
} as const;

export const MAX_IMAGES_PER_LISTING = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The longest search or filter text a query string may carry (QueryTextSchema; the search boxes' maxLength). */
export const QUERY_TEXT_MAX = 100;
export const HOME_COUNTS = { featuredListings: 3, recentListings: 6, forumPosts: 3, businesses: 3, largeAds: 12 } as const;
export const REMEMBER_ME_DAYS = 30;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const META_DESCRIPTION_MAX = 155;
export const RESPONSE_PROMISE = '24-48 hours';
export const SUPPORT_HOURS = 'Monday to Friday, 9 AM to 6 PM EST';
/** The not-found page's heading and title (spec §2: any path nobody owns), in the browser and on the server. */
export const PAGE_NOT_FOUND = '404 Page Not Found';

export const MIN_REGISTER_PASSWORD = 6;
export const MIN_RESET_PASSWORD = 8;
export const MIN_REPLY = 10;
export const MIN_POST_TITLE = 5;
export const MIN_POST_CONTENT = 20;
export const MIN_LISTING_TITLE = 5;
export const MIN_LISTING_DESCRIPTION = 20;
/** A job listing's employer (the hiring organization's name, JobPosting's hiringOrganization): bounds the spec leaves open. */
export const MIN_LISTING_EMPLOYER = 2;
export const MAX_LISTING_EMPLOYER = 100;
export const MIN_CONTACT_NAME = 2;
export const MIN_CONTACT_SUBJECT = 3;
export const MIN_CONTACT_MESSAGE = 10;

/** Price filter buckets (spec §9): lower bound inclusive, upper bound exclusive. Listings without a price pass. */
export const PRICE_BUCKETS = [
  { id: 'under-50', label: 'Under $50', min: 0, max: 50 },
  { id: '50-100', label: '$50 - $100', min: 50, max: 100 },
  { id: '100-500', label: '$100 - $500', min: 100, max: 500 },
  { id: '500-1000', label: '$500 - $1,000', min: 500, max: 1000 },
  { id: '1000-plus', label: '$1,000+', min: 1000, max: Number.POSITIVE_INFINITY },
] as const;
export type PriceBucketId = (typeof PRICE_BUCKETS)[number]['id'];
// Pure: a bundle that does not use the ids (mf-admin's first view imports other constants) drops the list with it.
export const PRICE_BUCKET_IDS = /* @__PURE__ */ PRICE_BUCKETS.map((b) => b.id) as [PriceBucketId, ...PriceBucketId[]];

export function priceBucketMatches(price: number | null | undefined, bucketId: PriceBucketId): boolean {
  if (price === null || price === undefined) return true;
  const bucket = PRICE_BUCKETS.find((b) => b.id === bucketId);
  if (!bucket) return true;
  return price >= bucket.min && price < bucket.max;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** 'Just now' under 1 hour; 'Nh ago' under 24 hours; 'Yesterday' at 1 day; otherwise 'Nd ago' (spec §9). */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(date).getTime();
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? 'Yesterday' : `${days}d ago`;
}

/** At most 155 characters: longer text is cut to 152 plus an ellipsis (spec §9). */
export function truncateMetaDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= META_DESCRIPTION_MAX ? clean : `${clean.slice(0, META_DESCRIPTION_MAX - 3)}...`;
}

/** Phone digits for a WhatsApp link: digits only, a 10-digit (US) number gets the country code 1. */
export function whatsappDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}

/** Click-through rate in percent with 2 decimals, 0 when there are no impressions. */
export function ctr(impressions: number, clicks: number): string {
  return impressions > 0 ? ((clicks / impressions) * 100).toFixed(2) : '0';
}

/** An entity's id (common.ts IdSchema: a UUID), for code that tests a string before asking without loading zod (pages, local storage). */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
