import { REPORT_REASONS, type BannedUser, type ModerationCase, type ModerationLogEntry, type Report } from '@cp/contracts';
import type { BanDoc } from './bans-repository.ts';
import type { CaseDoc } from './cases-repository.ts';
import type { LogDoc } from './audit-log-repository.ts';
import type { ReportDoc } from './reports-repository.ts';

export function toReport(doc: ReportDoc): Report {
  return { id: doc._id, reporterId: doc.reporterId, reporterName: doc.reporterName, reason: doc.reason, details: doc.details, createdAt: doc.createdAt.toISOString() };
}

/** A case for the admin queue: counts by reason (most first), its current cycle's newest reports. */
export function toCase(doc: CaseDoc, reports: ReportDoc[]): ModerationCase {
  const reasons = REPORT_REASONS.map((reason) => ({ reason, count: doc.reasons[reason] ?? 0 }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
  return {
    id: doc._id,
    kind: doc.kind,
    itemId: doc.itemId,
    status: doc.status,
    content: doc.content,
    reportCount: doc.reportCount,
    reasons,
    reports: reports.map(toReport),
    firstReportedAt: doc.firstReportedAt.toISOString(),
    lastReportedAt: doc.lastReportedAt.toISOString(),
    decidedAt: doc.decidedAt ? doc.decidedAt.toISOString() : null,
  };
}

export function toLogEntry(doc: LogDoc): ModerationLogEntry {
  return {
    id: doc._id,
    action: doc.action,
    actorId: doc.actorId,
    actorName: doc.actorName,
    caseId: doc.caseId,
    kind: doc.kind,
    itemId: doc.itemId,
    userId: doc.userId,
    reason: doc.reason,
    note: doc.note,
    subject: doc.subject ?? null,
    at: doc.at.toISOString(),
  };
}

export function toBannedUser(doc: BanDoc): BannedUser {
  return { userId: doc._id, username: doc.username, reason: doc.reason, bannedBy: doc.bannedBy, bannedAt: doc.bannedAt.toISOString() };
}
