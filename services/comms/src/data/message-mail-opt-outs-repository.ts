import type { Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/** message_mail_opt_outs: the users who stopped the unread-message mails (their one-click unsubscribe); keyed by user id. */
export interface MessageMailOptOutDoc {
  _id: string;
  at: Date;
}

const optOutSchema = storedSchema<MessageMailOptOutDoc>('message_mail_opt_outs', { _id: String, at: Date });

export class MessageMailOptOutsRepository extends MongoRepository<MessageMailOptOutDoc> {
  constructor(conn: Connection) {
    super(conn, 'MessageMailOptOut', optOutSchema);
  }

  async has(userId: string): Promise<boolean> {
    return (await this.model.exists({ _id: userId })) !== null;
  }

  /** Stops the mails (again: no change). */
  async add(userId: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $setOnInsert: { at } }, { upsert: true }).exec();
  }
}
