import { randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import { readCookie } from '@cp/service-kit';
import { isVisitorId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from '@cp/contracts';

/** Paths whose answers never carry the cookie: the services' (and their files'), and the remotes' files. */
const NOT_A_PAGE = /^\/(?:api|uploads|internal|mf)(?:\/|$)/;

/** A new visitor id: 16 random bytes, base64url (contracts' VISITOR_ID_PATTERN). */
export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

/** The Set-Cookie value of a new visitor id. */
export function visitorCookieHeader(id: string, secure: boolean): string {
  return [`${VISITOR_COOKIE}=${id}`, 'Path=/', `Max-Age=${VISITOR_COOKIE_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

/** Whether an answer is the site's page (the HTML document a browser loads first), not kept by shared caches. */
function isPageAnswer(ctx: Context): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  if (NOT_A_PAGE.test(ctx.path)) return false;
  if (!/^text\/html\b/i.test(ctx.response.get('Content-Type'))) return false;
  // A file a shared cache (a CDN) may keep would hand the same id to every visitor behind it.
  return !/\b(?:public|immutable|s-maxage)\b/i.test(ctx.response.get('Cache-Control'));
}

/**
 * The visitor id cookie (issue 26): the first-party `cp_vid` the services count people by (ad impressions and clicks,
 * forum views: the service kit's `visitorKey`). The site's page answer (the HTML document, also a 304) sets a new one
 * when the request carries none or a malformed one; the page's own API calls then carry it. Other answers never set
 * it: the API's (a client without cookies would get a new "visitor" on every call, while without one it counts as its
 * address and browser), the remotes' files (no cookies, web.ts) and anything a shared cache may keep. One Set-Cookie
 * at most, appended after the rest of the answer was made (an upstream's cookies stay). HttpOnly, SameSite=Lax, a year;
 * Secure when `secure` (production, as identity's session cookie).
 */
export function visitorCookie(opts: { secure: boolean }) {
  return async function setVisitorCookie(ctx: Context, next: Next): Promise<void> {
    await next();
    if (ctx.headerSent || !isPageAnswer(ctx)) return;
    if (isVisitorId(readCookie(ctx.get('cookie') || undefined, VISITOR_COOKIE))) return;
    ctx.append('Set-Cookie', visitorCookieHeader(newVisitorId(), opts.secure));
  };
}
