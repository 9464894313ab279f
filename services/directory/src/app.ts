import type Koa from 'koa';
import { createAuth, appPostingLimits, initStores, operationsApp, type PostingLimitOverrides, type ServiceAppInput } from '@cp/service-kit';
import { BusinessesRepository } from './data/businesses-repository.ts';
import { ReviewsRepository } from './data/reviews-repository.ts';
import { directoryApi } from './api.ts';
import type { DirectoryDeps } from './use-cases/deps.ts';

export interface DirectoryAppInput extends ServiceAppInput {
  /** POSTING_LIMITS: overrides of the contracts' posting limits (reviews). */
  postingLimits?: PostingLimitOverrides;
}

/** Builds the directory service (repositories, use cases, routes) on a given connection; used by main and by tests. */
export async function buildDirectoryApp(input: DirectoryAppInput): Promise<{ app: Koa; deps: DirectoryDeps }> {
  const businesses = new BusinessesRepository(input.conn);
  const reviews = new ReviewsRepository(input.conn);
  const limits = appPostingLimits(input);
  await initStores(input.conn, [businesses, reviews, limits]);
  const now = input.now ?? (() => new Date());
  const deps: DirectoryDeps = { conn: input.conn, businesses, reviews, limits, logger: input.logger, now };
  const app = operationsApp(input, directoryApi, deps, createAuth(input.auth));
  return { app, deps };
}
