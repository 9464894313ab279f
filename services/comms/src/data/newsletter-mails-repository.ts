import { Schema, type ClientSession, type Connection } from 'mongoose';
import type { NewsletterMailKind } from '@cp/contracts';
import { MongoRepository, uuidId } from '@cp/service-kit';

/**
 * newsletter_mails: one record per newsletter mail asked for (written with its event, comms.newsletter-mail-requested).
 * Its id makes the mail's Message-ID; `sentAt` (or `skipped`) is written by the sender in the consumer's transaction,
 * so a mail that went out is never sent again by a later delivery.
 */
export interface NewsletterMailDoc {
  _id: string;
  subscriptionId: string;
  kind: NewsletterMailKind;
  createdAt: Date;
  sentAt?: Date | undefined;
  /** Why it was not sent (the subscription changed before the sender came to it). */
  skipped?: string | undefined;
}

const schema = new Schema<NewsletterMailDoc>(
  {
    _id: uuidId,
    subscriptionId: { type: String, required: true },
    kind: { type: String, required: true },
    sentAt: Date,
    skipped: String,
  },
  { collection: 'newsletter_mails', versionKey: false, strict: 'throw', timestamps: { createdAt: true, updatedAt: false } },
);
schema.index({ subscriptionId: 1, createdAt: -1 }, { name: 'subscription_created' });

export class NewsletterMailsRepository extends MongoRepository<NewsletterMailDoc> {
  constructor(conn: Connection) {
    super(conn, 'NewsletterMail', schema);
  }

  async create(subscriptionId: string, kind: NewsletterMailKind, session: ClientSession): Promise<NewsletterMailDoc> {
    const [doc] = await this.model.create([{ subscriptionId, kind }], { session });
    return doc!.toObject();
  }

  async finish(id: string, result: { sentAt: Date } | { skipped: string }, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: result }, { session }).exec();
  }
}
