import { randomUUID } from 'node:crypto';
import { accountOf, conflict, HttpError, isDuplicateKey, jsonObject, notFound, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import {
  ALREADY_REVIEWED,
  BUSINESS_NOT_FOUND,
  BusinessReviewed,
  BusinessReviewInsertSchema,
  OWN_BUSINESS_REVIEW,
  REVIEW_HOLD_MS,
  VERIFY_EMAIL_TO_REVIEW,
  type BusinessReview,
} from '@cp/contracts';
import type { ReviewDoc } from '../data/reviews-repository.ts';
import { toReview } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { businessId, existingBusiness } from './business-rules.ts';

/**
 * POST /api/businesses/:id/reviews `{ rating, comment? }` by a logged-in user, once per business (a second is a 409),
 * from real people (issue 26): an account whose e-mail is not verified is refused (403, one clear sentence), and so is
 * the business's owner. A review by an account younger than a day (REVIEW_HOLD_MS) is stored held: it is not in the
 * rating nor shown to others until the release job counts it when the account turns a day old
 * (release-held-reviews.ts); its author gets it back marked `pending`.
 * A review that counts at once, the business's new total, count and rating, and the business-reviewed event are one
 * transaction, so the rating stays exact under concurrent reviews (conflicting writes are retried by the transaction).
 * The user's posting limit for reviews (issue 21 §5) is taken in the same transaction, held reviews too: 429 past it;
 * a review that is not stored (a second one, a business gone) gives its slot back.
 */
export async function reviewBusiness(deps: DirectoryDeps, user: AuthUser, rawId: string, body: unknown): Promise<BusinessReview> {
  const id = businessId(rawId);
  const account = accountOf(user);
  if (!account.emailVerified) throw new HttpError(403, VERIFY_EMAIL_TO_REVIEW, { code: 'email_not_verified' });
  const input = BusinessReviewInsertSchema.parse(jsonObject(body));
  const business = await existingBusiness(deps, id);
  if (business.userId === user.id) throw new HttpError(403, OWN_BUSINESS_REVIEW, { code: 'own_business' });
  const now = deps.now();
  const releaseAt = new Date(account.createdAt.getTime() + REVIEW_HOLD_MS);
  const held = releaseAt > now;
  const doc: ReviewDoc = {
    _id: randomUUID(),
    businessId: id,
    userId: user.id,
    username: usernameOf(user),
    rating: input.rating,
    comment: input.comment || null,
    createdAt: now,
    ...(held ? { held: true, releaseAt } : {}),
  };
  // The user's posting limit first, apart from the transaction; a review refused below (a second one: 409) gives it back.
  await deps.limits.run(user, 'review', async () => {
    try {
      await runInTransaction(deps.conn, async (session, emit) => {
        if (held) {
          // A business deleted meanwhile leaves this review behind: the release job drops it.
          await deps.reviews.insert(doc, session);
          return;
        }
        const counted = await deps.businesses.addRating(id, doc.rating, session);
        if (!counted) throw notFound(BUSINESS_NOT_FOUND); // aborts: the $inc goes back (and run gives the slot back)
        await deps.reviews.insert(doc, session);
        await emit(BusinessReviewed, { reviewId: doc._id, businessId: id, userId: user.id, rating: doc.rating, businessRating: counted.rating, reviewCount: counted.reviewCount });
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(ALREADY_REVIEWED, 'already_reviewed');
      throw err;
    }
  });
  return toReview(doc);
}
