import type { BusinessReview, ListResponse } from '@cp/contracts';
import { toReview } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { existingBusiness } from './business-rules.ts';

/** GET /api/businesses/:id/reviews: newest first; 404 for an unknown business. */
export async function listReviews(deps: DirectoryDeps, rawId: string): Promise<ListResponse<BusinessReview>> {
  const business = await existingBusiness(deps, rawId);
  return (await deps.reviews.forBusiness(business._id)).map(toReview);
}
