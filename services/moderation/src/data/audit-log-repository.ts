import type { Connection } from 'mongoose';
import { MongoRepository, nullable, storedSchema } from '@cp/service-kit';
import type { ModerationAction, ReportKind } from '@cp/contracts';

/** moderation_log: every moderation action, who (null: the system), what, to what, when and why. Never changed. */
export interface LogDoc {
  _id: string;
  action: ModerationAction;
  actorId: string | null;
  actorName: string | null;
  caseId: string | null;
  kind: ReportKind | null;
  itemId: string | null;
  userId: string | null;
  reason: string | null;
  note: string | null;
  /** What it was done to, as people read it: the item's title, or the user's name (absent on older lines). */
  subject?: string | null;
  at: Date;
}

const logSchema = storedSchema<LogDoc>('moderation_log', {
  _id: String,
  action: String,
  actorId: nullable(String),
  actorName: nullable(String),
  caseId: nullable(String),
  kind: nullable(String),
  itemId: nullable(String),
  userId: nullable(String),
  reason: nullable(String),
  note: nullable(String),
  subject: nullable(String),
  at: Date,
});
logSchema.index({ at: -1, _id: -1 }, { name: 'newest' });

export class AuditLogRepository extends MongoRepository<LogDoc> {
  constructor(conn: Connection) {
    super(conn, 'ModerationLogEntry', logSchema);
  }

  page(page: number, pageSize: number): Promise<{ items: LogDoc[]; total: number }> {
    return this.numberedPage({ at: -1, _id: -1 }, page, pageSize);
  }
}
