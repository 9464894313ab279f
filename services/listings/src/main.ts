import { s3ObjectStore, s3OptionsFrom, startService } from '@cp/service-kit';
import { loadListingsConfig } from './config.ts';
import { buildListingsApp } from './app.ts';
import { seedDemoData } from './seed/seed.ts';
import { imageCleanupConsumer } from './events/image-cleanup.ts';
import { imageClaimsConsumer } from './events/image-claims.ts';
import { moderationConsumer } from './events/moderation.ts';
import { savedSearchAlertsConsumer } from './events/saved-search-alerts.ts';
import { startAbandonedImageSweep } from './jobs/abandoned-images.ts';
import { startLifecycleJob } from './jobs/listing-lifecycle.ts';
import { backfillExpiry } from './use-cases/run-lifecycle.ts';

await startService({
  name: 'listings',
  loadConfig: loadListingsConfig,
  // Its own stream (image clean-up, saved-search alerts, issue 22 §3), the forum's (uploads that forum posts show) and
  // the moderation service's decisions: the kit makes sure each stream exists (whoever starts first makes it).
  consumers: [imageCleanupConsumer, imageClaimsConsumer, moderationConsumer, savedSearchAlertsConsumer],
  async build({ config, logger, conn, readiness, sessionAuth, onClose }) {
    const store = s3ObjectStore(s3OptionsFrom(config, config.S3_BUCKET_UPLOADS));
    const { app, deps } = await buildListingsApp({
      conn,
      store,
      logger,
      auth: sessionAuth(config),
      images: { maxPixels: config.IMAGE_MAX_PIXELS, concurrentUploads: config.UPLOAD_CONCURRENCY },
      postingLimits: config.POSTING_LIMITS,
      linkSigningKey: config.LINK_SIGNING_KEY,
      lifecycle: { ttlDays: config.LISTING_TTL_DAYS },
      readiness,
    });
    if (config.ABANDONED_IMAGE_SWEEP_MIN > 0) {
      const sweep = startAbandonedImageSweep(deps, { everyMs: config.ABANDONED_IMAGE_SWEEP_MIN * 60_000, maxAgeMs: config.ABANDONED_IMAGE_AGE_H * 3_600_000 });
      onClose(() => sweep.stop());
    }
    if (config.SEED_DEMO_DATA) {
      const result = await seedDemoData(deps);
      logger.info(result, result.seeded ? 'demo listings inserted' : 'demo listings skipped: listings already exist');
    }
    // Listings stored before issue 22 get their expiresAt (idempotent), then the lifecycle job runs on one replica at a time.
    const backfilled = await backfillExpiry(deps);
    if (backfilled > 0) logger.info({ backfilled }, 'expiry set on listings stored before the lifecycle');
    if (config.LISTING_LIFECYCLE_EVERY_S > 0) {
      const lifecycle = startLifecycleJob(deps, { everyMs: config.LISTING_LIFECYCLE_EVERY_S * 1000, runAtStart: true });
      onClose(() => lifecycle.stop());
    }
    return { app, deps };
  },
});
