import { readContentSnapshot } from '@cp/service-kit';
import { CONTENT_EXCERPT_MAX, CONTENT_TITLE_MAX, type ContentSnapshot } from '@cp/contracts';
import type { DirectoryDeps } from './deps.ts';

/** Where a business is seen on the site (a review: on its business's page). */
export const businessPath = (id: string) => `/business/${id}`;

/**
 * GET /internal/content/{kind}/{id} (the moderation service, issue 21): a business or a review as ContentSnapshotSchema
 * describes it, hidden ones and those of banned authors too. A business has no stored username (authorName null); a
 * review's title names its business, its excerpt is the rating and the comment. 404 for another kind, a malformed id or
 * nothing there.
 */
export function contentSnapshot(deps: DirectoryDeps, kind: string, rawId: string): Promise<ContentSnapshot> {
  return readContentSnapshot({
    business: async (id) => {
      const business = await deps.businesses.findById(id);
      if (!business) return null;
      return {
        kind: 'business',
        itemId: business._id,
        authorId: business.userId,
        authorName: null,
        title: business.name.slice(0, CONTENT_TITLE_MAX),
        excerpt: business.description.slice(0, CONTENT_EXCERPT_MAX),
        path: businessPath(business._id),
        createdAt: business.createdAt.toISOString(),
      };
    },
    review: async (id) => {
      const review = await deps.reviews.findById(id);
      if (!review) return null;
      const business = await deps.businesses.findById(review.businessId);
      return {
        kind: 'review',
        itemId: review._id,
        authorId: review.userId,
        authorName: review.username,
        title: `Review of ${business?.name ?? 'a deleted business'}`.slice(0, CONTENT_TITLE_MAX),
        excerpt: `${review.rating}/5${review.comment ? `: ${review.comment}` : ''}`.slice(0, CONTENT_EXCERPT_MAX),
        path: businessPath(review.businessId),
        createdAt: review.createdAt.toISOString(),
      };
    },
  }, kind, rawId);
}
