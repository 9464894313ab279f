import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository, trusted } from '@cp/service-kit';

/**
 * business_reviews (spec §3) as stored, with the reviewer's username. One per user per business (a unique index).
 * `held`: written by an account younger than a day, so not in the business's rating nor shown to others until
 * `releaseAt` (the account's first day over), when the release job counts it and removes both fields.
 */
export interface ReviewDoc {
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

const reviewSchema = new Schema<ReviewDoc>(
  {
    _id: { type: String, required: true },
    businessId: { type: String, required: true },
    userId: { type: String, required: true },
    username: { type: String, required: true },
    rating: { type: Number, required: true },
    comment: { type: String, default: null },
    createdAt: { type: Date, required: true },
    held: Boolean,
    releaseAt: Date,
  },
  { collection: 'business_reviews', versionKey: false, strict: 'throw' },
);
reviewSchema.index({ businessId: 1, userId: 1 }, { name: 'one_per_user', unique: true });
// A business's reviews, newest first.
reviewSchema.index({ businessId: 1, createdAt: -1, _id: -1 }, { name: 'business_newest' });
// The held reviews, by when they are due (the release job's query).
reviewSchema.index({ releaseAt: 1, _id: 1 }, { name: 'held_due', partialFilterExpression: { held: true } });

export class ReviewsRepository extends MongoRepository<ReviewDoc> {
  constructor(conn: Connection) {
    super(conn, 'BusinessReview', reviewSchema);
  }

  /** Throws a duplicate-key error when this user already reviewed this business. */
  async insert(doc: ReviewDoc, session: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, { session });
  }

  /** A business's reviews that count, newest first, and the viewer's own held one (when a viewer is given). */
  forBusiness(businessId: string, viewerId?: string): Promise<ReviewDoc[]> {
    const shown = viewerId ? { $or: [{ held: trusted({ $ne: true }) }, { userId: viewerId }] } : { held: trusted({ $ne: true }) };
    return this.model
      .find({ businessId, ...shown })
      .sort({ createdAt: -1, _id: -1 })
      .lean<ReviewDoc[]>()
      .exec();
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

  /** Marks a held review as counting, in the release's transaction; false when it is not held (any more). */
  async release(id: string, session: ClientSession): Promise<boolean> {
    const res = await this.model.updateOne({ _id: id, held: true }, { $unset: { held: 1, releaseAt: 1 } }, { session }).exec();
    return res.modifiedCount === 1;
  }

  async delete(id: string, session: ClientSession): Promise<void> {
    await this.model.deleteOne({ _id: id }, { session }).exec();
  }

  async deleteForBusiness(businessId: string, session: ClientSession): Promise<number> {
    const res = await this.model.deleteMany({ businessId }, { session }).exec();
    return res.deletedCount;
  }
}
