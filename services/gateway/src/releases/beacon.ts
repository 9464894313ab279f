/**
 * `POST /api/releases/beacon` (contracts' BEACON_PATH, issue 35 §4): the browser's reports of a page view's remotes,
 * each with the version it was served. Answered by the gateway itself (the path is reserved for the platform):
 * - a small JSON body (BeaconSchema, at most BEACON_MAX_BYTES: 413 beyond; 400 when it is not one);
 * - known bots (by User-Agent) are answered 204 and counted for nothing;
 * - rate-limited per address and per visitor (429), besides the gateway's limit of /api;
 * - a report counts only for a remote with an active release and the version this visitor is served (monitor.ts).
 * Answer: 200 `{ counted }`.
 */
import type { Context, Middleware, Next } from 'koa';
import { BEACON_MAX_BYTES, BEACON_PATH, BeaconSchema } from '@cp/contracts';
import { badRequest, HttpError, isKnownBot, rateLimit } from '@cp/service-kit';
import { visitorOf } from '../shared/visitor.ts';
import { BODY_TOO_LARGE, discardRequestBody } from '../shared/upstream.ts';
import type { ReleaseMonitor } from './monitor.ts';

export interface BeaconLimits {
  /** Beacons per address per window (0: off). */
  perAddress: number;
  /** Beacons per visitor cookie per window (0: off). */
  perVisitor: number;
  windowMs: number;
}

/** A page view sends one beacon: a visitor reloading every few seconds stays well below these. */
export const DEFAULT_BEACON_LIMITS: BeaconLimits = { perAddress: 60, perVisitor: 20, windowMs: 60_000 };

async function readSmallBody(ctx: Context, max: number): Promise<string> {
  const declared = ctx.get('content-length');
  if (declared && Number(declared) > max) {
    discardRequestBody(ctx.req);
    throw new HttpError(413, BODY_TOO_LARGE);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > max) {
      discardRequestBody(ctx.req);
      throw new HttpError(413, BODY_TOO_LARGE);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}


/** The beacon route; any other path goes on. */
export function beaconRoute(monitor: ReleaseMonitor, limits: BeaconLimits = DEFAULT_BEACON_LIMITS): Middleware {
  const byAddress = limits.perAddress > 0 ? rateLimit({ limit: limits.perAddress, windowMs: limits.windowMs }) : undefined;
  const byVisitor = limits.perVisitor > 0 ? rateLimit({ limit: limits.perVisitor, windowMs: limits.windowMs, key: (ctx) => `v:${visitorOf(ctx) ?? ctx.ip}` }) : undefined;
  const pass = () => Promise.resolve();

  async function handle(ctx: Context): Promise<void> {
    if (ctx.method !== 'POST') throw new HttpError(405, 'Method not allowed', { headers: { Allow: 'POST' } });
    if (byAddress) await byAddress(ctx, pass);
    if (byVisitor) await byVisitor(ctx, pass);
    const text = await readSmallBody(ctx, BEACON_MAX_BYTES);
    ctx.set('Cache-Control', 'no-store');
    if (isKnownBot(ctx.get('user-agent') || undefined)) {
      ctx.status = 204;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest('The beacon is not JSON');
    }
    const parsed = BeaconSchema.safeParse(json);
    if (!parsed.success) throw badRequest('Invalid beacon', { issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })) });
    ctx.body = { counted: monitor.count(parsed.data.reports, visitorOf(ctx)) };
  }

  return async function beacon(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== BEACON_PATH) return next();
    await handle(ctx);
  };
}
