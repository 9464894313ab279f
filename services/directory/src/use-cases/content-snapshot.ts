import { readContentSnapshot, snapshotOf } from '@cp/service-kit';
import { CONTENT_EXCERPT_MAX, type ContentSnapshot } from '@cp/contracts';
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
      return business && snapshotOf('business', business, {
        authorName: null,
        title: business.name,
        excerpt: business.description.slice(0, CONTENT_EXCERPT_MAX),
        path: businessPath(business._id),
      });
    },
    review: async (id) => {
      const review = await deps.reviews.findById(id);
      if (!review) return null;
      const business = await deps.businesses.findById(review.businessId);
      return snapshotOf('review', review, {
        authorName: review.username,
        title: `Review of ${business?.name ?? 'a deleted business'}`,
        excerpt: `${review.rating}/5${review.comment ? `: ${review.comment}` : ''}`.slice(0, CONTENT_EXCERPT_MAX),
        path: businessPath(review.businessId),
      });
    },
  }, kind, rawId);
}
