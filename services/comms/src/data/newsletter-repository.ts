import { Schema, type ClientSession, type Connection } from 'mongoose';
import { entitySchemaOptions, MongoRepository, uuidId } from '@cp/service-kit';

/** newsletters (spec §3). E-mail addresses are stored lower-cased, so one person subscribes once. */
export interface NewsletterDoc {
  _id: string;
  email: string;
  subscribed: boolean;
  createdAt: Date;
}

const newsletterSchema = new Schema<NewsletterDoc>(
  {
    _id: uuidId,
    email: { type: String, required: true },
    subscribed: { type: Boolean, required: true, default: true },
  },
  entitySchemaOptions({ timestamps: { createdAt: true, updatedAt: false }, collection: 'newsletters' }),
);
newsletterSchema.index({ email: 1 }, { unique: true, name: 'email_unique' });

export class NewsletterRepository extends MongoRepository<NewsletterDoc> {
  constructor(conn: Connection) {
    super(conn, 'Newsletter', newsletterSchema);
  }

  findByEmail(email: string): Promise<NewsletterDoc | null> {
    return this.model.findOne({ email }).lean<NewsletterDoc>().exec();
  }

  async create(email: string, session: ClientSession): Promise<NewsletterDoc> {
    const [doc] = await this.model.create([{ email, subscribed: true }], { session });
    return doc!.toObject();
  }

  /** Subscribes an address that had unsubscribed; null when it is subscribed already. */
  resubscribe(email: string, session: ClientSession): Promise<NewsletterDoc | null> {
    return this.model.findOneAndUpdate({ email, subscribed: false }, { $set: { subscribed: true } }, { session, returnDocument: 'after' }).lean<NewsletterDoc>().exec();
  }
}
