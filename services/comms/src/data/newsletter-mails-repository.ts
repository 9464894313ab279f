import type { ClientSession, Connection } from 'mongoose';
import type { NewsletterMailKind } from '@cp/contracts';
import { MongoRepository, optional, storedSchema, uuidId } from '@cp/service-kit';

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

const schema = storedSchema<NewsletterMailDoc, 'createdAt'>(
  'newsletter_mails',
  {
    _id: uuidId,
    subscriptionId: String,
    kind: String,
    sentAt: optional(Date),
    skipped: optional(String),
  },
  { timestamps: { createdAt: true, updatedAt: false } },
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
