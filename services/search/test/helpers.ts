import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { listen, S3Env, s3ObjectStore, s3OptionsFrom, type RunningServer } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startListings, type ListingsHarness } from '../../listings/test/helpers.ts';
import { buildSearchApp } from '../src/app.ts';
import { s3SnapshotStore, type SnapshotStore } from '../src/data/snapshots.ts';
import type { IndexFeed } from '../src/events/index-feed.ts';
import type { Snapshotter } from '../src/events/snapshotter.ts';
import type { SearchDeps } from '../src/use-cases/deps.ts';

export { call, listingBody, until } from '../../listings/test/helpers.ts';

export interface SearchReplica {
  base: string;
  deps: SearchDeps;
  feed: IndexFeed;
  snapshotter?: Snapshotter | undefined;
  close(): Promise<void>;
}

/** A snapshot store in the test infrastructure's S3, under a prefix of its own (empty at first). */
export function testSnapshotStore(): SnapshotStore {
  return s3SnapshotStore(s3ObjectStore(s3OptionsFrom(S3Env.parse(testEnv()), 'search-snapshots')), `test-${randomUUID()}/`);
}

/**
 * A search replica on the real test NATS: its own index, fed from the shared streams from their start, or from the
 * newest snapshot in `snapshots` and the events after it (no timer: the test writes snapshots with saveNow).
 */
export async function startSearchReplica(h: ListingsHarness, snapshots?: SnapshotStore): Promise<SearchReplica> {
  const { app, deps, feed, snapshotter } = await buildSearchApp({ logger: h.deps.logger, nats: h.nats, ...(snapshots ? { snapshots: { store: snapshots, intervalMs: 0 } } : {}) });
  const server: RunningServer = await listen(app as Koa, 0, '127.0.0.1', h.deps.logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    deps,
    feed,
    snapshotter,
    async close() {
      await server.close();
      await feed.stop();
    },
  };
}

/** The listings service with identity (the owner of the events) and one search replica fed by its stream. */
export async function startSearch(): Promise<{ listings: ListingsHarness; search: SearchReplica; close(): Promise<void> }> {
  const listings = await startListings();
  const search = await startSearchReplica(listings);
  return {
    listings,
    search,
    async close() {
      await search.close();
      await listings.close();
    },
  };
}

/** startSearch for the whole file, with a signed-in user of the listings service who writes the file's listings. */
export function searchForFile() {
  return harnessForFile(async () => {
    const env = await startSearch();
    return { ...env, owner: await env.listings.newSession() };
  });
}
