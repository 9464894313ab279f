import type { ClientSession, Connection, Model } from 'mongoose';
import { optional, storedSchema, trusted } from '@cp/service-kit';

/** Server-side sessions (spec §3 sessions: sid, sess, expire). A token is only honoured while its session exists. */
export interface SessionDoc {
  _id: string; // sid
  sess: { userId: string; rememberMe: boolean; createdAt: Date; userAgent?: string | undefined };
  expire: Date;
}

const sessionSchema = storedSchema<SessionDoc>('sessions', {
  _id: String,
  sess: {
    userId: String,
    rememberMe: Boolean,
    createdAt: Date,
    userAgent: optional(String),
  },
  expire: Date,
});
sessionSchema.index({ expire: 1 }, { expireAfterSeconds: 0 });
sessionSchema.index({ 'sess.userId': 1 });

export class SessionsRepository {
  readonly model: Model<SessionDoc>;
  constructor(conn: Connection) {
    this.model = conn.models.Session ?? conn.model<SessionDoc>('Session', sessionSchema);
  }
  async init(): Promise<void> {
    await this.model.createIndexes();
  }
  async create(doc: SessionDoc): Promise<void> {
    await this.model.create(doc);
  }
  findActive(sid: string, now: Date): Promise<SessionDoc | null> {
    return this.model.findOne({ _id: sid, expire: trusted({ $gt: now }) }).lean<SessionDoc>().exec();
  }
  async delete(sid: string, session?: ClientSession): Promise<SessionDoc | null> {
    return this.model.findOneAndDelete({ _id: sid }, session ? { session } : {}).lean<SessionDoc>().exec();
  }
  async listForUser(userId: string, session?: ClientSession): Promise<string[]> {
    const docs = await this.model.find({ 'sess.userId': userId }, { _id: 1 }, session ? { session } : {}).lean<{ _id: string }[]>().exec();
    return docs.map((d) => d._id);
  }
  async deleteForUser(userId: string, session?: ClientSession): Promise<void> {
    await this.model.deleteMany({ 'sess.userId': userId }, session ? { session } : {}).exec();
  }
}
