import { randomUUID } from 'node:crypto';
import { conflict, isDuplicateKey, jsonObject, notFound, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import { ALREADY_REVIEWED, BUSINESS_NOT_FOUND, BusinessReviewed, BusinessReviewInsertSchema, type BusinessReview } from '@cp/contracts';
import type { ReviewDoc } from '../data/reviews-repository.ts';
import { toReview } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { businessId } from './business-rules.ts';

/**
 * POST /api/businesses/:id/reviews `{ rating, comment? }` by a logged-in user, once per business (a second is a 409).
 * The review, the business's new total, count and rating, and the business-reviewed event are one transaction, so
 * the rating stays exact under concurrent reviews (conflicting writes are retried by the transaction).
 */
export async function reviewBusiness(deps: DirectoryDeps, user: AuthUser, rawId: string, body: unknown): Promise<BusinessReview> {
  const id = businessId(rawId);
  const input = BusinessReviewInsertSchema.parse(jsonObject(body));
  const doc: ReviewDoc = { _id: randomUUID(), businessId: id, userId: user.id, username: usernameOf(user), rating: input.rating, comment: input.comment || null, createdAt: deps.now() };
  let stored: boolean;
  try {
    stored = await runInTransaction(deps.conn, async (session, emit) => {
      const business = await deps.businesses.addRating(id, doc.rating, session);
      if (!business) return false;
      await deps.reviews.insert(doc, session);
      await emit(BusinessReviewed, { reviewId: doc._id, businessId: id, userId: user.id, rating: doc.rating, businessRating: business.rating, reviewCount: business.reviewCount });
      return true;
    });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(ALREADY_REVIEWED, 'already_reviewed');
    throw err;
  }
  if (!stored) throw notFound(BUSINESS_NOT_FOUND);
  return toReview(doc);
}
