import type { BusinessReview, ListResponse } from '@cp/contracts';
import { toReview } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { existingBusiness } from './business-rules.ts';

/**
 * GET /api/businesses/:id/reviews: the reviews that count, newest first, and for a logged-in viewer their own review
 * that does not count too, marked pending (held) or under review (hidden by moderation): nobody else sees it; 404 for
 * an unknown business or one the viewer may not see.
 */
export async function listReviews(deps: DirectoryDeps, rawId: string, viewerId?: string): Promise<ListResponse<BusinessReview>> {
  const business = await existingBusiness(deps, rawId, viewerId);
  return (await deps.reviews.forBusiness(business._id, viewerId)).map(toReview);
}
