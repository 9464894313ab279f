import type { ClientSession, Connection } from 'mongoose';
import { UserLocks } from './user-locks.ts';
import { MongoRepository, storedSchema, trusted } from '@cp/service-kit';

/** saved_listings (spec §3; issue 22 §2): one listing one user saved. */
export interface SavedListingDoc {
  _id: string;
  userId: string;
  listingId: string;
  createdAt: Date;
}

const savedListingSchema = storedSchema<SavedListingDoc>('saved_listings', {
  _id: String,
  userId: String,
  listingId: String,
  createdAt: Date,
});
// One save per user and listing: saving again, or two saves at once, keep one.
savedListingSchema.index({ userId: 1, listingId: 1 }, { name: 'user_listing', unique: true });
// A user's saves, newest first (GET /api/saved-listings pages).
savedListingSchema.index({ userId: 1, createdAt: -1, _id: -1 }, { name: 'user_newest' });

export class SavedListingsRepository extends MongoRepository<SavedListingDoc> {
  /** saved_listing_locks: taken first in every save, merge and removal, so the cap (SAVED_LISTINGS_MAX) holds. */
  private readonly locks: UserLocks;
  constructor(conn: Connection) {
    super(conn, 'SavedListing', savedListingSchema);
    this.locks = new UserLocks(conn, 'SavedListingLock', 'saved_listing_locks');
  }

  override async init(): Promise<void> {
    await super.init();
    await this.locks.init();
  }

  /** Takes the user's lock in the transaction (UserLocks) and answers how many listings the user has saved. */
  async lockAndCount(userId: string, session: ClientSession): Promise<number> {
    await this.locks.take(userId, session);
    return this.model.countDocuments({ userId }, { session }).exec();
  }

  find(userId: string, listingId: string, session?: ClientSession): Promise<SavedListingDoc | null> {
    return this.model.findOne({ userId, listingId }, null, session ? { session } : {}).lean<SavedListingDoc>().exec();
  }

  /** Which of these listings the user has saved already. */
  async savedAmong(userId: string, listingIds: readonly string[], session: ClientSession): Promise<Set<string>> {
    const docs = await this.model
      .find({ userId, listingId: trusted({ $in: [...listingIds] }) }, { listingId: 1 }, { session })
      .lean<Array<Pick<SavedListingDoc, 'listingId'>>>()
      .exec();
    return new Set(docs.map((d) => d.listingId));
  }

  async insertMany(docs: SavedListingDoc[], session: ClientSession): Promise<void> {
    if (docs.length > 0) await this.model.collection.insertMany(docs as never[], { session });
  }

  /** Removes the user's save of a listing (the user is in the filter: nobody else's save can be touched). Returns whether one was removed. */
  async remove(userId: string, listingId: string, session: ClientSession): Promise<boolean> {
    const res = await this.model.collection.deleteOne({ userId, listingId }, { session });
    return res.deletedCount > 0;
  }

  /** One page of the user's saves, newest first, and how many there are. */
  async page(userId: string, page: number, pageSize: number): Promise<{ items: SavedListingDoc[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model
        .find({ userId })
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<SavedListingDoc[]>()
        .exec(),
      this.model.countDocuments({ userId }).exec(),
    ]);
    return { items, total };
  }

  /** Every listing id the user saved, newest first (at most `limit`: the cap bounds it). */
  async listingIds(userId: string, limit: number): Promise<string[]> {
    const docs = await this.model.find({ userId }, { listingId: 1 }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<Array<Pick<SavedListingDoc, 'listingId'>>>().exec();
    return docs.map((d) => d.listingId);
  }
}
