import { BusinessReviewsQuerySchema, type BusinessReview, type CursorPage } from '@cp/contracts';
import { cursorPage, listRequest } from '@cp/service-kit';
import { toReview } from '../data/business-mapper.ts';
import { REVIEW_ORDER } from '../data/reviews-repository.ts';
import type { DirectoryDeps } from './deps.ts';
import { existingBusiness } from './business-rules.ts';

/**
 * GET /api/businesses/:id/reviews: the reviews that count, newest first, and for a logged-in viewer their own review
 * that does not count too, marked pending (held) or under review (hidden by moderation): nobody else sees it; 404 for
 * an unknown business or one the viewer may not see. Asked with `limit`/`cursor`: one cursor page; without them the
 * bare array, bounded by FULL_LIST_MAX.
 */
export async function listReviews(deps: DirectoryDeps, rawId: string, query: Record<string, unknown>, viewerId?: string): Promise<{ page: CursorPage<BusinessReview>; bare: boolean }> {
  const q = BusinessReviewsQuerySchema.parse(query);
  const business = await existingBusiness(deps, rawId, viewerId);
  const { bare, limit, cursor } = listRequest(query, q);
  return { page: cursorPage(await deps.reviews.forBusiness(business._id, viewerId, cursor, limit + 1), limit, REVIEW_ORDER, toReview), bare };
}
