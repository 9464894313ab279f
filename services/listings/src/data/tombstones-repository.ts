import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * What is kept of a deleted listing: its id and when it was deleted, nothing of its content or owner. It lets
 * `GET /api/listings/:id` answer 410 Gone (removed for good) instead of 404 (never was), so crawlers drop the page.
 */
export interface TombstoneDoc {
  _id: string;
  deletedAt: Date;
}

/**
 * How long a tombstone is kept. Crawlers revisit a removed URL within weeks and the sitemap drops it at once; after
 * half a year a 404 tells anyone who still follows an old link the same thing, and the collection stays bounded.
 */
export const TOMBSTONE_TTL_DAYS = 180;

const tombstoneSchema = storedSchema<TombstoneDoc>('listing_tombstones', {
  _id: String,
  deletedAt: Date,
});
// MongoDB's TTL monitor removes a tombstone TOMBSTONE_TTL_DAYS after the deletion. Changing the figure later needs
// a collMod of this index (createIndexes refuses the same index with other options).
tombstoneSchema.index({ deletedAt: 1 }, { name: 'expire', expireAfterSeconds: TOMBSTONE_TTL_DAYS * 24 * 60 * 60 });

export class TombstonesRepository extends MongoRepository<TombstoneDoc> {
  constructor(conn: Connection) {
    super(conn, 'ListingTombstone', tombstoneSchema);
  }

  /** Records a deletion, in the deletion's transaction. A listing seeded again under an old id moves its tombstone's time. */
  async record(id: string, deletedAt: Date, session: ClientSession): Promise<void> {
    await this.model.collection.updateOne({ _id: id } as never, { $set: { deletedAt } }, { upsert: true, session });
  }

  /** Whether a listing of this id was deleted (and its tombstone has not expired yet). */
  async has(id: string): Promise<boolean> {
    return (await this.model.exists({ _id: id })) !== null;
  }

  /** For tests and diagnostics: the tombstone of an id, or null. */
  find(id: string): Promise<TombstoneDoc | null> {
    return this.model.findById(id).lean<TombstoneDoc>().exec();
  }
}
