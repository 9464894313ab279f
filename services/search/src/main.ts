import { addGauge, s3ObjectStore, s3OptionsFrom, startService } from '@cp/service-kit';
import { loadSearchConfig } from './config.ts';
import { buildSearchApp } from './app.ts';
import { s3SnapshotStore } from './data/snapshots.ts';

await startService({
  name: 'search',
  loadConfig: loadSearchConfig,
  // The index lives in memory (snapshots in S3): no MongoDB, no outbox.
  mongo: false,
  async build({ config, logger, nats, readiness, onClose, metrics }) {
    const store = s3SnapshotStore(s3ObjectStore(s3OptionsFrom(config, config.S3_BUCKET_SEARCH)), 'listings-index/');
    const { app, deps, feed, snapshotter } = await buildSearchApp({ logger, nats, readiness, snapshots: { store, intervalMs: config.SEARCH_SNAPSHOT_INTERVAL_S * 1000 } });
    // The documents the public sees, per kind (issue 36).
    addGauge(metrics.registry, {
      name: 'search_documents',
      help: 'Documents in the search index that the public sees, by kind',
      labelNames: ['kind'],
      read: () => Object.entries(deps.index.counts).map(([kind, value]) => ({ labels: { kind }, value })),
    });
    // What the index holds beside its documents (its memory grows with these; the heap is the runtime's series).
    addGauge(metrics.registry, {
      name: 'search_index_listing_slots',
      help: "Slots of the listings page's index, live and dead (dead ones until its next compaction)",
      labelNames: ['state'],
      read: () => Object.entries(deps.index.stats.listingSlots).map(([state, value]) => ({ labels: { state }, value })),
    });
    addGauge(metrics.registry, { name: 'search_index_listing_trigrams', help: "Distinct trigrams in the listings page's text index", read: () => deps.index.stats.listingTrigrams });
    addGauge(metrics.registry, { name: 'search_index_words', help: 'Distinct words in the site search index', read: () => deps.index.stats.words });
    addGauge(metrics.registry, {
      name: 'search_index_words_not_cleaned',
      help: 'Removed or replaced documents whose words stay in the site search index until its next clean-up',
      read: () => deps.index.stats.wordsNotCleaned,
    });
    // Stop reading first, so the last snapshot covers exactly what was applied.
    onClose(async () => {
      await feed.stop();
      await snapshotter?.stop();
    });
    void feed.caughtUp.then(() => logger.info({ applied: feed.applied() }, 'index caught up with the streams'));
    // A feed that ended without stop() leaves the index frozen: thrown outside any request, the kit's process guard
    // logs it and exits 1, and the supervisor (Kubernetes) starts a new replica.
    void feed.ended.then((err) => {
      throw err;
    });
    return app;
  },
});
