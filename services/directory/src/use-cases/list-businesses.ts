import { BusinessesQuerySchema, type Business } from '@cp/contracts';
import { cursorPage, listRequest, type ListAnswer } from '@cp/service-kit';
import { toBusiness } from '../data/business-mapper.ts';
import { BUSINESS_ORDER } from '../data/businesses-repository.ts';
import type { DirectoryDeps } from './deps.ts';

/**
 * GET /api/businesses (spec §7): the businesses everyone may see, premium first, then the newest. Asked with
 * `limit`/`cursor`: one cursor page; without them the bare array, bounded by FULL_LIST_MAX. Bad query: 400.
 */
export async function listBusinesses(deps: DirectoryDeps, query: Record<string, unknown>): Promise<ListAnswer<Business>> {
  const { bare, limit, cursor } = listRequest(query, BusinessesQuerySchema.parse(query));
  return { page: cursorPage(await deps.businesses.page({}, cursor, limit + 1), limit, BUSINESS_ORDER, toBusiness), bare };
}
