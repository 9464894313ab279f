import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { NatsHandle } from '@cp/service-kit';
import { call, startBehindIdentity, until, type BehindIdentity } from '../../identity/test/helpers.ts';
import { buildAdsApp } from '../src/app.ts';
import { adCounterConsumer } from '../src/events/ad-counter.ts';
import type { AdsDeps, CountingRules } from '../src/use-cases/deps.ts';

export { call, until };

export interface AdsHarness {
  base: string;
  deps: AdsDeps;
  conn: Connection;
  nats: NatsHandle;
  /** The durable of this harness's ad counter (test files share the stream, never a consumer). */
  durable: string;
  newSession: BehindIdentity['newSession'];
  newAdminSession: BehindIdentity['newAdminSession'];
  close(): Promise<void>;
}

/** The real identity app and the ads app on the real test MongoDB and NATS, with its ad counter running. */
export async function startAds(opts: { clock?: () => Date; counting?: Partial<CountingRules> } = {}): Promise<AdsHarness> {
  const base = await startBehindIdentity('ads');
  const { app, deps } = await buildAdsApp({
    conn: base.conn,
    js: base.nats.js,
    logger: base.logger,
    auth: base.auth,
    ...(opts.clock ? { now: opts.clock } : {}),
    ...(opts.counting ? { counting: opts.counting } : {}),
  });
  const durable = `ads-counter-test-${randomUUID().slice(0, 8)}`;
  const counter = await adCounterConsumer.start(deps, base.nats, { durable });
  return {
    base: await base.serve(app),
    deps,
    conn: base.conn,
    nats: base.nats,
    durable,
    newSession: () => base.newSession(),
    newAdminSession: () => base.newAdminSession(),
    close: () => base.close(counter),
  };
}

/** A browser's User-Agent (known bots, Node's fetch among them, are not counted). */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** A new visitor's id, as the gateway passes it to the service (VISITOR_HEADER) for a browser's signed cp_vid cookie. */
export const newVisitor = (): string => randomBytes(16).toString('base64url');

/** A valid admin body (spec §5 Advertisement), with overrides (undefined removes a field). */
export function adBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: 'Diwali sale at Desi Bazaar',
    description: 'Sweets and gift boxes, 20% off this week.',
    imageUrl: '',
    ctaText: 'Shop now',
    ctaUrl: 'https://desibazaar.example/diwali',
    placement: 'homepage-top',
    size: 'large',
    pricingTier: 'banner',
    status: 'active',
    ...overrides,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}
