import { Schema, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/**
 * One notice per forum reply to its post's author. `sending` is written (and committed) before the mail goes out,
 * `sent` or `skipped` after: a redelivered event, or one delivered again after a restart, finds the notice and sends
 * nothing again. A `sending` notice older than the lease belongs to a sender that died: it can be taken over.
 */
export interface ReplyNoticeDoc {
  _id: string; // the reply's id
  postId: string;
  state: 'sending' | 'sent' | 'skipped';
  reason?: string | undefined;
  /** While `sending`: when the current claim was taken (the lease runs from here). */
  updatedAt: Date;
  /** How many times the notice was claimed: 1, more after a sender died mid-way. Absent on notices made before. */
  attempts?: number | undefined;
}

const schema = new Schema<ReplyNoticeDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    state: { type: String, required: true },
    reason: String,
    updatedAt: { type: Date, required: true },
    attempts: Number,
  },
  { collection: 'reply_notices', versionKey: false, strict: 'throw' },
);

/**
 * What a claim found: `claimed` (the first), `retaken` (a `sending` claim older than the lease, taken over), `done`
 * (already sent or skipped) or `in-flight` (another sender's claim, younger than the lease).
 */
export type ReplyNoticeClaim = 'claimed' | 'retaken' | 'done' | 'in-flight';

export class ReplyNoticesRepository extends MongoRepository<ReplyNoticeDoc> {
  constructor(conn: Connection) {
    super(conn, 'ReplyNotice', schema);
  }

  /**
   * Claims the notice of a reply at `at` (committed at once, outside any transaction). Both writes are single-document
   * and conditional, so of two senders racing for the same notice exactly one gets `claimed` or `retaken`.
   */
  async claim(replyId: string, postId: string, at: Date, leaseMs: number): Promise<ReplyNoticeClaim> {
    const inserted = await this.model.collection.updateOne({ _id: replyId } as never, { $setOnInsert: { postId, state: 'sending', updatedAt: at, attempts: 1 } }, { upsert: true });
    if (inserted.upsertedCount === 1) return 'claimed';
    const stale = new Date(at.getTime() - leaseMs);
    const retaken = await this.model.collection.updateOne({ _id: replyId, state: 'sending', updatedAt: { $lte: stale } } as never, { $set: { updatedAt: at }, $inc: { attempts: 1 } });
    if (retaken.modifiedCount === 1) return 'retaken';
    const current = await this.find(replyId);
    return current?.state === 'sending' ? 'in-flight' : 'done';
  }

  async finish(replyId: string, state: 'sent' | 'skipped', at: Date, reason?: string): Promise<void> {
    await this.model.updateOne({ _id: replyId }, { $set: { state, updatedAt: at, ...(reason ? { reason } : {}) } }).exec();
  }

  /** Gives a claim taken at `claimedAt` back (the mail was not sent); a claim taken over since then is left alone. */
  async release(replyId: string, claimedAt: Date): Promise<void> {
    await this.model.collection.deleteOne({ _id: replyId, state: 'sending', updatedAt: claimedAt } as never);
  }

  find(replyId: string): Promise<ReplyNoticeDoc | null> {
    return this.model.findById(replyId).lean<ReplyNoticeDoc>().exec();
  }
}
