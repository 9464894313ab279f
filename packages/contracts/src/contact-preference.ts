/**
 * Issue 23 §2: how a listing's poster is contacted. No zod here (plain values, like listing-values.ts): the listing's
 * page needs only these, and listings.ts builds its schema from them.
 *
 * - 'show': the listing shows its phone and e-mail to everyone (what every listing did before; a listing stored
 *   without a preference is 'show').
 * - 'messages-only': no API answer, server-rendered page or search document gives `contactPhone` or `contactEmail`
 *   to anyone but the owner; buyers message the poster through the site.
 */
export const CONTACT_PREFERENCES = ['show', 'messages-only'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

/** The default of a new listing, and what a listing stored without a preference means. */
export const DEFAULT_CONTACT_PREFERENCE: ContactPreference = 'show';

/** The Post Ad and Edit choice's labels. */
export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = {
  show: 'Show my phone and e-mail',
  'messages-only': 'Messages through the site only',
};

/** What a listing's page says instead of the phone and e-mail when they are hidden. */
export const MESSAGES_ONLY_NOTICE = 'This seller prefers messages through the site';

/** A listing's preference: its own, or 'show' for one stored before the choice existed. */
export const contactPreferenceOf = (listing: { contactPreference?: ContactPreference | null | undefined }): ContactPreference =>
  listing.contactPreference ?? DEFAULT_CONTACT_PREFERENCE;

/**
 * A listing as anyone but its owner may get it: without `contactPhone` and `contactEmail` when its poster chose
 * 'messages-only' (the same object otherwise). Every public read and every event of the listings service goes through
 * this; the search service applies it again to what it stores.
 */
export function withoutHiddenContacts<T extends { contactPreference?: ContactPreference | null | undefined; contactPhone?: unknown; contactEmail?: unknown }>(listing: T): T {
  if (contactPreferenceOf(listing) !== 'messages-only') return listing;
  if (listing.contactPhone === undefined && listing.contactEmail === undefined) return listing;
  const { contactPhone: _phone, contactEmail: _email, ...rest } = listing;
  return rest as T;
}
