import { BusinessReviewsQuerySchema, type BusinessReview, type CursorPage } from '@cp/contracts';
import { cursorPage } from '@cp/service-kit';
import { toReview } from '../data/business-mapper.ts';
import { REVIEW_ORDER } from '../data/reviews-repository.ts';
import type { DirectoryDeps } from './deps.ts';
import { existingBusiness } from './business-rules.ts';

/**
 * GET /api/businesses/:id/reviews: one cursor page (the contracts' list shape, `{ items, nextCursor }`) of the reviews
 * that count, newest first, and for a logged-in viewer their own review that does not count too, marked pending (held)
 * or under review (hidden by moderation): nobody else sees it; 404 for an unknown business or one the viewer may not
 * see. `limit` 1..LIST_PAGE_SIZES.reviews.max (default LIST_PAGE_SIZES.reviews.default), `cursor` the page's start.
 * There is no bare-array form: the spec's calls never asked for "the list" of reviews, so every answer is one page.
 */
export async function listReviews(deps: DirectoryDeps, rawId: string, query: Record<string, unknown>, viewerId?: string): Promise<CursorPage<BusinessReview>> {
  const { limit, cursor } = BusinessReviewsQuerySchema.parse(query);
  const business = await existingBusiness(deps, rawId, viewerId);
  return cursorPage(await deps.reviews.forBusiness(business._id, viewerId, cursor, limit + 1), limit, REVIEW_ORDER, toReview);
}
