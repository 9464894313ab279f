import { DONE_STATUS_BY_CATEGORY, DONE_STATUS_LABELS, LISTING_DONE_STATUSES, LISTING_REMINDER_DAYS, type Listing, type ListingDoneStatus } from '@cp/contracts';

const DAY = 86_400_000;

/** The done word of a listing (Sold, Rented, Filled) when its owner marked it, else null. */
export function doneLabel(listing: Pick<Listing, 'status'>): string | null {
  return (LISTING_DONE_STATUSES as readonly string[]).includes(listing.status) ? DONE_STATUS_LABELS[listing.status as ListingDoneStatus] : null;
}

/** The status its owner may mark it with: the word of its category. */
export const doneStatusOf = (listing: Pick<Listing, 'category'>): ListingDoneStatus => DONE_STATUS_BY_CATEGORY[listing.category];

/** Whether the listing is expired for the visitors (its status, or past its expiresAt before the service marked it). */
export function isExpired(listing: Pick<Listing, 'status' | 'expiresAt'>, now: number): boolean {
  return listing.status === 'expired' || (listing.status === 'active' && listing.expiresAt !== undefined && Date.parse(listing.expiresAt) <= now);
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * What My Listings says of its expiry: "Expires in N days (date)", "Expired on <date>", nothing for a done
 * listing or one without expiresAt. `soon`: within the reminder window (Renew is offered).
 */
export function expiryText(listing: Pick<Listing, 'status' | 'expiresAt'>, now: number): { text: string; soon: boolean } | null {
  if (!listing.expiresAt || doneLabel(listing)) return null;
  if (isExpired(listing, now)) return { text: `Expired on ${longDate(listing.expiresAt)}`, soon: true };
  const days = Math.floor((Date.parse(listing.expiresAt) - now) / DAY);
  const when = days === 0 ? 'in less than a day' : `in ${days} day${days === 1 ? '' : 's'}`;
  return { text: `Expires ${when} (${longDate(listing.expiresAt)})`, soon: days < LISTING_REMINDER_DAYS };
}
