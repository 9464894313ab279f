import type { Context, Next } from 'koa';
import { HttpError } from '@cp/service-kit';

/**
 * At most `max` requests run the wrapped handler at once; up to `queue` more wait (their bodies are not read while
 * they wait, so the clients are held back by TCP); beyond that 503. Bounds the memory and CPU of uploads: each one
 * holds up to 10 × 10 MB and runs sharp.
 */
export function concurrencyLimit(max: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function limit(ctx: Context, next: Next): Promise<void> {
    if (running >= max) {
      if (waiting.length >= queue) throw new HttpError(503, 'Too many uploads at once, please try again shortly', { headers: { 'Retry-After': '5' } });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      await next();
    } finally {
      const wake = waiting.shift();
      if (wake) wake(); // hand the slot over
      else running -= 1;
    }
  };
}
