import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import { UserLocks } from './user-locks.ts';
import { MongoRepository, storedSchema, trusted, withDefault } from '@cp/service-kit';
import type { SavedSearchFilters, SavedSearchFrequency } from '@cp/contracts';

/**
 * A saved search as stored (issue 22 §3). `keys` is internal: the (category, town) pairs a listing must have to be
 * a candidate for this search (alert-keys.ts), the index the matcher reads instead of every saved search.
 */
export interface SavedSearchDoc {
  _id: string;
  userId: string;
  name: string;
  filters: SavedSearchFilters;
  frequency: SavedSearchFrequency;
  paused: boolean;
  keys: string[];
  createdAt: Date;
  updatedAt: Date;
}

const savedSearchSchema = storedSchema<SavedSearchDoc>(
  'saved_searches',
  {
    _id: String,
    userId: String,
    name: String,
    filters: { type: Schema.Types.Mixed, required: true, default: {} },
    frequency: String,
    paused: withDefault(Boolean, false),
    keys: { type: [String], default: [] },
    createdAt: Date,
    updatedAt: Date,
  },
  { minimize: false },
);
// A user's saved searches, newest first (the alerts page; the cap count).
savedSearchSchema.index({ userId: 1, createdAt: -1, _id: -1 }, { name: 'owner_newest' });
// The matcher's candidates: the active saved searches whose (category, town) keys a new listing has. Paused ones are
// not in the index at all.
savedSearchSchema.index({ keys: 1 }, { name: 'alert_keys', partialFilterExpression: { paused: false } });

/**
 * alert_deliveries: one document per (saved search, listing) that was ever alerted, `_id` `<savedSearchId>:<listingId>`.
 * Written in the matcher's transaction with the alert's event, so a listing is alerted once per saved search, whatever
 * replica, redelivery or later event (a renewal) meets it again. Removed with their saved search.
 */
export interface AlertDeliveryDoc {
  _id: string;
  savedSearchId: string;
  listingId: string;
  userId: string;
  createdAt: Date;
}
const deliverySchema = storedSchema<AlertDeliveryDoc>('alert_deliveries', {
  _id: String,
  savedSearchId: String,
  listingId: String,
  userId: String,
  createdAt: Date,
});
deliverySchema.index({ savedSearchId: 1 }, { name: 'saved_search' });


/** The candidates of one listing are read in one batch of up to this many (see candidates). */
const CANDIDATES_BATCH = 20_000;

export const deliveryIdOf = (savedSearchId: string, listingId: string) => `${savedSearchId}:${listingId}`;

export class SavedSearchesRepository extends MongoRepository<SavedSearchDoc> {
  readonly deliveries: Model<AlertDeliveryDoc>;
  /** saved_search_owners: taken first in every create, so the cap holds. */
  private readonly owners: UserLocks;
  constructor(conn: Connection) {
    super(conn, 'SavedSearch', savedSearchSchema);
    this.deliveries = (conn.models.AlertDelivery as Model<AlertDeliveryDoc> | undefined) ?? conn.model<AlertDeliveryDoc>('AlertDelivery', deliverySchema);
    this.owners = new UserLocks(conn, 'SavedSearchOwner', 'saved_search_owners');
  }

  override async init(): Promise<void> {
    await super.init();
    await this.deliveries.createCollection();
    await this.deliveries.createIndexes();
    await this.owners.init();
  }

  /** In a create's transaction: serialises the user's creates (a write conflict), then counts their saved searches. */
  async lockAndCount(userId: string, session: ClientSession): Promise<number> {
    await this.owners.take(userId, session);
    return this.model.countDocuments({ userId }, { session }).exec();
  }

  /** Inserts a saved search unless one of its id exists (the demo's, seeded again after its listings were deleted). */
  async insertIfAbsent(doc: SavedSearchDoc, session: ClientSession): Promise<void> {
    const { _id, ...rest } = doc;
    await this.model.collection.updateOne({ _id } as never, { $setOnInsert: rest }, { upsert: true, session });
  }

  /** The user's saved searches, newest first, at most `limit`. */
  listOf(userId: string, limit: number): Promise<SavedSearchDoc[]> {
    return this.model.find({ userId }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<SavedSearchDoc[]>().exec();
  }

  /** Changes the owner's saved search only (the owner is in the filter). Returns it after the change, or null. */
  updateOwned(id: string, userId: string, set: Partial<Pick<SavedSearchDoc, 'name' | 'frequency' | 'paused' | 'updatedAt'>>): Promise<SavedSearchDoc | null> {
    return this.model.findOneAndUpdate({ _id: id, userId }, { $set: set }, { returnDocument: 'after' }).lean<SavedSearchDoc>().exec();
  }

  /** Deletes the owner's saved search and its delivery records. Whether it existed. */
  async deleteOwned(id: string, userId: string, session: ClientSession): Promise<boolean> {
    const deleted = await this.model.deleteOne({ _id: id, userId }, { session }).exec();
    if (deleted.deletedCount === 0) return false;
    await this.deliveries.deleteMany({ savedSearchId: id }, { session }).exec();
    return true;
  }

  /** Pauses one saved search (its unsubscribe link). The search after the change, or null when it is gone. */
  pause(id: string, now: Date): Promise<SavedSearchDoc | null> {
    return this.model.findOneAndUpdate({ _id: id }, { $set: { paused: true, updatedAt: now } }, { returnDocument: 'after' }).lean<SavedSearchDoc>().exec();
  }

  /** Pauses every daily saved search of a user (their digest's unsubscribe link). How many were active. */
  async pauseDaily(userId: string, now: Date): Promise<number> {
    const res = await this.model.updateMany({ userId, frequency: 'daily', paused: false }, { $set: { paused: true, updatedAt: now } }).exec();
    return res.modifiedCount;
  }

  /**
   * The matcher's candidates: active saved searches with one of the listing's keys, not the author's own (read
   * through the `alert_keys` index). Only what the match and the alert need.
   */
  candidates(keys: string[], authorId: string, session?: ClientSession): Promise<Array<Pick<SavedSearchDoc, '_id' | 'userId' | 'name' | 'filters' | 'frequency'>>> {
    // The driver's cursor, in one batch: a popular listing has hundreds of candidates, and each further batch (the
    // default first one holds 101) would be a round trip more.
    return this.model.collection
      .find<Pick<SavedSearchDoc, '_id' | 'userId' | 'name' | 'filters' | 'frequency'>>(
        { keys: { $in: keys }, paused: false, userId: { $ne: authorId } } as never,
        { projection: { userId: 1, name: 1, filters: 1, frequency: 1 }, batchSize: CANDIDATES_BATCH, ...(session ? { session } : {}) },
      )
      .toArray();
  }

  /** Of these delivery ids, the ones recorded already. */
  async deliveredOf(ids: string[], session: ClientSession): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.deliveries.find({ _id: trusted({ $in: ids }) }, { _id: 1 }, { session }).lean<Array<{ _id: string }>>().exec();
    return new Set(found.map((d) => d._id));
  }

  async recordDeliveries(docs: AlertDeliveryDoc[], session: ClientSession): Promise<void> {
    if (docs.length > 0) await this.deliveries.collection.insertMany(docs as never[], { session, ordered: true });
  }
}
