import type Koa from 'koa';
import { listen, type RunningServer } from '@cp/service-kit';
import { startListings, type ListingsHarness } from '../../listings/test/helpers.ts';
import { buildSearchApp } from '../src/app.ts';
import type { IndexFeed } from '../src/events/index-feed.ts';
import type { SearchDeps } from '../src/use-cases/deps.ts';

export { call, listingBody, until } from '../../listings/test/helpers.ts';

export interface SearchReplica {
  base: string;
  deps: SearchDeps;
  feed: IndexFeed;
  close(): Promise<void>;
}

/** A search replica on the real test NATS: its own index, fed from the shared streams from their start. */
export async function startSearchReplica(h: ListingsHarness): Promise<SearchReplica> {
  const { app, deps, feed } = await buildSearchApp({ conn: h.conn, logger: h.deps.logger, nats: h.nats });
  const server: RunningServer = await listen(app as Koa, 0, '127.0.0.1', h.deps.logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    deps,
    feed,
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
