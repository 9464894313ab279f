import type { ClientSession, Connection } from 'mongoose';
import { entitySchemaOptions, MongoRepository, optional, storedSchema, trusted, uuidId, withDefault } from '@cp/service-kit';

/** A confirmation link's token, stored as its SHA-256 only, with the time it stops working. */
export interface ConfirmTokenDoc {
  hash: string;
  expiresAt: Date;
}

/**
 * newsletters (spec §3: id, email, subscribed, createdAt), plus double opt-in and unsubscribe. E-mail addresses are
 * stored lower-cased under a unique index, so one person has one subscription. `subscribed` is true only once a
 * confirmation link was opened (documents from before double opt-in that say true stay subscribed).
 */
export interface NewsletterDoc {
  _id: string;
  email: string;
  subscribed: boolean;
  createdAt: Date;
  /** Set by a sign-up of an address that is not subscribed: waiting for its confirmation link. */
  pendingSince?: Date | undefined;
  /** The confirmation links that still work (each mail has its own; the newest few are kept). */
  confirmTokens?: ConfirmTokenDoc[] | undefined;
  /** When the last confirmation or "already subscribed" mail was asked for this address (at most one per MAIL_GAP_MS). */
  lastMailAt?: Date | undefined;
  confirmedAt?: Date | undefined;
  unsubscribedAt?: Date | undefined;
  /** The token of the unsubscribe links of every newsletter mail (stored as it is: see the README). */
  unsubscribeToken?: string | undefined;
}

const newsletterSchema = storedSchema<NewsletterDoc, 'createdAt'>(
  'newsletters',
  {
    _id: uuidId,
    email: String,
    subscribed: withDefault(Boolean, true),
    pendingSince: optional(Date),
    confirmTokens: { type: [{ _id: false, hash: { type: String, required: true }, expiresAt: { type: Date, required: true } }], default: undefined },
    lastMailAt: optional(Date),
    confirmedAt: optional(Date),
    unsubscribedAt: optional(Date),
    unsubscribeToken: optional(String),
  },
  entitySchemaOptions({ timestamps: { createdAt: true, updatedAt: false } }),
);
newsletterSchema.index({ email: 1 }, { unique: true, name: 'email_unique' });
newsletterSchema.index({ 'confirmTokens.hash': 1 }, { name: 'confirm_token', partialFilterExpression: { 'confirmTokens.hash': { $exists: true } } });
newsletterSchema.index({ unsubscribeToken: 1 }, { unique: true, name: 'unsubscribe_token_unique', partialFilterExpression: { unsubscribeToken: { $type: 'string' } } });

/** Confirmation links kept per subscription: a few resends (or a mail sent twice after a crash) all work. */
export const MAX_CONFIRM_TOKENS = 5;

export class NewsletterRepository extends MongoRepository<NewsletterDoc> {
  constructor(conn: Connection) {
    super(conn, 'Newsletter', newsletterSchema);
  }

  findByEmail(email: string, session?: ClientSession): Promise<NewsletterDoc | null> {
    return this.model.findOne({ email }, null, session ? { session } : {}).lean<NewsletterDoc>().exec();
  }

  /** A new address: pending, its mail slot taken (the confirmation goes out), its unsubscribe token made. */
  async createPending(email: string, now: Date, unsubscribeToken: string, session: ClientSession): Promise<NewsletterDoc> {
    const [doc] = await this.model.create([{ email, subscribed: false, pendingSince: now, lastMailAt: now, unsubscribeToken }], { session });
    return doc!.toObject();
  }

  /** An address that is not subscribed waits for its confirmation again (an unsubscribed one, or pending still). */
  async markPending(id: string, now: Date, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id, subscribed: false, pendingSince: trusted({ $exists: false }) }, { $set: { pendingSince: now } }, { session }).exec();
  }

  /**
   * Takes the address's mail slot: true (and `lastMailAt` = now) when no mail was asked for it within `gapMs`, false
   * otherwise. One conditional update: of two sign-ups at once, one gets the slot.
   */
  async takeMailSlot(id: string, now: Date, gapMs: number, session: ClientSession): Promise<boolean> {
    const before = new Date(now.getTime() - gapMs);
    const res = await this.model
      .updateOne({ _id: id, $or: [{ lastMailAt: trusted({ $exists: false }) }, { lastMailAt: trusted({ $lte: before }) }] }, { $set: { lastMailAt: now } }, { session })
      .exec();
    return res.modifiedCount === 1;
  }

  /** Adds a confirmation link's token hash to a subscription that still waits for it (committed at once); false otherwise. */
  async addConfirmToken(id: string, token: ConfirmTokenDoc): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, subscribed: false, pendingSince: trusted({ $exists: true }) }, { $push: { confirmTokens: { $each: [token], $slice: -MAX_CONFIRM_TOKENS } } })
      .exec();
    return res.modifiedCount === 1;
  }

  /**
   * Confirms the pending subscription a working link's token hash belongs to, in one conditional update (a link works
   * once: every token of the subscription is cleared). Null when no pending subscription has that token unexpired.
   */
  confirm(hash: string, now: Date, session: ClientSession): Promise<NewsletterDoc | null> {
    return this.model
      .findOneAndUpdate(
        { subscribed: false, confirmTokens: trusted({ $elemMatch: { hash, expiresAt: { $gt: now } } }) },
        { $set: { subscribed: true, confirmedAt: now }, $unset: { pendingSince: 1, confirmTokens: 1, unsubscribedAt: 1 } },
        { session, returnDocument: 'after' },
      )
      .lean<NewsletterDoc>()
      .exec();
  }

  /** Gives a subscription without one (made before unsubscribe links) its unsubscribe token; returns the token it has. */
  async ensureUnsubscribeToken(id: string, candidate: string): Promise<string | null> {
    await this.model.updateOne({ _id: id, unsubscribeToken: trusted({ $exists: false }) }, { $set: { unsubscribeToken: candidate } }).exec();
    return (await this.findById(id))?.unsubscribeToken ?? null;
  }

  findByUnsubscribeToken(token: string, session?: ClientSession): Promise<NewsletterDoc | null> {
    return this.model.findOne({ unsubscribeToken: token }, null, session ? { session } : {}).lean<NewsletterDoc>().exec();
  }

  /** Unsubscribes (or stops a pending sign-up): `subscribed` false, pending links dropped. The document before, or null. */
  unsubscribe(token: string, now: Date, session: ClientSession): Promise<NewsletterDoc | null> {
    return this.model
      .findOneAndUpdate(
        { unsubscribeToken: token, $or: [{ subscribed: true }, { pendingSince: trusted({ $exists: true }) }] },
        { $set: { subscribed: false, unsubscribedAt: now }, $unset: { pendingSince: 1, confirmTokens: 1 } },
        { session, returnDocument: 'before' },
      )
      .lean<NewsletterDoc>()
      .exec();
  }
}
