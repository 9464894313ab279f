import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/** One document per user who posted a listing: written by each create, so two creates of one user conflict. */
export interface PosterDoc {
  _id: string;
  lastPostAt: Date;
}

const posterSchema = new Schema<PosterDoc>(
  {
    _id: { type: String, required: true },
    lastPostAt: { type: Date, required: true },
  },
  { collection: 'listing_posters', versionKey: false, strict: 'throw' },
);

/**
 * Serialises one user's listing creates: each create's transaction writes the user's document first, so of two
 * concurrent creates one meets a write conflict and is retried after the other committed, when it sees that listing
 * (the duplicate rule's check cannot let both through).
 */
export class PostersRepository extends MongoRepository<PosterDoc> {
  constructor(conn: Connection) {
    super(conn, 'ListingPoster', posterSchema);
  }

  async touch(userId: string, at: Date, session: ClientSession): Promise<void> {
    await this.model.collection.updateOne({ _id: userId } as never, { $set: { lastPostAt: at } }, { upsert: true, session });
  }
}
