import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { readCookie } from '@cp/service-kit';
import { isVisitorId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from '@cp/contracts';
import { setVisitor, type VerifiedVisitor } from '../shared/visitor.ts';

/** Paths whose answers never carry the cookie: the services' (and their files'), and the remotes' files. */
const NOT_A_PAGE = /^\/(?:api|uploads|internal|mf)(?:\/|$)/;

/** One key of the visitor ids' signatures: its id (in the cookie) and its bytes. */
export interface VisitorIdKey {
  id: string;
  key: Buffer;
}

/** What VISITOR_ID_KEYS says when it is not a list of keys (web/config.ts). */
export const VISITOR_ID_KEYS_FORMAT =
  'must be <key id>:<key> entries separated by commas: distinct key ids of 1 to 16 lowercase letters and digits, keys of at least 32 random bytes (base64url or hex)';

/** The keys of a VISITOR_ID_KEYS value (`<key id>:<key>,...`, the signing one first); undefined when malformed. */
export function parseVisitorIdKeys(value: string): VisitorIdKey[] | undefined {
  const keys: VisitorIdKey[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    const m = /^([a-z0-9]{1,16}):([A-Za-z0-9_-]{43,}|[0-9a-fA-F]{64,})$/.exec(entry);
    if (!m || keys.some((k) => k.id === m[1])) return undefined;
    const text = m[2]!;
    keys.push({ id: m[1]!, key: /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url') });
  }
  return keys.some((k) => k.key.length < 32) ? undefined : keys;
}

/** A cookie's value: `<visitor id>.<key id>.<signature>` (the signature: 16 bytes of HMAC-SHA256, base64url). */
const SIGNED = /^([A-Za-z0-9_-]{22})\.([a-z0-9]{1,16})\.([A-Za-z0-9_-]{22})$/;

/**
 * The gateway's visitor ids (issue 41 §2): signed with the first key, verified with any of them (a new key goes first,
 * an old one stays listed until the cookies it signed have been signed again, then goes).
 */
export interface VisitorIds {
  /** A new visitor's cookie value: a fresh random id, signed. */
  issue(): string;
  /** The cookie value of `id` signed with the current key. */
  sign(id: string): string;
  /** The visitor of a cookie value whose signature holds; undefined for anything else (absent, malformed, forged, unknown key). */
  verify(value: string | undefined): VerifiedVisitor | undefined;
}

export function visitorIds(keys: readonly VisitorIdKey[]): VisitorIds {
  const current = keys[0];
  if (!current) throw new Error('visitor ids: no key');
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  const mac = (key: Buffer, keyId: string, id: string) => createHmac('sha256', key).update(`${VISITOR_COOKIE}\n${keyId}\n${id}`).digest().subarray(0, 16);
  const sign = (id: string) => `${id}.${current.id}.${mac(current.key, current.id, id).toString('base64url')}`;
  return {
    issue: () => sign(randomBytes(16).toString('base64url')),
    sign,
    verify(value) {
      const m = value === undefined ? null : SIGNED.exec(value);
      if (!m) return undefined;
      const [, id, keyId, signature] = m as unknown as [string, string, string, string];
      const key = byId.get(keyId);
      if (!key || !isVisitorId(id)) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(key, keyId, id);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { id, stale: keyId !== current.id };
    },
  };
}

/** The Set-Cookie value of a visitor cookie (`value`: a signed id). */
export function visitorCookieHeader(value: string, secure: boolean): string {
  return [`${VISITOR_COOKIE}=${value}`, 'Path=/', `Max-Age=${VISITOR_COOKIE_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
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
 * The visitor id cookie (issues 26 and 41 §2): the first-party `cp_vid` the services count people by (ad impressions
 * and clicks, forum views: the service kit's `visitorKey`). Every request's cookie is checked first: only an id whose
 * signature holds is the request's visitor (visitorOf; the API proxy passes it to the services in VISITOR_HEADER), so
 * a made-up or altered cookie counts as none. The site's page answer (the HTML document, also a 304) sets a new signed
 * id when the request carries none that holds, and signs the same id again when an older key signed it. Other answers
 * never set it: the API's (a client without cookies would get a new "visitor" on every call, while without one it
 * counts as its address and browser), the remotes' files (no cookies, web.ts) and anything a shared cache may keep.
 * One Set-Cookie at most, appended after the rest of the answer was made (an upstream's cookies stay). HttpOnly,
 * SameSite=Lax, a year; Secure when `secure` (production, as identity's session cookie). Without `ids` (no
 * VISITOR_ID_KEYS outside production) no cookie is set or trusted: everyone counts by address and browser.
 */
export function visitorCookie(opts: { secure: boolean; ids: VisitorIds | undefined }) {
  const { ids } = opts;
  return async function checkVisitorCookie(ctx: Context, next: Next): Promise<void> {
    if (!ids) return next();
    const visitor = ids.verify(readCookie(ctx.get('cookie') || undefined, VISITOR_COOKIE));
    if (visitor) setVisitor(ctx, visitor);
    await next();
    if (ctx.headerSent || !isPageAnswer(ctx)) return;
    if (visitor && !visitor.stale) return;
    ctx.append('Set-Cookie', visitorCookieHeader(visitor ? ids.sign(visitor.id) : ids.issue(), opts.secure));
  };
}
