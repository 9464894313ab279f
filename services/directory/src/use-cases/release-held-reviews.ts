import { runInTransaction } from '@cp/service-kit';
import { BusinessReviewed } from '@cp/contracts';
import type { ReviewDoc } from '../data/reviews-repository.ts';
import { isVisible } from '../data/businesses-repository.ts';
import type { DirectoryDeps } from './deps.ts';

/** Held reviews released per query; a run goes on until none is due (at most RELEASE_MAX_PER_RUN). */
export const RELEASE_BATCH = 100;
export const RELEASE_MAX_PER_RUN = 5_000;

/**
 * One held review into the rating, exactly once: in one transaction the review stops being held (a conditional
 * update that matches only while it is held), the business's total, count and rating move as for a review that
 * counted at once, and the business-reviewed event is emitted. Two releasers of the same review (a job replica taking
 * over mid-run) conflict on the review, the transaction is retried, and the second finds it released: nothing twice.
 * A review whose business was deleted meanwhile is dropped. One that moderation hid meanwhile (or whose author was
 * banned) is released without counting: it counts when it is restored. True when this call counted it.
 */
export async function releaseHeldReview(deps: DirectoryDeps, review: ReviewDoc): Promise<boolean> {
  return runInTransaction(deps.conn, async (session, emit) => {
    const held = await deps.reviews.release(review._id, session);
    if (!held || !isVisible(held)) return false;
    const business = await deps.businesses.addRating(review.businessId, review.rating, session);
    if (!business) {
      await deps.reviews.deleteById(review._id, session);
      return false;
    }
    await emit(BusinessReviewed, { reviewId: review._id, businessId: review.businessId, userId: review.userId, rating: review.rating, businessRating: business.rating, reviewCount: business.reviewCount });
    return true;
  });
}

/**
 * The release job's run (jobs/release-held-reviews.ts): every held review whose author's account is a day old at
 * `now` counts from now on. Idempotent: what another run released already is skipped. Returns how many it released.
 */
export async function releaseHeldReviews(deps: DirectoryDeps, now: Date): Promise<number> {
  let released = 0;
  for (let seen = 0; seen < RELEASE_MAX_PER_RUN; ) {
    const due = await deps.reviews.dueForRelease(now, RELEASE_BATCH);
    for (const review of due) if (await releaseHeldReview(deps, review)) released += 1;
    seen += due.length;
    if (due.length < RELEASE_BATCH) break;
  }
  return released;
}
