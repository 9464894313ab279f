import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * banned_mailboxes: the mailbox (mailboxKey: its normalised form) of each banned user with an address, kept while the
 * ban holds, so that a banned person registering again with the same mailbox — in capitals, with a plus tag, with dots
 * Gmail ignores — is refused (issue 41 §3). Written and removed in the ban's and unban's own transaction.
 */
export interface BannedMailboxDoc {
  /** mailboxKey(email). */
  _id: string;
  userId: string;
  at: Date;
}

const schema = storedSchema<BannedMailboxDoc>('banned_mailboxes', { _id: String, userId: String, at: Date });
schema.index({ userId: 1 });

export class BannedMailboxesRepository extends MongoRepository<BannedMailboxDoc> {
  constructor(conn: Connection) {
    super(conn, 'BannedMailbox', schema);
  }

  async add(key: string, userId: string, at: Date, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: key }, { $set: { userId, at } }, { upsert: true, session }).exec();
  }

  async removeForUser(userId: string, session: ClientSession): Promise<void> {
    await this.model.deleteMany({ userId }, { session }).exec();
  }

  async has(key: string): Promise<boolean> {
    return (await this.model.exists({ _id: key })) !== null;
  }
}
