import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * sent_notices: the notice mails this service asked comms for, by noticeId (`reminder.<userId>.<date>`,
 * `change.<listingId>.<ms>.<userId>`), written in the transaction that emits the request: a reminder run or an event
 * handled again asks for nothing twice. Kept 60 days.
 */
export interface SentNoticeDoc {
  _id: string;
  sentAt: Date;
}

const schema = storedSchema<SentNoticeDoc>('sent_notices', { _id: String, sentAt: Date });
schema.index({ sentAt: 1 }, { expireAfterSeconds: 60 * 86_400 });

export class SentNoticesRepository extends MongoRepository<SentNoticeDoc> {
  constructor(conn: Connection) {
    super(conn, 'SentNotice', schema);
  }

  /** Records the notice in `session`'s transaction; false when it was already sent. */
  async claim(noticeId: string, at: Date, session: ClientSession): Promise<boolean> {
    const res = await this.model.collection.updateOne({ _id: noticeId } as never, { $setOnInsert: { sentAt: at } }, { upsert: true, session });
    return res.upsertedCount === 1;
  }
}
