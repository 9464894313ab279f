import type Koa from 'koa';
import { createApp, createAuth, mongoReadiness, outboxModel, type ServiceAppInput } from '@cp/service-kit';
import { BusinessesRepository } from './data/businesses-repository.ts';
import { ReviewsRepository } from './data/reviews-repository.ts';
import { directoryRoutes } from './routes.ts';
import type { DirectoryDeps } from './use-cases/deps.ts';

export type DirectoryAppInput = ServiceAppInput;

/** Builds the directory service (repositories, use cases, routes) on a given connection; used by main and by tests. */
export async function buildDirectoryApp(input: DirectoryAppInput): Promise<{ app: Koa; deps: DirectoryDeps }> {
  const businesses = new BusinessesRepository(input.conn);
  const reviews = new ReviewsRepository(input.conn);
  for (const repo of [businesses, reviews]) await repo.init();
  await outboxModel(input.conn).createIndexes();
  const deps: DirectoryDeps = { conn: input.conn, businesses, reviews, logger: input.logger, now: input.now ?? (() => new Date()) };
  const app = createApp({ name: 'directory', logger: input.logger, readiness: [mongoReadiness(input.conn), ...(input.readiness ?? [])] });
  const routes = directoryRoutes(deps, createAuth(input.auth));
  app.use(routes.routes()).use(routes.allowedMethods());
  return { app, deps };
}
