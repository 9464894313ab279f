import type { Context, Next } from 'koa';
import { tooManyRequests } from './errors.ts';

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Bucket key, default the client IP. */
  key?: (ctx: Context) => string;
  /** Only requests matching this predicate count. */
  when?: (ctx: Context) => boolean;
  message?: string;
  /** Upper bound of tracked keys (memory bound); the oldest are dropped first. */
  maxKeys?: number;
}

/**
 * Fixed-window counter per key, in memory (one instance). Good enough for a first line at the gateway;
 * per-account rules that must hold across replicas live in the owning service's database.
 */
export function rateLimit(opts: RateLimitOptions) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const maxKeys = opts.maxKeys ?? 100_000;
  const keyOf = opts.key ?? ((ctx: Context) => ctx.ip);
  return async function limiter(ctx: Context, next: Next): Promise<void> {
    if (opts.when && !opts.when(ctx)) return next();
    const now = Date.now();
    const key = keyOf(ctx);
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (entry) hits.delete(key);
      entry = { count: 0, resetAt: now + opts.windowMs };
      hits.set(key, entry);
      if (hits.size > maxKeys) {
        const oldest = hits.keys().next().value;
        if (oldest !== undefined) hits.delete(oldest);
      }
    }
    entry.count += 1;
    ctx.set('RateLimit-Limit', String(opts.limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, opts.limit - entry.count)));
    if (entry.count > opts.limit) {
      throw tooManyRequests(opts.message ?? 'Too many requests, please try again later.', (entry.resetAt - now) / 1000);
    }
    return next();
  };
}
