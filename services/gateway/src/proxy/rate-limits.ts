import type { Context, Middleware, Next } from 'koa';
import { rateLimit } from '@cp/service-kit';
import type { ProxyConfig } from './config.ts';
import { RATE_LIMIT_CLASSES, RATE_LIMIT_MESSAGES, routeRateLimit, type GatewayRoute, type RateLimitClass } from './routes-table.ts';

/** /api and /internal and everything below them: the paths of the `global` bucket. */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/internal' || path.startsWith('/internal/');
}

/** The route rule a request matched (set by the proxy's resolveRoute, before the limits). */
export function matchedRule(ctx: Context): GatewayRoute | undefined {
  return ctx.state.route as GatewayRoute | undefined;
}

/**
 * The per-IP limits, a limit of 0 being off:
 * - two buckets every request counts in, one of them: `global` for /api and /internal, `web` for the rest (the site's
 *   files, the listing images under /uploads, the renderer's files: a page view fetches tens of them, so browsing never
 *   uses up the API's limit);
 * - the classes of the route table: a request its rule's `limits` name (routes-table.ts) counts in that class's bucket
 *   too, and over it gets the class's message (contracts' RATE_LIMIT_MESSAGES). No path or message is listed here.
 */
export function rateLimits(r: ProxyConfig['rateLimits']): Middleware[] {
  const isApi = (ctx: Context) => isApiPath(ctx.path);
  const out: Middleware[] = [];
  if (r.global > 0) out.push(rateLimit({ limit: r.global, windowMs: r.windowMs, when: isApi }));
  if (r.web > 0) out.push(rateLimit({ limit: r.web, windowMs: r.windowMs, when: (ctx) => !isApi(ctx) }));
  const byClass = new Map<RateLimitClass, Middleware>();
  for (const c of RATE_LIMIT_CLASSES) {
    const message = RATE_LIMIT_MESSAGES[c];
    if (r[c] > 0) byClass.set(c, rateLimit({ limit: r[c], windowMs: r.windowMs, ...(message ? { message } : {}) }));
  }
  if (byClass.size > 0) {
    out.push(function classLimit(ctx: Context, next: Next) {
      const c = routeRateLimit(matchedRule(ctx), ctx.method, ctx.path);
      const limiter = c === undefined ? undefined : byClass.get(c);
      return limiter ? limiter(ctx, next) : next();
    });
  }
  return out;
}
