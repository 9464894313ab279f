import type Koa from 'koa';
import { createApp, mongoReadiness, type NatsHandle, type ServiceAppInput } from '@cp/service-kit';
import { SearchIndex } from './data/search-index.ts';
import { startIndexFeed, type IndexFeed } from './events/index-feed.ts';
import { searchRoutes } from './routes.ts';
import type { SearchDeps } from './use-cases/deps.ts';

export interface SearchAppInput extends Omit<ServiceAppInput, 'auth'> {
  nats: NatsHandle;
}

/**
 * Builds the search service: the index, its feed from the owners' streams (`/readyz` waits until it caught up), the
 * routes. Used by main and by tests.
 */
export async function buildSearchApp(input: SearchAppInput): Promise<{ app: Koa; deps: SearchDeps; feed: IndexFeed }> {
  const index = new SearchIndex();
  const feed = await startIndexFeed({ nats: input.nats, index, logger: input.logger });
  const deps: SearchDeps = { index };
  const app = createApp({ name: 'search', logger: input.logger, readiness: [mongoReadiness(input.conn), ...(input.readiness ?? []), feed.readiness] });
  const routes = searchRoutes(deps);
  app.use(routes.routes()).use(routes.allowedMethods());
  return { app, deps, feed };
}
