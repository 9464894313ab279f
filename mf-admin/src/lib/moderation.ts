import {
  REPORT_KIND_LABELS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ModerationAction,
  type ModerationCase,
  type ModerationCaseStatus,
  type ModerationLogEntry,
  type ReportReason,
} from '@cp/contracts';

/** How the audit log names each action. */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  'auto-hide': 'Hidden automatically',
  dismiss: 'Dismissed',
  remove: 'Removed',
  ban: 'Banned',
  unban: 'Unbanned',
};

/** How the queue names a case's status: reported items are still visible until enough reporters hide them. */
export const CASE_STATUS_LABELS: Record<ModerationCaseStatus, string> = {
  open: 'Visible',
  hidden: 'Hidden',
  dismissed: 'Dismissed',
  removed: 'Removed',
};

export const confirmBan = (name: string) => `Ban ${name}? Their sessions end at once and all their content is hidden until they are unbanned.`;

/** A reason's label; a stored reason that is not one of ours (a ban's free text) as it is. */
export function reasonLabel(reason: string): string {
  return (REPORT_REASONS as readonly string[]).includes(reason) ? REPORT_REASON_LABELS[reason as ReportReason] : reason;
}

/** The reason a Remove starts with: the one most reporters gave (the service lists the counts). */
export function topReason(c: Pick<ModerationCase, 'reasons'>): ReportReason {
  const [top] = [...c.reasons].sort((a, b) => b.count - a.count);
  return top?.reason ?? 'spam';
}

/** The number of pages of a paged answer (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The author's name for the queue: their name, or a placeholder when the owner service knows none. */
export function authorText(c: Pick<ModerationCase, 'content'>): string {
  return c.content.authorName ?? 'Unknown author';
}

/** "Forum post 'Title'" or "user priya": what an audit log line acted on. */
export function logTarget(entry: ModerationLogEntry): string {
  // A ban names its user (even when decided from a reported item); the rest name their item by its title.
  if (entry.action === 'ban' || entry.action === 'unban') return `User ${entry.subject ?? entry.userId ?? ''}`.trim();
  if (entry.kind) return `${REPORT_KIND_LABELS[entry.kind]} ${entry.subject ? `“${entry.subject}”` : (entry.itemId ?? '')}`.trim();
  if (entry.userId) return `User ${entry.subject ?? entry.userId}`;
  return '';
}

/** Who acted: the admin's name, or the system for the automatic hiding. */
export function logActor(entry: ModerationLogEntry): string {
  if (entry.actorId === null) return 'System';
  return entry.actorName ?? entry.actorId;
}

/** Why: the reason (a report reason's label) and the note, whichever were given. */
export function logWhy(entry: ModerationLogEntry): string {
  return [entry.reason ? reasonLabel(entry.reason) : null, entry.note].filter(Boolean).join(' — ');
}
