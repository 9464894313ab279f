import type Koa from 'koa';
import { createApp, operationsRouter, type NatsHandle, type ServiceAppInput } from '@cp/service-kit';
import { SearchIndex } from './data/search-index.ts';
import { SitemapEntries } from './data/sitemap-entries.ts';
import type { SnapshotStore } from './data/snapshots.ts';
import { snapshotMismatches, startIndexFeed, type IndexFeed } from './events/index-feed.ts';
import { startSnapshots, type Snapshotter } from './events/snapshotter.ts';
import { searchApi } from './api.ts';
import type { SearchDeps } from './use-cases/deps.ts';

/** No MongoDB: search holds no data of its own, so a MongoDB outage must not take it out of rotation. */
export interface SearchAppInput extends Omit<ServiceAppInput, 'auth' | 'conn'> {
  nats: NatsHandle;
  /** Where snapshots are read at start and written every `snapshotIntervalMs` (0: only at a graceful stop). */
  snapshots?: { store: SnapshotStore; intervalMs: number };
}

/**
 * Builds the search service: the index (from the newest snapshot when there is one), its feed from the owners'
 * streams after the snapshot's sequences (`/readyz` waits until it caught up), the snapshots it writes, the routes.
 * Used by main and by tests.
 */
export async function buildSearchApp(input: SearchAppInput): Promise<{ app: Koa; deps: SearchDeps; feed: IndexFeed; snapshotter?: Snapshotter }> {
  let snapshot = await input.snapshots?.store.latest().catch((err: unknown) => {
    input.logger.warn({ err }, 'no snapshot read: the index is built from the start of the streams');
    return null;
  });
  const mismatches = snapshot ? await snapshotMismatches(input.nats, snapshot, input.logger) : [];
  if (snapshot && mismatches.length > 0) {
    // Continued, it would skip the new stream's events up to its sequences: the streams alone are all there is.
    input.logger.warn({ takenAt: snapshot.takenAt, streams: snapshot.streams, mismatches }, 'the snapshot is newer than the streams (recreated or lost): discarded, the index is built from the start of the streams');
    snapshot = null;
  }
  const index = snapshot ? SearchIndex.fromSnapshot(snapshot) : new SearchIndex();
  if (snapshot) input.logger.info({ takenAt: snapshot.takenAt, streams: snapshot.streams, listings: snapshot.listings.length }, 'index loaded from a snapshot');
  const feed = await startIndexFeed({ nats: input.nats, index, logger: input.logger, ...(snapshot ? { from: snapshot.streams } : {}) });
  const snapshotter = input.snapshots ? startSnapshots({ index, feed, store: input.snapshots.store, intervalMs: input.snapshots.intervalMs, logger: input.logger }) : undefined;
  const deps: SearchDeps = { index, sitemap: new SitemapEntries(index) };
  const app = createApp({ name: 'search', logger: input.logger, readiness: [...(input.readiness ?? []), feed.readiness] });
  const routes = operationsRouter(searchApi, deps);
  app.use(routes.routes()).use(routes.allowedMethods());
  return { app, deps, feed, ...(snapshotter ? { snapshotter } : {}) };
}
