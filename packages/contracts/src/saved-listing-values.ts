/**
 * Saved listings (issue 22 §2): the plain values. No zod here: the web's Save toggle and /saved page import these
 * without loading the schemas (saved-listings.ts builds its schemas from them).
 */

/** How many listings one account may keep saved. */
export const SAVED_LISTINGS_MAX = 500;
/** How many ids one merge (the browser's local saves, sent at login) may carry: a browser keeps no more than this. */
export const SAVED_LISTINGS_MERGE_MAX = SAVED_LISTINGS_MAX;

/**
 * What a saved listing is now, as visitors see it:
 * - `available`: shown to visitors (a listing marked done stays available, with its badge, for DONE_VISIBLE_DAYS);
 * - `expired`: past its expiresAt, or marked done longer ago than DONE_VISIBLE_DAYS (hidden like an expired one);
 * - `removed`: deleted by its owner or by moderation;
 * - `unavailable`: kept from the public for another reason (hidden pending review, its author banned, taken down).
 */
export const SAVED_LISTING_STATES = ['available', 'expired', 'removed', 'unavailable'] as const;
export type SavedListingState = (typeof SAVED_LISTING_STATES)[number];

/** What /saved says of a saved listing that is not available. */
export const SAVED_LISTING_STATE_LABELS: Record<Exclude<SavedListingState, 'available'>, string> = {
  expired: 'This listing has expired',
  removed: 'This listing was removed',
  unavailable: 'This listing is no longer available',
};

/** The 404 of removing a save the user does not have. */
export const SAVED_LISTING_NOT_FOUND = 'Saved listing not found';

/** The 409 of a save past SAVED_LISTINGS_MAX. */
export const SAVED_LISTINGS_FULL_MESSAGE = `You can save up to ${SAVED_LISTINGS_MAX} listings. Remove some saved listings to save more.`;
