import { Schema, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/**
 * One notice per forum reply to its post's author. `sending` is written (and committed) before the mail goes out,
 * `sent` or `skipped` after: a redelivered event, or one delivered again after a restart, finds the notice and sends
 * nothing again.
 */
export interface ReplyNoticeDoc {
  _id: string; // the reply's id
  postId: string;
  state: 'sending' | 'sent' | 'skipped';
  reason?: string | undefined;
  updatedAt: Date;
}

const schema = new Schema<ReplyNoticeDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    state: { type: String, required: true },
    reason: String,
    updatedAt: { type: Date, required: true },
  },
  { collection: 'reply_notices', versionKey: false, strict: 'throw' },
);

export class ReplyNoticesRepository extends MongoRepository<ReplyNoticeDoc> {
  constructor(conn: Connection) {
    super(conn, 'ReplyNotice', schema);
  }

  /** Claims the notice of a reply (committed at once, outside any transaction): true for the first claim only. */
  async claim(replyId: string, postId: string, at: Date): Promise<boolean> {
    const result = await this.model.collection.updateOne({ _id: replyId } as never, { $setOnInsert: { postId, state: 'sending', updatedAt: at } }, { upsert: true });
    return result.upsertedCount === 1;
  }

  async finish(replyId: string, state: 'sent' | 'skipped', at: Date, reason?: string): Promise<void> {
    await this.model.updateOne({ _id: replyId }, { $set: { state, updatedAt: at, ...(reason ? { reason } : {}) } }).exec();
  }

  find(replyId: string): Promise<ReplyNoticeDoc | null> {
    return this.model.findById(replyId).lean<ReplyNoticeDoc>().exec();
  }
}
