/**
 * Who a visitor is, for counting people rather than requests (ad impressions and clicks, forum views; issue 26).
 *
 * The gateway gives every browser a first-party cookie `cp_vid`: 16 random bytes, base64url (22 characters), HttpOnly,
 * SameSite=Lax, a year long. The services never store it: they count an HMAC of it with a salt of their own
 * (`visitorKey` in the service kit), or of address and browser when a request has no well-formed id.
 *
 * No zod here: the gateway and the web pages use these as they are.
 */

/** The visitor id cookie's name. */
export const VISITOR_COOKIE = 'cp_vid';

/** How long the visitor id cookie lives (seconds): a year. */
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A well-formed visitor id: 16 bytes in base64url without padding. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isVisitorId(value: string | undefined | null): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value);
}

/**
 * A page view id: made by the page once per page load (random, url-safe), sent with each ad impression
 * (`?view=<id>`) so an impression counts once per visitor, ad and page view.
 */
export const PAGE_VIEW_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
