import type { Context, Next } from 'koa';
import { HttpError, type Logger } from '@cp/service-kit';

/** Methods that may change state; GET, HEAD and OPTIONS never do on this site and are never rejected here. */
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CrossSiteOptions {
  /** Serialized origins (`scheme://host[:port]`) allowed to send state-changing requests. */
  allowedOrigins: readonly string[];
  /** Accept `Sec-Fetch-Site: same-site` (a sibling subdomain). */
  allowSameSite: boolean;
}

export type CrossSiteVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The origin a value serializes exactly, or null. An `Origin` header is only ever `scheme://host[:port]`: anything
 * URL parsing would quietly drop or rewrite (userinfo as in `http://evil.example@localhost:8080`, a path, a trailing
 * slash, a default port) makes the value something else than that origin, and it is refused.
 */
export function exactOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin === value.toLowerCase() ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Cross-site request protection from the browser's own signals (OWASP: Fetch Metadata + Origin check):
 * - `Sec-Fetch-Site: cross-site` is rejected, `same-site` too unless allowed;
 * - an `Origin` header that is not one of the allowed origins is rejected (including the opaque `null`);
 * - a request with neither header does not come from a browser page (curl, server to server) and passes.
 * Cookies are SameSite as well; this is the server-side line that does not depend on the browser's cookie policy.
 */
export function checkCrossSite(
  method: string,
  headers: { secFetchSite?: string | undefined; origin?: string | undefined },
  opts: CrossSiteOptions,
): CrossSiteVerdict {
  if (!STATE_CHANGING.has(method.toUpperCase())) return { ok: true };
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site === 'cross-site') return { ok: false, reason: 'sec-fetch-site cross-site' };
  if (site === 'same-site' && !opts.allowSameSite) return { ok: false, reason: 'sec-fetch-site same-site' };
  const origin = headers.origin?.trim();
  if (origin !== undefined && origin !== '') {
    const normalized = exactOrigin(origin);
    if (!normalized || !opts.allowedOrigins.includes(normalized)) return { ok: false, reason: 'origin not allowed' };
  }
  return { ok: true };
}

/** Koa middleware: 403 `{ error: 'Cross-site request rejected' }` for a cross-site state-changing request. */
export function crossSiteProtection(opts: CrossSiteOptions) {
  const allowed = opts.allowedOrigins.map((o) => exactOrigin(o) ?? o);
  const options: CrossSiteOptions = { allowedOrigins: allowed, allowSameSite: opts.allowSameSite };
  return async function rejectCrossSite(ctx: Context, next: Next): Promise<void> {
    const verdict = checkCrossSite(ctx.method, { secFetchSite: ctx.get('sec-fetch-site') || undefined, origin: ctx.get('origin') || undefined }, options);
    if (!verdict.ok) {
      (ctx.state.log as Logger | undefined)?.warn({ reason: verdict.reason, origin: ctx.get('origin'), method: ctx.method, path: ctx.path }, 'cross-site request rejected');
      throw new HttpError(403, 'Cross-site request rejected');
    }
    await next();
  };
}
