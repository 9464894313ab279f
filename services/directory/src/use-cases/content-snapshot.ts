import { notFound } from '@cp/service-kit';
import { CONTENT_NOT_FOUND, IdSchema, type ContentSnapshot } from '@cp/contracts';
import type { DirectoryDeps } from './deps.ts';

const TITLE_MAX = 300;
const EXCERPT_MAX = 500;

/** Where a business is seen on the site (a review: on its business's page). */
export const businessPath = (id: string) => `/business/${id}`;

/**
 * GET /internal/content/{kind}/{id} (the moderation service, issue 21): a business or a review as ContentSnapshotSchema
 * describes it, hidden ones and those of banned authors too. A business has no stored username (authorName null); a
 * review's title names its business, its excerpt is the rating and the comment. 404 for another kind, a malformed id or
 * nothing there.
 */
export async function contentSnapshot(deps: DirectoryDeps, kind: string, rawId: string): Promise<ContentSnapshot> {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw notFound(CONTENT_NOT_FOUND);
  if (kind === 'business') {
    const business = await deps.businesses.findById(id.data);
    if (!business) throw notFound(CONTENT_NOT_FOUND);
    return {
      kind,
      itemId: business._id,
      authorId: business.userId,
      authorName: null,
      title: business.name.slice(0, TITLE_MAX),
      excerpt: business.description.slice(0, EXCERPT_MAX),
      path: businessPath(business._id),
      createdAt: business.createdAt.toISOString(),
    };
  }
  if (kind === 'review') {
    const review = await deps.reviews.findById(id.data);
    if (!review) throw notFound(CONTENT_NOT_FOUND);
    const business = await deps.businesses.findById(review.businessId);
    return {
      kind,
      itemId: review._id,
      authorId: review.userId,
      authorName: review.username,
      title: `Review of ${business?.name ?? 'a deleted business'}`.slice(0, TITLE_MAX),
      excerpt: `${review.rating}/5${review.comment ? `: ${review.comment}` : ''}`.slice(0, EXCERPT_MAX),
      path: businessPath(review.businessId),
      createdAt: review.createdAt.toISOString(),
    };
  }
  throw notFound(CONTENT_NOT_FOUND);
}
