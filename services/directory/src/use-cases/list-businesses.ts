import type { Business, ListResponse } from '@cp/contracts';
import { toBusiness } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';

/** GET /api/businesses (spec §7): every business, premium first, then the newest, as a bare array. */
export async function listBusinesses(deps: DirectoryDeps): Promise<ListResponse<Business>> {
  return (await deps.businesses.all()).map(toBusiness);
}
