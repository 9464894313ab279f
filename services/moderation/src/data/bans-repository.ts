import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, nullable, storedSchema } from '@cp/service-kit';

/** moderation_bans: the users banned now (keyed by user id: banning twice meets the key); an unban deletes the record. */
export interface BanDoc {
  _id: string;
  username: string | null;
  reason: string;
  bannedBy: string;
  caseId: string | null;
  bannedAt: Date;
}

const banSchema = storedSchema<BanDoc>('moderation_bans', {
  _id: String,
  username: nullable(String),
  reason: String,
  bannedBy: String,
  caseId: nullable(String),
  bannedAt: Date,
});
banSchema.index({ bannedAt: -1, _id: -1 }, { name: 'newest' });

export class BansRepository extends MongoRepository<BanDoc> {
  constructor(conn: Connection) {
    super(conn, 'ModerationBan', banSchema);
  }

  /** Lifts a ban: the removed record (its username names the user in the audit log), or null when there was none. */
  remove(userId: string, session: ClientSession): Promise<BanDoc | null> {
    return this.deleteById(userId, session);
  }

  page(page: number, pageSize: number): Promise<{ items: BanDoc[]; total: number }> {
    return this.numberedPage({ bannedAt: -1, _id: -1 }, page, pageSize);
  }
}
