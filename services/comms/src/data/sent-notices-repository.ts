import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * sent_notices: the notices comms has mailed (notices.mail-requested), keyed `<source>:<noticeId>`, so a notice the
 * asking service asks for again, in another event, is mailed once. Kept 60 days: longer than any service asks again
 * for the same mail.
 */
export interface SentNoticeDoc {
  _id: string;
  userId: string;
  sentAt: Date;
}

export const SENT_NOTICE_TTL_S = 60 * 86_400;

const sentNoticeSchema = storedSchema<SentNoticeDoc>('sent_notices', { _id: String, userId: String, sentAt: Date });
sentNoticeSchema.index({ sentAt: 1 }, { name: 'sent_ttl', expireAfterSeconds: SENT_NOTICE_TTL_S });

export class SentNoticesRepository extends MongoRepository<SentNoticeDoc> {
  constructor(conn: Connection) {
    super(conn, 'SentNotice', sentNoticeSchema);
  }

  /**
   * Records the notice in `session`'s transaction; false when it was already recorded (mailed before). Two replicas
   * recording the same notice at once: the second one's write conflicts and its transaction is retried, and then sees it.
   */
  async record(key: string, userId: string, at: Date, session: ClientSession): Promise<boolean> {
    const res = await this.model.updateOne({ _id: key }, { $setOnInsert: { userId, sentAt: at } }, { upsert: true, session }).exec();
    return res.upsertedCount === 1;
  }
}
