import { ensureStream, startService } from '@cp/service-kit';
import { loadDirectoryConfig } from './config.ts';
import { buildDirectoryApp } from './app.ts';
import { seedDemoBusinesses } from './seed/seed.ts';
import { startReleaseHeldReviews } from './jobs/release-held-reviews.ts';
import { startModeration } from './events/moderation.ts';

await startService({
  name: 'directory',
  loadConfig: loadDirectoryConfig,
  async build({ config, logger, conn, nats, readiness, sessionAuth, onClose }) {
    const { app, deps } = await buildDirectoryApp({ conn, logger, auth: sessionAuth(config), readiness, postingLimits: config.POSTING_LIMITS });
    const releases = startReleaseHeldReviews(deps);
    onClose(() => releases.stop());
    // The moderation service's stream (the same settings it gives it; whoever starts first makes it).
    await ensureStream(nats.jsm, 'moderation', logger);
    const moderation = await startModeration(deps, nats);
    onClose(() => moderation.stop());
    if (config.SEED_DEMO_DATA) {
      const seeded = await seedDemoBusinesses(deps);
      logger.info({ businesses: seeded }, seeded > 0 ? 'demo businesses inserted' : 'demo businesses skipped: businesses already exist');
    }
    return app;
  },
});
