import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, optional, storedSchema, trusted } from '@cp/service-kit';

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

export class SessionsRepository extends MongoRepository<SessionDoc> {
  constructor(conn: Connection) {
    super(conn, 'Session', sessionSchema);
  }
  async create(doc: SessionDoc): Promise<void> {
    await this.model.create(doc);
  }
  findActive(sid: string, now: Date): Promise<SessionDoc | null> {
    return this.model.findOne({ _id: sid, expire: trusted({ $gt: now }) }).lean<SessionDoc>().exec();
  }
  async listForUser(userId: string, session?: ClientSession): Promise<string[]> {
    const docs = await this.model.find({ 'sess.userId': userId }, { _id: 1 }, session ? { session } : {}).lean<{ _id: string }[]>().exec();
    return docs.map((d) => d._id);
  }
  async deleteForUser(userId: string, session?: ClientSession): Promise<void> {
    await this.model.deleteMany({ 'sess.userId': userId }, session ? { session } : {}).exec();
  }
}
