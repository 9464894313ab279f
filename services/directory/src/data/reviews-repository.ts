import type { ClientSession, Connection } from 'mongoose';
import { MODERATION_FLAG_FIELDS, ModeratedRepository, nullable, optional, storedSchema, trusted, VISIBLE, type ModerationFlags, type SortKey } from '@cp/service-kit';

/**
 * business_reviews (spec §3) as stored, with the reviewer's username. One per user per business (a unique index).
 * `held`: written by an account younger than a day, so not in the business's rating nor shown to others until
 * `releaseAt` (the account's first day over), when the release job counts it and removes both fields.
 */
export interface ReviewDoc extends ModerationFlags {
  _id: string;
  businessId: string;
  userId: string;
  username: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  held?: boolean;
  releaseAt?: Date;
}

/** The reviews that count (in the rating, shown to everyone): not held, not hidden, not by a banned author. */
const COUNTED = { held: trusted({ $ne: true }), ...VISIBLE };

const reviewSchema = storedSchema<ReviewDoc>('business_reviews', {
  _id: String,
  businessId: String,
  userId: String,
  username: String,
  rating: Number,
  comment: nullable(String),
  createdAt: Date,
  held: optional(Boolean),
  releaseAt: optional(Date),
  ...MODERATION_FLAG_FIELDS,
});
// One review per user per business: inserting a second one throws a duplicate-key error.
reviewSchema.index({ businessId: 1, userId: 1 }, { name: 'one_per_user', unique: true });
// A business's reviews, newest first.
reviewSchema.index({ businessId: 1, createdAt: -1, _id: -1 }, { name: 'business_newest' });
// The held reviews, by when they are due (the release job's query).
reviewSchema.index({ releaseAt: 1, _id: 1 }, { name: 'held_due', partialFilterExpression: { held: true } });
// A user's reviews (a ban or an unban flags them all).
reviewSchema.index({ userId: 1 }, { name: 'author' });

/** A business's reviews, newest first (the _id breaks ties): the keys of their cursors, served by `business_newest`. */
export const REVIEW_ORDER: readonly SortKey[] = [
  { field: 'createdAt', dir: -1, kind: 'date' },
  { field: '_id', dir: -1, kind: 'string' },
];

/** A business's reviews that count, and the viewer's own one when a viewer is given (forBusiness's filter). */
function shownOf(businessId: string, viewerId: string | undefined): Record<string, unknown> {
  const shown = viewerId ? { $or: [COUNTED, { userId: viewerId }] } : COUNTED;
  return { businessId, ...shown };
}

export class ReviewsRepository extends ModeratedRepository<ReviewDoc> {
  constructor(conn: Connection) {
    super(conn, 'BusinessReview', reviewSchema);
  }

  /**
   * Up to `limit` of a business's reviews that count, newest first, after `cursor`, and the viewer's own one when it
   * does not (held, or hidden by moderation) when a viewer is given.
   */
  forBusiness(businessId: string, viewerId: string | undefined, cursor: string | undefined, limit: number): Promise<ReviewDoc[]> {
    return this.pageQuery(shownOf(businessId, viewerId), REVIEW_ORDER, cursor).limit(limit).lean<ReviewDoc[]>().exec();
  }

  /** The query plan of forBusiness() (the paging test checks it walks `business_newest`, with no sort in memory). */
  explainForBusiness(businessId: string, viewerId: string | undefined, cursor: string | undefined, limit: number): Promise<unknown> {
    return this.pageQuery(shownOf(businessId, viewerId), REVIEW_ORDER, cursor).limit(limit).explain('executionStats');
  }

  /** Held reviews due at `now`, the longest due first, at most `limit`. */
  dueForRelease(now: Date, limit: number): Promise<ReviewDoc[]> {
    return this.model
      .find({ held: true, releaseAt: trusted({ $lte: now }) })
      .sort({ releaseAt: 1, _id: 1 })
      .limit(limit)
      .lean<ReviewDoc[]>()
      .exec();
  }

  /** Ends a held review's hold, in the release's transaction; the review as it was, null when it is not held (any more). */
  release(id: string, session: ClientSession): Promise<ReviewDoc | null> {
    return this.model.findOneAndUpdate({ _id: id, held: true }, { $unset: { held: 1, releaseAt: 1 } }, { session }).lean<ReviewDoc>().exec();
  }

  /** The sum and number of a business's reviews that count (its rating's total and reviewCount). */
  async totals(businessId: string, session: ClientSession): Promise<{ total: number; count: number }> {
    const [row] = await this.model
      .aggregate<{ total: number; count: number }>([
        { $match: { businessId, held: { $ne: true }, hidden: { $ne: true }, authorBanned: { $ne: true } } },
        { $group: { _id: null, total: { $sum: '$rating' }, count: { $sum: 1 } } },
      ])
      .session(session)
      .exec();
    return { total: row?.total ?? 0, count: row?.count ?? 0 };
  }

  /** The businesses a user reviewed (those whose rating a ban of the user changes). */
  async businessesReviewedBy(userId: string, session: ClientSession): Promise<string[]> {
    return (await this.model.distinct('businessId', { userId }).session(session).exec()) as string[];
  }

  async deleteForBusiness(businessId: string, session: ClientSession): Promise<number> {
    const res = await this.model.deleteMany({ businessId }, { session }).exec();
    return res.deletedCount;
  }
}
