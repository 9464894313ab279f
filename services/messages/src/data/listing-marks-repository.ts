import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * listing_marks: what this service heard of a listing that matters to opening a conversation — `deleted` (its
 * ListingDeleted was handled). Opening a conversation and handling the deletion both write the listing's mark in their
 * transactions (`v` counts up), so they are serialized by MongoDB's write conflict: a conversation opened while the
 * deletion is handled either exists before it (and is closed by it) or sees the mark (404), never slips in between.
 */
export interface ListingMarkDoc {
  _id: string;
  deleted: boolean;
  v: number;
}

const markSchema = storedSchema<ListingMarkDoc>('listing_marks', { _id: String, deleted: Boolean, v: Number });

export class ListingMarksRepository extends MongoRepository<ListingMarkDoc> {
  constructor(conn: Connection) {
    super(conn, 'ListingMark', markSchema);
  }

  /** Writes the listing's mark (in the caller's transaction) and says whether the listing was deleted. */
  async touch(listingId: string, session: ClientSession): Promise<{ deleted: boolean }> {
    const doc = await this.model
      .findOneAndUpdate({ _id: listingId }, { $inc: { v: 1 }, $setOnInsert: { deleted: false } }, { upsert: true, returnDocument: 'after', session })
      .lean<ListingMarkDoc>()
      .exec();
    return { deleted: doc?.deleted === true };
  }

  async markDeleted(listingId: string, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: listingId }, { $set: { deleted: true }, $inc: { v: 1 } }, { upsert: true, session }).exec();
  }
}
