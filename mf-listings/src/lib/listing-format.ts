/** How a listing's card and detail page write its price, tier, image box and event date. */

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
