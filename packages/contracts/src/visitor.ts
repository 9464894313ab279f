/**
 * Who a visitor is, for counting people rather than requests (ad impressions and clicks, forum views; issue 26).
 *
 * The gateway gives every browser a first-party cookie `cp_vid`: a visitor id (16 random bytes, base64url, 22
 * characters) signed by the gateway (issue 41 §2: `<id>.<key id>.<signature>`), HttpOnly, SameSite=Lax, a year long.
 * Only the gateway holds the keys: it passes the id of a cookie whose signature holds to the services in
 * VISITOR_HEADER (and drops any such header a client sends), so a made-up or altered cookie counts as no cookie. The
 * services never store the id: they count an HMAC of it with a salt of their own (`visitorKey` in the service kit), or
 * of address and browser when the gateway passed none.
 *
 * No zod here: the gateway and the web pages use these as they are.
 */

/** The visitor id cookie's name. */
export const VISITOR_COOKIE = 'cp_vid';

/** How long the visitor id cookie lives (seconds): a year. */
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A well-formed visitor id: 16 bytes in base64url without padding. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The request header with the visitor id the gateway verified (set by the gateway only). */
export const VISITOR_HEADER = 'x-cp-visitor';

export function isVisitorId(value: string | undefined | null): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value);
}

/**
 * A page view id: made by the page once per page load (random, url-safe), sent with each ad impression
 * (`?view=<id>`) so an impression counts once per visitor, ad and page view.
 */
export const PAGE_VIEW_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
