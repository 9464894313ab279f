import { startService } from '@cp/service-kit';
import { loadDirectoryConfig } from './config.ts';
import { buildDirectoryApp } from './app.ts';
import { seedDemoBusinesses } from './seed/seed.ts';
import { startReleaseHeldReviews } from './jobs/release-held-reviews.ts';
import { moderationConsumer } from './events/moderation.ts';

await startService({
  name: 'directory',
  loadConfig: loadDirectoryConfig,
  // The moderation service's decisions (its stream made sure of by the kit; whoever starts first makes it).
  consumers: [moderationConsumer],
  async build({ config, logger, conn, readiness, sessionAuth, onClose }) {
    const { app, deps } = await buildDirectoryApp({ conn, logger, auth: sessionAuth(config), readiness, postingLimits: config.POSTING_LIMITS });
    const releases = startReleaseHeldReviews(deps);
    onClose(() => releases.stop());
    if (config.SEED_DEMO_DATA) {
      const seeded = await seedDemoBusinesses(deps);
      logger.info({ businesses: seeded }, seeded > 0 ? 'demo businesses inserted' : 'demo businesses skipped: businesses already exist');
    }
    return { app, deps };
  },
});
