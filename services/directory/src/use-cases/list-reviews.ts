import type { BusinessReview, ListResponse } from '@cp/contracts';
import { toReview } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { existingBusiness } from './business-rules.ts';

/**
 * GET /api/businesses/:id/reviews: the reviews that count, newest first, and for a logged-in viewer their own held
 * review too, marked pending (nobody else sees it); 404 for an unknown business.
 */
export async function listReviews(deps: DirectoryDeps, rawId: string, viewerId?: string): Promise<ListResponse<BusinessReview>> {
  const business = await existingBusiness(deps, rawId);
  return (await deps.reviews.forBusiness(business._id, viewerId)).map(toReview);
}
