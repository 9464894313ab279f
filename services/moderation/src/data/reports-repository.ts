import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, nullable, storedSchema, withDefault } from '@cp/service-kit';
import type { ReportKind, ReportReason } from '@cp/contracts';

/** moderation_reports: one per user per item, ever (the unique key); `cycle`: the case's cycle it was filed in. */
export interface ReportDoc {
  _id: string;
  caseId: string;
  cycle: number;
  kind: ReportKind;
  itemId: string;
  reporterId: string;
  reporterName: string;
  reason: ReportReason;
  details: string | null;
  /** open until the case is decided. */
  status: 'open' | 'closed';
  /** Whether it counted towards hiding the item (a trusted reporter's: TRUSTED_REPORTER). */
  trusted: boolean;
  /** What the case's decision made of it: upheld (removed) or dismissed; null while open. */
  outcome: 'upheld' | 'dismissed' | null;
  createdAt: Date;
}

const reportSchema = storedSchema<ReportDoc>('moderation_reports', {
  _id: String,
  caseId: String,
  cycle: Number,
  kind: String,
  itemId: String,
  reporterId: String,
  reporterName: String,
  reason: String,
  details: nullable(String),
  status: String,
  trusted: withDefault(Boolean, false),
  outcome: nullable(String),
  createdAt: Date,
});
// One report per user per item: a second one is refused by this key, not by a read before the write.
reportSchema.index({ kind: 1, itemId: 1, reporterId: 1 }, { unique: true, name: 'one_per_reporter' });
// A case's reports of one cycle, newest first.
reportSchema.index({ caseId: 1, cycle: 1, createdAt: -1 }, { name: 'case_cycle' });
// A reporter's record: how many of their reports were dismissed and upheld.
reportSchema.index({ reporterId: 1, outcome: 1 }, { name: 'reporter_outcome' });

/** How many reports of a case the queue shows (the contract's ModerationCaseSchema: at most 50). */
export const REPORTS_SHOWN = 50;

export class ReportsRepository extends MongoRepository<ReportDoc> {
  constructor(conn: Connection) {
    super(conn, 'ModerationReport', reportSchema);
  }

  /** The case was decided: its open reports closed, with what the decision made of them. */
  async closeOfCase(caseId: string, outcome: 'upheld' | 'dismissed', session: ClientSession): Promise<void> {
    await this.model.updateMany({ caseId, status: 'open' }, { $set: { status: 'closed', outcome } }, { session }).exec();
  }

  /** How many of a reporter's reports were dismissed, and how many upheld. */
  async standing(reporterId: string): Promise<{ dismissed: number; upheld: number }> {
    const [dismissed, upheld] = await Promise.all([
      this.model.countDocuments({ reporterId, outcome: 'dismissed' }).exec(),
      this.model.countDocuments({ reporterId, outcome: 'upheld' }).exec(),
    ]);
    return { dismissed, upheld };
  }

  /** The newest reports (at most REPORTS_SHOWN) of each case's given cycle, by case id. */
  async newestOf(cases: Array<{ _id: string; cycle: number }>): Promise<Map<string, ReportDoc[]>> {
    const out = new Map<string, ReportDoc[]>();
    if (cases.length === 0) return out;
    const groups = await this.model
      .aggregate<{ _id: string; reports: ReportDoc[] }>([
        { $match: { $or: cases.map((c) => ({ caseId: c._id, cycle: c.cycle })) } },
        { $group: { _id: '$caseId', reports: { $topN: { n: REPORTS_SHOWN, sortBy: { createdAt: -1, _id: -1 }, output: '$$ROOT' } } } },
      ])
      .exec();
    for (const g of groups) out.set(g._id, g.reports);
    return out;
  }
}
