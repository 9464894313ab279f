import { startService } from '@cp/service-kit';
import { loadAdsConfig } from './config.ts';
import { buildAdsApp } from './app.ts';
import { adCounterConsumer } from './events/ad-counter.ts';
import { seedDemoAds } from './seed/seed.ts';

await startService({
  name: 'ads',
  loadConfig: loadAdsConfig,
  // The counter folds the service's own impression and click events in batches: the kit starts it after build.
  consumers: [adCounterConsumer],
  async build({ config, logger, conn, nats, readiness, sessionAuth }) {
    const counting = { clickWindowMs: config.AD_CLICK_WINDOW_S * 1000, impressionWindowMs: config.AD_IMPRESSION_WINDOW_S * 1000 };
    const { app, deps } = await buildAdsApp({ conn, js: nats.js, logger, auth: sessionAuth(config), readiness, counting });
    if (config.SEED_DEMO_DATA) {
      const seeded = await seedDemoAds(deps);
      logger.info({ ads: seeded }, seeded > 0 ? 'demo advertisements inserted' : 'demo advertisements skipped: advertisements already exist');
    }
    return { app, deps };
  },
});
