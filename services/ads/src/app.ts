import type Koa from 'koa';
import type { JetStreamClient } from '@nats-io/jetstream';
import { createApp, createAuth, mongoReadiness, outboxModel, publishEvent, type ServiceAppInput } from '@cp/service-kit';
import { AdsRepository } from './data/ads-repository.ts';
import { KnownAds } from './data/known-ads.ts';
import { adsRoutes } from './routes.ts';
import type { AdsDeps } from './use-cases/deps.ts';

export interface AdsAppInput extends ServiceAppInput {
  /** Where impression and click events go (the ads stream). */
  js: JetStreamClient;
}

/** Builds the ads service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildAdsApp(input: AdsAppInput): Promise<{ app: Koa; deps: AdsDeps }> {
  const ads = new AdsRepository(input.conn);
  await ads.init();
  await outboxModel(input.conn).createIndexes();
  const deps: AdsDeps = {
    conn: input.conn,
    ads,
    known: new KnownAds(ads),
    publish: async (def, data) => {
      await publishEvent(input.js, def, data);
    },
    logger: input.logger,
    now: input.now ?? (() => new Date()),
  };
  const app = createApp({ name: 'ads', logger: input.logger, readiness: [mongoReadiness(input.conn), ...(input.readiness ?? [])] });
  const routes = adsRoutes(deps, createAuth(input.auth));
  app.use(routes.routes()).use(routes.allowedMethods());
  return { app, deps };
}
