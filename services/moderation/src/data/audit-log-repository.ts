import { Schema, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';
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

const logSchema = new Schema<LogDoc>(
  {
    _id: { type: String, required: true },
    action: { type: String, required: true },
    actorId: { type: String, default: null },
    actorName: { type: String, default: null },
    caseId: { type: String, default: null },
    kind: { type: String, default: null },
    itemId: { type: String, default: null },
    userId: { type: String, default: null },
    reason: { type: String, default: null },
    note: { type: String, default: null },
    subject: { type: String, default: null },
    at: { type: Date, required: true },
  },
  { collection: 'moderation_log', versionKey: false, strict: 'throw' },
);
logSchema.index({ at: -1, _id: -1 }, { name: 'newest' });

export class AuditLogRepository extends MongoRepository<LogDoc> {
  constructor(conn: Connection) {
    super(conn, 'ModerationLogEntry', logSchema);
  }

  async page(page: number, pageSize: number): Promise<{ items: LogDoc[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model.find({}).sort({ at: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<LogDoc[]>().exec(),
      this.model.estimatedDocumentCount().exec(),
    ]);
    return { items, total };
  }
}
