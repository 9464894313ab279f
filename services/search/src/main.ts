import { s3ObjectStore, s3OptionsFrom, startService } from '@cp/service-kit';
import { loadSearchConfig } from './config.ts';
import { buildSearchApp } from './app.ts';
import { s3SnapshotStore } from './data/snapshots.ts';

await startService({
  name: 'search',
  loadConfig: loadSearchConfig,
  async build({ config, logger, nats, readiness, onClose }) {
    const store = s3SnapshotStore(s3ObjectStore(s3OptionsFrom(config, config.S3_BUCKET_SEARCH)), 'listings-index/');
    const { app, feed, snapshotter } = await buildSearchApp({ logger, nats, readiness, snapshots: { store, intervalMs: config.SEARCH_SNAPSHOT_INTERVAL_S * 1000 } });
    // Stop reading first, so the last snapshot covers exactly what was applied.
    onClose(async () => {
      await feed.stop();
      await snapshotter?.stop();
    });
    void feed.caughtUp.then(() => logger.info({ applied: feed.applied() }, 'index caught up with the streams'));
    return app;
  },
});
