import type { ListingCategory } from './listing-values.ts';

/**
 * Issue 22's listing lifecycle values (no zod): the done statuses and their words, the TTL, the reminder and done
 * windows, the expired sentence. Re-exported by listing-values.ts; a module of their own so home's bundle, which needs
 * none of them, does not carry them.
 */

/** The statuses an owner sets to say a listing is done (issue 22). */
export const LISTING_DONE_STATUSES = ['sold', 'rented', 'filled'] as const;
export type ListingDoneStatus = (typeof LISTING_DONE_STATUSES)[number];
/** The done status whose word fits each category: things are sold, homes rented, jobs and the rest filled. */
export const DONE_STATUS_BY_CATEGORY: Record<ListingCategory, ListingDoneStatus> = {
  'Buy & Sell': 'sold',
  'Real Estate': 'sold',
  'Home Rentals': 'rented',
  Jobs: 'filled',
  Services: 'filled',
  Community: 'filled',
  Events: 'filled',
};
/** The badge and button words of the done statuses. */
export const DONE_STATUS_LABELS: Record<ListingDoneStatus, string> = { sold: 'Sold', rented: 'Rented', filled: 'Filled' };

/** Issue 22 lifecycle: a listing lives this many days from creation or renewal (LISTING_TTL_DAYS overrides it). */
export const LISTING_TTL_DAYS_DEFAULT = 30;
/** The owner is reminded this many days before expiry, with a one-click Renew link. */
export const LISTING_REMINDER_DAYS = 3;
/** A listing marked done stays visible, with its badge, this many days. */
export const DONE_VISIBLE_DAYS = 7;
/** What an expired listing's page says (status 410). */
export const LISTING_EXPIRED_MESSAGE = 'This listing has expired';

/**
 * A signed link's token as the kit's createSignedLinks makes it (`<payload>.<signature>`, base64url): a page tests a
 * link's token with it before asking (anything else is not worth a request); the service verifies the signature.
 */
export const SIGNED_LINK_TOKEN = /^[A-Za-z0-9_-]{1,2000}\.[A-Za-z0-9_-]{20,100}$/;
