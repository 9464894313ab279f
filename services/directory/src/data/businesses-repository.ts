import type { ClientSession, Connection } from 'mongoose';
import { MODERATION_FLAG_FIELDS, ModeratedRepository, nullable, storedSchema, VISIBLE, withDefault, type ModerationFlags, type SortKey } from '@cp/service-kit';

/**
 * businesses (spec §3) as stored. `ratingTotal` (the sum of the reviews' ratings) is kept next to `reviewCount` so the
 * mean is computed from whole numbers, never from a rounded mean; both only ever change with $inc.
 */
export interface BusinessDoc extends ModerationFlags {
  _id: string;
  userId: string;
  name: string;
  category: string;
  mainCategory: string;
  subCategory: string | null;
  description: string;
  address: string;
  phone: string;
  email: string | null;
  website: string | null;
  logoUrl: string | null;
  rating: number;
  ratingTotal: number;
  reviewCount: number;
  verified: boolean;
  premium: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What everyone may see, a business or a review: the kit's moderation rule (moderation-flags.ts). */
export { isVisible, VISIBLE } from '@cp/service-kit';

/** What an admin may set (spec §5 Business: everything but id, userId, rating, reviewCount, verified, createdAt). */
export type BusinessFields = Pick<BusinessDoc, 'name' | 'category' | 'mainCategory' | 'subCategory' | 'description' | 'address' | 'phone' | 'email' | 'website' | 'logoUrl' | 'premium'>;

const businessSchema = storedSchema<BusinessDoc>('businesses', {
  _id: String,
  userId: String,
  name: String,
  category: String,
  mainCategory: String,
  subCategory: nullable(String),
  description: String,
  address: String,
  phone: String,
  email: nullable(String),
  website: nullable(String),
  logoUrl: nullable(String),
  rating: withDefault(Number, 0),
  ratingTotal: withDefault(Number, 0),
  reviewCount: withDefault(Number, 0),
  verified: withDefault(Boolean, false),
  premium: withDefault(Boolean, false),
  createdAt: Date,
  updatedAt: Date,
  ...MODERATION_FLAG_FIELDS,
});
/** The order of every list: premium businesses first, then the newest (the _id breaks ties). */
const ORDER = { premium: -1, createdAt: -1, _id: -1 } as const;
businessSchema.index(ORDER, { name: 'premium_newest' });
businessSchema.index({ mainCategory: 1, subCategory: 1, ...ORDER }, { name: 'yellow_pages' });
// A main category alone (the Yellow Pages screen's first choice) and a subcategory alone, each paged in the list order.
businessSchema.index({ mainCategory: 1, ...ORDER }, { name: 'yellow_pages_main' });
businessSchema.index({ subCategory: 1, ...ORDER }, { name: 'yellow_pages_sub' });
/** The list order as the keys of its cursors (the kit's list-page.ts). */
export const BUSINESS_ORDER: readonly SortKey[] = [
  { field: 'premium', dir: -1, kind: 'boolean' },
  { field: 'createdAt', dir: -1, kind: 'date' },
  { field: '_id', dir: -1, kind: 'string' },
];
// A user's businesses (a ban or an unban flags them all).
businessSchema.index({ userId: 1 }, { name: 'creator' });

/** The mean of the ratings, one decimal, rounded half up from whole numbers (4 and 5 → 4.5; 4, 4, 5 → 4.3). */
export function meanRating(total: number, count: number): number {
  return count > 0 ? Math.round((total * 10) / count) / 10 : 0;
}

/** The businesses everyone may see, of a main category and/or subcategory when given (the list's filter). */
function visibleOf(filter: { mainCategory?: string; subCategory?: string }): Record<string, unknown> {
  const query: Record<string, unknown> = { ...VISIBLE };
  if (filter.mainCategory) query.mainCategory = filter.mainCategory;
  if (filter.subCategory) query.subCategory = filter.subCategory;
  return query;
}

export class BusinessesRepository extends ModeratedRepository<BusinessDoc> {
  constructor(conn: Connection) {
    super(conn, 'Business', businessSchema);
  }

  /**
   * Up to `limit` businesses everyone may see, in the list order, after `cursor` (GET /api/businesses; 400 for a cursor
   * not of this list), of a main category and/or subcategory when given (values already checked against the tree).
   */
  page(filter: { mainCategory?: string; subCategory?: string }, cursor: string | undefined, limit: number): Promise<BusinessDoc[]> {
    return this.pageQuery(visibleOf(filter), BUSINESS_ORDER, cursor).limit(limit).lean<BusinessDoc[]>().exec();
  }

  /** The query plan of page() (the tests check it walks an index in the list order, with no sort in memory). */
  explainPage(filter: { mainCategory?: string; subCategory?: string }, cursor: string | undefined, limit: number): Promise<unknown> {
    return this.pageQuery(visibleOf(filter), BUSINESS_ORDER, cursor).limit(limit).explain('executionStats');
  }

  /** Replaces what an admin may set; the counters, verified and createdAt stay. Null when there is no such business. */
  update(id: string, fields: BusinessFields, at: Date, session: ClientSession): Promise<BusinessDoc | null> {
    return this.model.findOneAndUpdate({ _id: id }, { $set: { ...fields, updatedAt: at } }, { session, returnDocument: 'after' }).lean<BusinessDoc>().exec();
  }

  async delete(id: string, session: ClientSession): Promise<boolean> {
    const res = await this.model.deleteOne({ _id: id }, { session }).exec();
    return res.deletedCount === 1;
  }

  /**
   * One more review, in the review's transaction: the total and the count move with $inc, then the rating is set from
   * them. Concurrent reviews conflict on the document and the transaction retries, so the three stay exact.
   */
  async addRating(id: string, rating: number, session: ClientSession): Promise<BusinessDoc | null> {
    const after = await this.model
      .findOneAndUpdate({ _id: id }, { $inc: { ratingTotal: rating, reviewCount: 1 } }, { session, returnDocument: 'after' })
      .lean<BusinessDoc>()
      .exec();
    if (!after) return null;
    const mean = meanRating(after.ratingTotal, after.reviewCount);
    await this.model.updateOne({ _id: id }, { $set: { rating: mean } }, { session }).exec();
    return { ...after, rating: mean };
  }

  /**
   * Sets the total, count and rating from the reviews that count (moderation changed which ones do), in the caller's
   * transaction; the business after, null when there is none. A concurrent review's `$inc` writes the same document,
   * so one of the two transactions is retried and the three stay exact.
   */
  setRating(id: string, totals: { total: number; count: number }, session: ClientSession): Promise<BusinessDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id }, { $set: { ratingTotal: totals.total, reviewCount: totals.count, rating: meanRating(totals.total, totals.count) } }, { session, returnDocument: 'after' })
      .lean<BusinessDoc>()
      .exec();
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
