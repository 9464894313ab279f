import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/** business_reviews (spec §3) as stored, with the reviewer's username. One per user per business (a unique index). */
export interface ReviewDoc {
  _id: string;
  businessId: string;
  userId: string;
  username: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
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
  },
  { collection: 'business_reviews', versionKey: false, strict: 'throw' },
);
reviewSchema.index({ businessId: 1, userId: 1 }, { name: 'one_per_user', unique: true });
// A business's reviews, newest first.
reviewSchema.index({ businessId: 1, createdAt: -1, _id: -1 }, { name: 'business_newest' });

export class ReviewsRepository extends MongoRepository<ReviewDoc> {
  constructor(conn: Connection) {
    super(conn, 'BusinessReview', reviewSchema);
  }

  /** Throws a duplicate-key error when this user already reviewed this business. */
  async insert(doc: ReviewDoc, session: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, { session });
  }

  forBusiness(businessId: string): Promise<ReviewDoc[]> {
    return this.model.find({ businessId }).sort({ createdAt: -1, _id: -1 }).lean<ReviewDoc[]>().exec();
  }

  async deleteForBusiness(businessId: string, session: ClientSession): Promise<number> {
    const res = await this.model.deleteMany({ businessId }, { session }).exec();
    return res.deletedCount;
  }
}
