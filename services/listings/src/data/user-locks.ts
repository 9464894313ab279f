import type { ClientSession, Connection, Model } from 'mongoose';
import { storedSchema } from '@cp/service-kit';

/**
 * A per-user lock for a cap (saved listings, saved searches): one document per user in its own collection, written
 * first in the transaction of every write that the cap counts. Two writes of one user at once then meet a write
 * conflict and run one after the other, so the count read after `take` is exact and the cap holds with any number of
 * replicas.
 */
interface UserLockDoc {
  _id: string;
  v: number;
}

export class UserLocks {
  private readonly model: Model<UserLockDoc>;
  constructor(conn: Connection, modelName: string, collection: string) {
    const schema = storedSchema<UserLockDoc>(collection, { _id: String, v: Number }, { strict: true });
    this.model = (conn.models[modelName] as Model<UserLockDoc> | undefined) ?? conn.model<UserLockDoc>(modelName, schema);
  }

  /** Created up front: a collection cannot be created inside a transaction. */
  async init(): Promise<void> {
    await this.model.createCollection();
  }

  /** Takes the user's lock in the transaction; a concurrent write of the same user is retried once this one committed. */
  async take(userId: string, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $inc: { v: 1 } }, { upsert: true, session }).exec();
  }
}
