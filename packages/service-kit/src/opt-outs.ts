import type { Connection, UpdateQuery } from 'mongoose';
import { trusted } from './mongo.ts';
import { MongoRepository } from './repository.ts';
import { storedSchema, type StoredFields } from './stored-schema.ts';

/** One user who opted out: keyed by user id, with when they did (field `At`, each list's own name for it). */
export type OptOutDoc<At extends string> = { _id: string } & { [K in At]: Date };

/** Where an opt-out list is stored: its model's name, its collection, and the name of its opted-out-at field. */
export interface OptOutList<At extends string> {
  model: string;
  collection: string;
  at: At;
}

/**
 * A list of the users who opted out of something (comms' unread-message mails, listings' expiry reminders: their
 * one-click unsubscribe links): one document per user, keyed by user id, holding when the user first opted out.
 */
export class OptOutsRepository<At extends string> extends MongoRepository<OptOutDoc<At>> {
  private readonly at: At;
  constructor(conn: Connection, list: OptOutList<At>) {
    super(conn, list.model, storedSchema<OptOutDoc<At>>(list.collection, { _id: String, [list.at]: Date } as StoredFields<OptOutDoc<At>>));
    this.at = list.at;
  }

  /** Records the opt-out (again: no change, the first time stays). */
  async add(userId: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $setOnInsert: { [this.at]: at } } as UpdateQuery<OptOutDoc<At>>, { upsert: true }).exec();
  }

  async has(userId: string): Promise<boolean> {
    return (await this.model.exists({ _id: userId })) !== null;
  }

  /** Which of these users opted out. */
  async optedOut(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const found = await this.model.find({ _id: trusted({ $in: [...new Set(userIds)] }) }, { _id: 1 }).lean<Array<{ _id: string }>>().exec();
    return new Set(found.map((d) => d._id));
  }
}
