import { Schema, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/** message_mail_opt_outs: the users who stopped the unread-message mails (their one-click unsubscribe); keyed by user id. */
export interface MessageMailOptOutDoc {
  _id: string;
  at: Date;
}

const optOutSchema = new Schema<MessageMailOptOutDoc>(
  { _id: { type: String, required: true }, at: { type: Date, required: true } },
  { collection: 'message_mail_opt_outs', versionKey: false, strict: 'throw' },
);

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
