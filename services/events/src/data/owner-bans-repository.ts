import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * owner_bans: moderation's bans as heard (moderation.user-banned / user-unbanned), by user, with when the last decision
 * happened: an older decision arriving late changes nothing, and a listing heard after the ban is hidden at once.
 */
export interface OwnerBanDoc {
  _id: string;
  banned: boolean;
  at: Date;
}

const schema = storedSchema<OwnerBanDoc>('owner_bans', { _id: String, banned: Boolean, at: Date });

export class OwnerBansRepository extends MongoRepository<OwnerBanDoc> {
  constructor(conn: Connection) {
    super(conn, 'OwnerBan', schema);
  }

  async isBanned(userId: string, session?: ClientSession): Promise<boolean> {
    const doc = (await this.model.collection.findOne({ _id: userId } as never, session ? { session } : {})) as OwnerBanDoc | null;
    return doc?.banned === true;
  }

  /** Records the decision when newer than the last one; whether it applied. */
  async decide(userId: string, banned: boolean, at: Date, session: ClientSession): Promise<boolean> {
    const doc = (await this.model.collection.findOne({ _id: userId } as never, { session })) as OwnerBanDoc | null;
    if (doc && doc.at.getTime() >= at.getTime()) return false;
    await this.model.collection.replaceOne({ _id: userId } as never, { banned, at } as never, { upsert: true, session });
    return true;
  }
}
