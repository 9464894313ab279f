import type Koa from 'koa';
import type { JetStreamClient } from '@nats-io/jetstream';
import { makeEvent } from '@cp/contracts';
import { createAuth, initStores, operationsApp, visitorSalt, type ServiceAppInput } from '@cp/service-kit';
import { AdsRepository } from './data/ads-repository.ts';
import { KnownAds } from './data/known-ads.ts';
import { VisitorWindowsRepository } from './data/visitor-windows-repository.ts';
import { adsApi } from './api.ts';
import { DEFAULT_COUNTING, type AdsDeps, type CountingRules } from './use-cases/deps.ts';

export interface AdsAppInput extends ServiceAppInput {
  /** Where impression and click events go (the ads stream). */
  js: JetStreamClient;
  /** The counter's windows (config AD_CLICK_WINDOW_S, AD_IMPRESSION_WINDOW_S); default DEFAULT_COUNTING. */
  counting?: Partial<CountingRules>;
}

/** Builds the ads service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildAdsApp(input: AdsAppInput): Promise<{ app: Koa; deps: AdsDeps }> {
  const ads = new AdsRepository(input.conn);
  const windows = new VisitorWindowsRepository(input.conn);
  await initStores(input.conn, [ads, windows]);
  const now = input.now ?? (() => new Date());
  const deps: AdsDeps = {
    conn: input.conn,
    ads,
    known: new KnownAds(ads),
    windows,
    counting: { ...DEFAULT_COUNTING, ...input.counting },
    visitorSalt: await visitorSalt(input.conn, 'ads_settings'),
    // Straight to the stream (no stored change goes with it), the event id as Nats-Msg-Id; its time is the service's
    // clock, which the counter's windows compare.
    publish: async (def, data) => {
      const event = makeEvent(def, data, { occurredAt: now() });
      await input.js.publish(def.subject, JSON.stringify(event), { msgID: event.id, timeout: 2_000 });
    },
    logger: input.logger,
    now,
  };
  const app = operationsApp(input, adsApi, deps, createAuth(input.auth));
  return { app, deps };
}
