import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository, nullable, storedSchema, trusted, withDefault } from '@cp/service-kit';
import { REPORT_REASONS, type ContentSnapshot, type ModerationCaseStatus, type ReportKind, type ReportReason } from '@cp/contracts';

/**
 * moderation_cases: one per reported item (kind, itemId). `cycle` counts the times it was reported anew after a
 * dismissal; `reportCount` and `reasons` count the distinct reporters of the current cycle. `content` is the owner's
 * latest snapshot of the item (refreshed at every report).
 */
export interface CaseDoc {
  _id: string;
  kind: ReportKind;
  itemId: string;
  status: ModerationCaseStatus;
  content: ContentSnapshot;
  cycle: number;
  reportCount: number;
  /** Of those, the trusted reporters' (TRUSTED_REPORTER): only they count towards hiding the item. */
  trustedCount: number;
  reasons: Record<ReportReason, number>;
  firstReportedAt: Date;
  lastReportedAt: Date;
  hiddenAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
}

export const PENDING_STATUSES: ModerationCaseStatus[] = ['open', 'hidden'];
export const CLOSED_STATUSES: ModerationCaseStatus[] = ['dismissed', 'removed'];

const zeroReasons = (): Record<ReportReason, number> => Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;

const caseSchema = storedSchema<CaseDoc>(
  'moderation_cases',
  {
    _id: String,
    kind: String,
    itemId: String,
    status: String,
    content: { type: Schema.Types.Mixed, required: true },
    cycle: Number,
    reportCount: Number,
    trustedCount: withDefault(Number, 0),
    reasons: Object.fromEntries(REPORT_REASONS.map((r) => [r, withDefault(Number, 0)])),
    firstReportedAt: Date,
    lastReportedAt: Date,
    hiddenAt: nullable(Date),
    decidedAt: nullable(Date),
    decidedBy: nullable(String),
  },
  { minimize: false },
);
// One case per item: concurrent first reports of an item meet on this key.
caseSchema.index({ kind: 1, itemId: 1 }, { unique: true, name: 'item' });
// The queue: pending cases by number of reports, then newest report.
caseSchema.index({ status: 1, reportCount: -1, lastReportedAt: -1, _id: -1 }, { name: 'queue' });
// The decided cases, newest decision first.
caseSchema.index({ status: 1, decidedAt: -1, _id: -1 }, { name: 'decided' });

const opts = (session?: ClientSession) => (session ? { session } : {});

export class CasesRepository extends MongoRepository<CaseDoc> {
  constructor(conn: Connection) {
    super(conn, 'ModerationCase', caseSchema);
  }

  findByItem(kind: ReportKind, itemId: string, session?: ClientSession): Promise<CaseDoc | null> {
    return this.model.findOne({ kind, itemId }, null, opts(session)).lean<CaseDoc>().exec();
  }

  /** The item's case, made (open, no report yet) when it has none. */
  async upsertForItem(id: string, content: ContentSnapshot, now: Date, session: ClientSession): Promise<CaseDoc> {
    const doc = await this.model
      .findOneAndUpdate(
        { kind: content.kind, itemId: content.itemId },
        {
          $setOnInsert: {
            _id: id,
            status: 'open',
            cycle: 1,
            reportCount: 0,
            trustedCount: 0,
            reasons: zeroReasons(),
            firstReportedAt: now,
            lastReportedAt: now,
            hiddenAt: null,
            decidedAt: null,
            decidedBy: null,
          },
        },
        { upsert: true, returnDocument: 'after', session },
      )
      .lean<CaseDoc>()
      .exec();
    return doc!;
  }

  /** A dismissed case reported by someone new: a new cycle, open, its counts from zero. Null when it was not dismissed. */
  reopen(id: string, now: Date, session: ClientSession): Promise<CaseDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, status: 'dismissed' },
        { $set: { status: 'open', reportCount: 0, trustedCount: 0, reasons: zeroReasons(), firstReportedAt: now, hiddenAt: null, decidedAt: null, decidedBy: null }, $inc: { cycle: 1 } },
        { returnDocument: 'after', session },
      )
      .lean<CaseDoc>()
      .exec();
  }

  /** One more distinct reporter (a trusted one counted apart too), counted with $inc: exact however many report at once. */
  countReport(id: string, reason: ReportReason, trustedReporter: boolean, content: ContentSnapshot, now: Date, session: ClientSession): Promise<CaseDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id }, { $inc: { reportCount: 1, trustedCount: trustedReporter ? 1 : 0, [`reasons.${reason}`]: 1 }, $set: { lastReportedAt: now, content } }, { returnDocument: 'after', session })
      .lean<CaseDoc>()
      .exec();
  }

  /** open → hidden, once: true only for the call that changed it. */
  async hide(id: string, now: Date, session: ClientSession): Promise<boolean> {
    const res = await this.model.updateOne({ _id: id, status: 'open' }, { $set: { status: 'hidden', hiddenAt: now } }, { session }).exec();
    return res.modifiedCount === 1;
  }

  /** A pending case (open or hidden) decided: the case as it was before, or null when it was not pending. */
  decide(id: string, status: 'dismissed' | 'removed', by: string, now: Date, session: ClientSession): Promise<CaseDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, status: trusted({ $in: PENDING_STATUSES }) }, { $set: { status, decidedAt: now, decidedBy: by } }, { returnDocument: 'before', session })
      .lean<CaseDoc>()
      .exec();
  }

  /** A page of the queue (pending: by reports, then newest report) or of the decided cases (newest decision first). */
  async page(which: 'pending' | 'closed', page: number, pageSize: number): Promise<{ items: CaseDoc[]; total: number }> {
    const filter = which === 'pending' ? { status: trusted({ $in: PENDING_STATUSES }), reportCount: trusted({ $gt: 0 }) } : { status: trusted({ $in: CLOSED_STATUSES }) };
    const sort: Record<string, 1 | -1> = which === 'pending' ? { reportCount: -1, lastReportedAt: -1, _id: -1 } : { decidedAt: -1, _id: -1 };
    const [items, total] = await Promise.all([
      this.model.find(filter).sort(sort).skip((page - 1) * pageSize).limit(pageSize).lean<CaseDoc[]>().exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }

  async any(): Promise<boolean> {
    return (await this.model.countDocuments({}, { limit: 1 }).exec()) > 0;
  }
}
