import { ContentRestored, DismissCaseBodySchema, type ModerationCase } from '@cp/contracts';
import { jsonObject, runInTransaction, type AuthUser } from '@cp/service-kit';
import { toCase } from '../data/moderation-mapper.ts';
import { audit } from './audit.ts';
import { caseIdOf, undecidable } from './case-rules.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * POST /api/admin/moderation/cases/:id/dismiss: the reports were unfounded. The case is dismissed and its reports
 * closed; a hidden item is visible again (content-restored: only when it was hidden, so the owners have something to
 * undo). With an audit line, in one transaction. A case already decided: 409.
 */
export async function dismissCase(deps: ModerationDeps, admin: AuthUser, rawId: string, body: unknown): Promise<ModerationCase> {
  const caseId = caseIdOf(rawId);
  const input = DismissCaseBodySchema.parse(jsonObject(body ?? {}));
  const now = deps.now();
  const before = await runInTransaction(deps.conn, async (session, emit) => {
    const was = await deps.cases.decide(caseId, 'dismissed', admin.id, now, session);
    if (!was) return null;
    await deps.reports.closeOfCase(caseId, 'dismissed', session);
    if (was.status === 'hidden') await emit(ContentRestored, { caseId, kind: was.kind, itemId: was.itemId, authorId: was.content.authorId });
    await audit(deps, admin, { action: 'dismiss', caseId, kind: was.kind, itemId: was.itemId, userId: was.content.authorId, subject: was.content.title, note: input.note ?? null }, now, session);
    return was;
  });
  if (!before) return undecidable(deps, caseId);
  const reports = await deps.reports.newestOf([before]);
  return toCase({ ...before, status: 'dismissed', decidedAt: now, decidedBy: admin.id }, reports.get(caseId) ?? []);
}
